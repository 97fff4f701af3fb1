import Foundation
import Testing

/// The view stays where the user put it: a refresh nobody pulled for moves no row, a file
/// rewritten under the reader keeps the line read, a match found off screen comes in with the
/// lines after it, and what the status line and the counts say is the same everywhere. Each
/// test drives the built binary in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SteadyViewTests {
    /// The screen line the selected row is on, if one shows selected.
    func selectedLine(_ lines: [String]) -> Int? {
        lines.firstIndex { $0.hasPrefix("›") }
    }

    /// A dashboard (`--every`, a command that takes most of the interval): while each run
    /// goes, the selected row stays on its line (the header's rows never push it down), the
    /// status line shows the refresh, and the title says when the data was last refreshed.
    /// The same for `r`.
    @Test func aRefreshNobodyPulledForMovesNoRow() throws {
        let session = try HardeningSession([
            "--every", "1", "--header-lines", "1", "--id", "1",
            "--command", "sleep 0.8; printf 'PID CMD\\n1 init\\n2 shell\\n3 editor\\n'",
        ])
        try session.tmux.waitFor("3 items", timeout: 15)
        let first = session.screenLines()
        let line = try #require(selectedLine(first), "a selected row: \(first)")
        #expect(first[line].contains("1 init"))
        var sawLoading = false
        var updated: String?
        var moved: [String]?
        let deadline = Date().addingTimeInterval(3.5)
        while Date() < deadline {
            let lines = session.screenLines()
            if moved == nil, selectedLine(lines) != line || lines.contains(where: { $0.contains("Last updated") }) { moved = lines }
            if lines.last?.contains("Loading...") == true { sawLoading = true }
            if let range = lines[0].range(of: #"updated \d\d:\d\d:\d\d"#, options: .regularExpression) { updated = String(lines[0][range]) }
            usleep(30_000)
        }
        #expect(moved == nil, "the header showed and moved the selected row:\n\((moved ?? []).joined(separator: "\n"))")
        #expect(sawLoading, "the status line never showed the refresh")
        #expect(updated != nil, "the title never said when the data was refreshed: \(session.screenLines()[0])")
        session.tmux.sendKeys("p")
        try session.tmux.waitUntil("the schedule paused and the run over") { $0.contains("paused") && !$0.contains("Loading...") }
        session.tmux.sendKeys("r")
        var movedByKey: [String]?
        for _ in 0..<20 {
            let lines = session.screenLines()
            if movedByKey == nil, selectedLine(lines) != line { movedByKey = lines }
            usleep(30_000)
        }
        #expect(movedByKey == nil, "r moved the selected row:\n\((movedByKey ?? []).joined(separator: "\n"))")
    }

    /// A pull is the user's own gesture: it still shows the header, and the rows follow it.
    @Test func aPullStillShowsTheHeader() throws {
        let session = try HardeningSession(["--command", "sleep 0.5; seq 5"])
        try session.tmux.waitFor("5 items", timeout: 15)
        session.tmux.sendKeys("Up")
        session.tmux.sendKeys("Up")
        try session.tmux.waitFor("Release to refresh")
        let screen = try session.tmux.waitUntil("the parked header") { $0.contains("Loading...") && $0.contains("Last updated") }
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[1].contains("Loading..."), "the header parks under the title: \(screen)")
        try session.tmux.waitUntil("the pull's refresh to end") { $0.contains("No new items") && !$0.contains("Last updated") }
    }

    /// `cat new > f` and `mv new f` while reading line 500: the reload keeps the line read (by
    /// its text when it is still there, else by its number), as `r` does.
    @Test func aFileRewrittenOrReplacedKeepsThePlace() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let lines = (1...900).map { "line \($0)\n" }.joined()
        let path = HardeningSession.fixture("log.txt", in: directory, Array(lines.utf8))
        let session = try HardeningSession([path], directory: directory)
        try session.tmux.waitFor("900 items")
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("^line 500$", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil("line 500 selected") { _ in session.selectedText() == "line 500" }
        let row = try #require(selectedLine(session.screenLines()))

        // Rewritten in place, two lines put before: the same line is found by its text.
        let rewritten = "new a\nnew b\n" + lines
        _ = HardeningSession.fixture("new.txt", in: directory, Array(rewritten.utf8))
        try shell("cat new.txt > log.txt", in: directory)
        try session.tmux.waitFor("902 items")
        try session.tmux.waitUntil("the place kept after the rewrite") { _ in session.selectedText() == "line 500" }
        #expect(selectedLine(session.screenLines()) == row)

        // Replaced by another file whose lines all differ: the same line number (the 502nd).
        let other = (1...902).map { "row \($0)\n" }.joined()
        _ = HardeningSession.fixture("other.txt", in: directory, Array(other.utf8))
        try shell("mv other.txt log.txt", in: directory)
        try session.tmux.waitFor("File was replaced")
        try session.tmux.waitUntil("the line number kept after the replacement") { _ in session.selectedText() == "row 502" }
        #expect(selectedLine(session.screenLines()) == row)
    }

    /// Runs `command` with `sh -c` in `directory` and waits for it.
    func shell(_ command: String, in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command) failed")
    }

    /// A match found below the screen comes in near the top with the lines after it in view
    /// (as `less` shows it), not on the last row.
    @Test func aMatchFoundOffScreenShowsTheLinesAfterIt() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HardeningSession.fixture("numbers.txt", in: directory, Array((1...999).map { "\($0)\n" }.joined().utf8))
        let session = try HardeningSession([path], directory: directory)
        try session.tmux.waitFor("999 items")
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("^500$", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil("500 selected") { _ in session.selectedText() == "500" }
        let lines = session.screenLines()
        let row = try #require(selectedLine(lines))
        #expect(row <= 4, "the match is not near the top:\n\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "515" }, "the lines after the match are not in view")
        // Another match further down: the same.
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("^900$", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil("900 selected") { _ in session.selectedText() == "900" }
        #expect((selectedLine(session.screenLines()) ?? 99) <= 4)
    }

    /// Every status message goes after the same few seconds as a toast, without a key:
    /// "Pattern not found" too.
    @Test func aSearchMessageGoesByItself() throws {
        let session = try HardeningSession(["--command", "seq 20"])
        try session.tmux.waitFor("20 items")
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("zqxj", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("Pattern not found: zqxj")
        let shown = Date()
        try session.tmux.waitUntil(timeout: 8, "the message to go") { !$0.contains("Pattern not found") }
        #expect(Date().timeIntervalSince(shown) > 2, "the message went too soon")
        #expect(session.screenLines().last?.contains("r refresh") == true)
    }

    /// Counts are grouped the same way everywhere: the title's count and a filter's.
    @Test func countsAreGroupedEverywhere() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HardeningSession.fixture("numbers.txt", in: directory, Array((1...12345).map { "\($0)\n" }.joined().utf8))
        let session = try HardeningSession([path], directory: directory)
        try session.tmux.waitFor("12,345 items")
        session.tmux.sendKeys("&")
        session.tmux.sendKeys("^1", literal: true)
        // 1, 10–19, 100–199, 1000–1999, 10000–12345.
        try session.tmux.waitFor("3,457 of 12,345 items")
    }

    /// An empty input that has ended cannot give more: the empty list does not invite `r`.
    @Test func anEmptyClosedInputDoesNotInviteARefresh() throws {
        let session = try HardeningSession([], prefix: "printf '' |")
        let screen = try session.tmux.waitFor("the input was empty")
        #expect(!screen.contains("press r"), "the empty list invites a refresh: \(screen)")
    }
}

/// `n` as the app writes a count: digits in groups of three, `1,234,567`.
func groupedCount(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var out = n < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}
