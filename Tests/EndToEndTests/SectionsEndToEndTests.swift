import Foundation
import Testing

/// `--section-by REGEX` in tmux, with the README's examples: a `git log`-like file grouped by
/// day (headers with counts, fold, the sticky header), a journalctl-like stream grouped by
/// service while its lines arrive through a pipe, a `ps`-like table refreshed with `--every`
/// and `--id 1` grouped by user; bad patterns are usage errors.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SectionsEndToEndTests {
    /// `git log --date=short --format='%ad %h %s'`: 3 days of 12 commits each, newest first.
    static let gitLog: String = (0..<36).map { i in
        String(format: "2026-11-%02d %07x commit number %d", 26 - i / 12, 0xabc0000 + i, 36 - i)
    }.joined(separator: "\n") + "\n"

    @Test func aGitLogGroupedByDay() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("log.txt", in: directory, Array(Self.gitLog.utf8))
        let session = try HardeningSession(["--section-by", #"^(\S+)"#, "log.txt"], directory: directory)
        let screen = try session.tmux.waitFor("▾ 2026-11-26 · 12 lines")
        #expect(session.screenLines()[1] == " ▾ 2026-11-26 · 12 lines", "\(screen)")
        #expect(session.selectedText() == "2026-11-26 abc0000 commit number 36")
        // The sticky header: scrolled into the day's commits, its header stays on top.
        for _ in 0..<30 { session.tmux.sendKeys("Down") }
        try session.tmux.waitUntil("the selection on commit 6") { _ in session.selectedText()?.hasSuffix("commit number 6") == true }
        // 3 headers and 30 commits down, the top row is a commit of the 26th, under its header.
        #expect(session.screenLines()[1] == " ▾ 2026-11-26 · 12 lines", "\(session.screenLines())")
        #expect(!session.screenLines().contains { $0.contains("commit number 36") }, "\(session.screenLines())")
        // `o` folds the selected row's section and selects its header; Z unfolds all.
        session.tmux.sendKeys("o")
        try session.tmux.waitUntil("the folded header selected") { _ in session.selectedText() == "▸ 2026-11-24 · 12 lines" }
        session.tmux.sendKeys("Home")
        session.tmux.sendKeys("z")
        let folded = try session.tmux.waitFor("▸ 2026-11-25 · 12 lines")
        #expect(folded.contains("▾ 2026-11-26") && folded.contains("▸ 2026-11-24"), "\(folded)")
        session.tmux.sendKeys("Z")
        try session.tmux.waitUntil("all open") { !$0.contains("▸") }
        // Enter prints a line (never a header).
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
    }

    @Test func aJournalGroupedByServiceWhileLinesArrive() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = """
            for i in 1 2 3; do echo "Nov 26 12:00:0$i nginx[10$i]: GET /$i"; done
            echo "Nov 26 12:00:04 sshd[22]: Accepted key"
            echo "-- Boot 42 --"
            while [ ! -e more ]; do sleep 0.1; done
            echo "Nov 26 12:00:05 cron[7]: job ran"
            echo "Nov 26 12:00:06 nginx[104]: GET /4"
            sleep 600
            """
        _ = HardeningSession.fixture("journal.sh", in: directory, Array(journal.utf8))
        let session = try HardeningSession(["--section-by", #"^\S+ \S+ \S+ (\S+?)\["#], directory: directory, prefix: "sh journal.sh |")
        let screen = try session.tmux.waitFor("▾ Other · 1 line")
        let lines = session.screenLines()
        #expect(lines[1] == " ▾ nginx · 3 lines", "\(screen)")
        #expect(lines.contains(" ▾ sshd · 1 line") && lines.contains(" -- Boot 42 --"), "\(screen)")
        _ = FileManager.default.createFile(atPath: directory + "/more", contents: nil)
        let grown = try session.tmux.waitFor("▾ nginx · 4 lines  +1")
        #expect(grown.contains("▾ cron · 1 line  +1"), "a new section, in arrival order: \(grown)")
        let order = session.screenLines().filter { $0.contains("▾") }
        #expect(order == [" ▾ nginx · 4 lines  +1", " ▾ sshd · 1 line", " ▾ cron · 1 line  +1", " ▾ Other · 1 line"], "\(order)")
        #expect(session.screenLines()[5] == " Nov 26 12:00:06 nginx[104]: GET /4", "lines keep source order in their section")
    }

    @Test func aProcessTableGroupedByUserRefreshedEverySecond() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let table = """
            n=$(cat runs 2>/dev/null || echo 0); n=$((n + 1)); echo $n > runs
            echo 'PID USER ELAPSED'
            for i in $(seq 1 6); do u=root; [ $((i % 2)) = 0 ] && u=www; echo "$((100 + i)) $u $((n * 10 + i))"; done
            """
        _ = HardeningSession.fixture("ps.sh", in: directory, Array(table.utf8))
        let session = try HardeningSession(["--every", "1", "--header-lines", "1", "--id", "1", "--section-by", #"^\S+ (\S+)"#,
                                            "--command", "sh ps.sh"], directory: directory)
        let screen = try session.tmux.waitFor("6 changed", timeout: 8)
        let lines = session.screenLines()
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "PID USER ELAPSED", "the header line is not grouped: \(screen)")
        #expect(lines[2] == " ▾ root · 3 lines" || lines[2].hasPrefix(" ▾ root · 3 lines"), "\(screen)")
        #expect(lines.contains { $0.hasPrefix(" ▾ www · 3 lines") }, "\(screen)")
        #expect(lines.contains { $0.hasPrefix("~103 root ") }, "changed rows are marked in their section: \(screen)")
        #expect(!screen.contains("new item"), "\(screen)")
    }

    @Test func badPatternsAreUsageErrors() throws {
        let cases: [(String, String)] = [
            ("(", "--section-by '(' is not a usable regular expression"),
            ("x*", "matches the empty text"),
            ("", "the pattern is empty"),
            (#"(a)\1"#, "back-references"),
        ]
        for (pattern, says) in cases {
            let result = try PullFeedCommandLineTests().run(["--section-by", pattern, "--command", "true"])
            #expect(result.status == 2, "\(pattern)")
            #expect(result.stderr.hasPrefix("pullfeed: ") && result.stderr.contains(says), "\(pattern): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let help = try PullFeedCommandLineTests().run(["--help"])
        #expect(help.stdout.contains("--section-by <regex>"))
    }
}
