import Foundation
import Testing

/// `--id FIELDS` in tmux: a table whose one column changes is refreshed as changed rows (`~`,
/// the changed characters in reverse video, `N changed`), not as new and gone ones, and the
/// selection stays on its item; the README's `ps` example; bad `--id`/`--delimiter` values.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct IdentityEndToEndTests {
    /// A `pid name counter` table: each run adds one to a counter kept in a state file, and
    /// every third row shows it (the others are the same every run): 13 of its 40 rows.
    static let table = """
        n=$(cat runs 2>/dev/null || echo 0); n=$((n + 1)); echo $n > runs
        echo 'PID NAME COUNTER'
        for i in $(seq 1 40); do
          c=$i; [ $((i % 3)) = 0 ] && c=$((n * 100 + i))
          echo "$((100 + i)) proc$i $c"
        done
        """

    func session(_ arguments: [String]) throws -> HardeningSession {
        let directory = HardeningSession.makeDirectory()
        _ = HardeningSession.fixture("table.sh", in: directory, Array(Self.table.utf8))
        return try HardeningSession(arguments + ["--command", "sh table.sh"], directory: directory)
    }

    @Test func aRefreshMarksTheRowsWhoseCounterChanged() throws {
        let session = try session(["--header-lines", "1", "--id", "1"])
        defer { try? FileManager.default.removeItem(atPath: session.directory) }
        try session.tmux.waitFor("106 proc6 106")
        #expect(session.screenLines()[1].trimmingCharacters(in: .whitespaces) == "PID NAME COUNTER")
        for _ in 0..<5 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("the selection on 106") { _ in session.selectedText() == "106 proc6 106" }

        session.tmux.sendKeys("r")
        let screen = try session.tmux.waitFor("13 changed")
        #expect(!screen.contains("new item") && !screen.contains("gone"), "no new/gone noise: \(screen)")
        #expect(session.selectedText() == "106 proc6 206", "the selection stays on its item: \(screen)")
        let lines = session.screenLines()
        #expect(lines.contains("~103 proc3 203") && lines.contains("~109 proc9 209"), "\(screen)")
        #expect(lines.contains(" 105 proc5 5"), "an unchanged row is not marked: \(screen)")
        #expect(!lines.contains { $0.hasPrefix("+") }, "\(screen)")
        // The changed characters (the counter's hundreds) are in reverse video, the rest not.
        let styled = session.tmux.captureStyled().components(separatedBy: "\n")
        let row = try #require(styled.first { $0.contains("103 proc3") }, "\(styled)")
        #expect(row.contains("\u{1B}[7m2"), "\(row.debugDescription)")
        let plain = try #require(styled.first { $0.contains("105 proc5") }, "\(styled)")
        #expect(!plain.contains("\u{1B}[7m"), "\(plain.debugDescription)")

        // Home goes to the first changed row, when it is above the view.
        for _ in 0..<30 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("the selection on 136") { _ in session.selectedText() == "136 proc36 236" }
        session.tmux.sendKeys("Home")
        try session.tmux.waitUntil("the selection on 103") { _ in session.selectedText() == "103 proc3 203" }
    }

    @Test func everyRefreshesAsChangedRows() throws {
        let session = try session(["--every", "1", "--header-lines", "1", "--id", "1..2"])
        defer { try? FileManager.default.removeItem(atPath: session.directory) }
        try session.tmux.waitFor("40 items")
        let screen = try session.tmux.waitFor("13 changed", timeout: 8)
        #expect(!screen.contains("new item") && !screen.contains("gone"), "\(screen)")
        #expect(screen.contains("~106 proc6 "), "\(screen)")
    }

    /// Without `--id`, a changed row is still new and gone, as before.
    @Test func withoutIdTheWholeLineIsTheIdentity() throws {
        let session = try session(["--header-lines", "1"])
        defer { try? FileManager.default.removeItem(atPath: session.directory) }
        try session.tmux.waitFor("106 proc6 106")
        session.tmux.sendKeys("r")
        let screen = try session.tmux.waitFor("13 new items · 13 gone")
        #expect(screen.contains("+106 proc6 206"), "\(screen)")
    }

    /// The README's example, as written.
    @Test func theReadmePsExample() throws {
        let session = try HardeningSession(["--every", "2", "--header-lines", "1", "--id", "1", "--command", "ps -eo pid,comm,etimes,time"])
        let first = try session.tmux.waitFor("PID COMMAND")
        #expect(first.contains("ELAPSED"), "\(first)")
        // Every process's elapsed seconds grow: the refresh counts them changed, not new.
        let screen = try session.tmux.waitFor(" changed", timeout: 10)
        let status = session.screenLines().last ?? ""
        #expect(screen.contains("~"), "\(screen)")
        let changed = status.split(separator: " ").firstIndex { $0 == "changed" }.flatMap { i -> Int? in
            let words = status.split(separator: " ")
            return i > 0 ? Int(words[i - 1].replacingOccurrences(of: ",", with: "")) : nil
        }
        #expect((changed ?? 0) >= 3, "most processes are changed: \(status)")
    }

    @Test func badIdAndDelimiterAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--id", "0"], "--id '0': fields are counted from 1"),
            (["--id", "a"], "--id 'a' is not a field"),
            (["--id", ""], "--id is empty"),
            (["--id", "3..1"], "--id '3..1' selects no field"),
            (["--id", "1,,2"], "empty item"),
            (["--id", "1", "--delimiter", ""], "--delimiter cannot be empty"),
        ]
        for (arguments, says) in cases {
            let result = try PullFeedCommandLineTests().run(arguments + ["--command", "true"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("pullfeed: ") && result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let fromDefaults = try PullFeedCommandLineTests().run(
            ["--command", "true"], environment: ["PATH": path, "TERM": "xterm-256color", "PULLFEED_DEFAULT_OPTS": "--id x"])
        #expect(fromDefaults.status == 2 && fromDefaults.stderr.contains("PULLFEED_DEFAULT_OPTS: --id 'x' is not a field"),
                "\(fromDefaults.stderr)")
        // Each of the variable and the command line may give one of --id and --delimiter: the
        // options pass, and the run stops only for want of a terminal (exit 1, not 2).
        let split = try PullFeedCommandLineTests().run(
            ["--id", "2", "--command", "true"], environment: ["PATH": path, "TERM": "xterm-256color", "PULLFEED_DEFAULT_OPTS": "--delimiter :"],
            newSession: true)
        #expect(split.status == 1 && !split.stderr.contains("--"), "\(split.status) \(split.stderr)")
        let help = try PullFeedCommandLineTests().run(["--help"])
        #expect(help.stdout.contains("--id <fields>") && help.stdout.contains("--delimiter <str>"))
    }
}
