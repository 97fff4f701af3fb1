import Foundation
import Testing

/// What search and filter match in the real binary, in tmux: the visible text of coloured
/// lines (not their escape sequences), regular expressions, `Ctrl-R` for literal text, and an
/// invalid pattern that changes nothing.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct PatternEndToEndTests {
    typealias Session = EveryTerminalTests.Session

    /// `git log --color=always --oneline`-like lines: yellow hashes, one subject with a visible 33.
    static let coloured = [
        "\u{1B}[33mabc1234\u{1B}[m fix: typo in README",
        "\u{1B}[33mdef5678\u{1B}[m feat: colour",
        "\u{1B}[33m9f0e1d2\u{1B}[m chore: bump 33 deps",
        "\u{1B}[33m7a6b5c4\u{1B}[m \u{1B}[1;31mERROR\u{1B}[m handling",
        "commit 1a2b3c4 plain",
        "warn: a plain warning line",
        "a.b literal dot",
    ]

    func session() throws -> Session {
        let session = try Session(["--file", "items.txt"], term: "tmux-256color", items: Self.coloured)
        try session.waitForSelection("abc1234 fix: typo in README")
        return session
    }

    @Test func colouredLinesAreSearchedAndFilteredByWhatTheyShow() throws {
        let session = try session()
        session.tmux.sendKeys("/33", literal: true)
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("9f0e1d2 chore: bump 33 deps")
        session.tmux.sendKeys("n")
        try session.tmux.waitFor("Search wrapped to the top")
        #expect(session.selected()?.contains("9f0e1d2 chore: bump 33 deps") == true)
        session.tmux.sendKeys("&33", literal: true)
        try session.tmux.waitFor("1 of 7 items")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("filter removed") { !$0.contains(" of 7") }
        // Colours split the text; the screen shows it whole, and so does the search.
        session.tmux.sendKeys("/7a6b5c4 error h", literal: true)
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("7a6b5c4 ERROR handling")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func regularExpressionsAndLiteralText() throws {
        let session = try session()
        session.tmux.sendKeys("/^commit [0-9a-f]{7}", literal: true)
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("commit 1a2b3c4 plain")
        session.tmux.sendKeys("&error|warn", literal: true)
        try session.tmux.waitFor("2 of 7 items")
        // Ctrl-R: the same text, read literally, is in no line.
        session.tmux.sendKeys("C-r")
        try session.tmux.waitFor("Literal &error|warn")
        try session.tmux.waitFor("0 of 7 items")
        session.tmux.sendKeys("C-u")
        session.tmux.sendKeys("a.b", literal: true)
        try session.tmux.waitFor("1 of 7 items")
        // Ctrl-R goes on to fuzzy, then back to a regular expression.
        session.tmux.sendKeys("C-r")
        try session.tmux.waitFor("Fuzzy &a.b")
        session.tmux.sendKeys("C-r")
        try session.tmux.waitUntil("back to a regular expression") { screen in
            screen.components(separatedBy: "\n").contains { $0.hasPrefix("&a.b") } && screen.contains("3 of 7 items")
        }
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("filter removed") { !$0.contains(" of 7") }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func anInvalidPatternSaysWhyAndChangesNothing() throws {
        let session = try session()
        session.tmux.sendKeys("Down")
        try session.waitForSelection("def5678 feat: colour")
        session.tmux.sendKeys("&fix", literal: true)
        try session.tmux.waitFor("1 of 7 items")
        session.tmux.sendKeys("(", literal: true)
        try session.tmux.waitFor("Invalid pattern: ")
        #expect(session.lines()[0].contains("1 of 7 items"))
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("filter removed") { !$0.contains(" of 7") }
        try session.waitForSelection("def5678 feat: colour")
        session.tmux.sendKeys("/[unclosed", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("Invalid pattern: ")
        #expect(session.selected()?.contains("def5678 feat: colour") == true)
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }
}
