import Foundation
import Testing

/// Search and filter in the real binary, in tmux: `/` finds, `n` wraps, a missing text says
/// so, `&` counts what it shows, and Enter prints a filtered row.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct FindTests {
    typealias Session = EveryTerminalTests.Session

    /// 5000 lines in a file (loaded 200 at a time); every 1000th says "alpha", the rest "beta".
    static let items = (1...5000).map { "Item \(String(format: "%04d", $0)) text \($0 % 1000 == 0 ? "Alpha" : "beta")" }

    func session(_ arguments: [String] = [], language: String? = nil) throws -> Session {
        let session = try Session(["--file", "items.txt"] + arguments + (language.map { ["--lang", $0] } ?? []),
                                  term: "tmux-256color", items: Self.items)
        try session.waitForSelection("Item 0001")
        return session
    }

    @Test func searchFindsMatchesPastTheLoadedLinesAndWraps() throws {
        let session = try session()
        session.tmux.sendKeys("/alpha", literal: true)
        try session.tmux.waitFor("/alpha")
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("Item 1000 text Alpha")
        for n in [2000, 3000, 4000, 5000] {
            session.tmux.sendKeys("n")
            try session.waitForSelection("Item \(n) text Alpha")
        }
        #expect(session.lines()[0].hasSuffix("5,000 items"))
        session.tmux.sendKeys("n")
        try session.waitForSelection("Item 1000 text Alpha")
        try session.tmux.waitFor("Search wrapped to the top")
        session.tmux.sendKeys("N")
        try session.waitForSelection("Item 5000 text Alpha")
        try session.tmux.waitFor("Search wrapped to the bottom")
        // The match is marked on the selected row: bold and underlined, reverse video flipped off.
        let styled = session.tmux.captureStyled().components(separatedBy: "\n").first { $0.contains("Item 5000") } ?? ""
        #expect(styled.contains("\u{1B}[0;1;4m"), "\(styled)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func aTextThatIsNowhereIsNotFound() throws {
        let session = try session(language: "zh-Hans")
        session.tmux.sendKeys("/nowhere", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("未找到：nowhere")
        #expect(session.selected()?.contains("Item 0001") == true)
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func filterCountsItsRowsAndEnterPrintsOne() throws {
        let session = try session()
        session.tmux.sendKeys("&Alpha", literal: true)
        try session.tmux.waitFor("5 of 5,000 items")
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil("prompt closed") { !$0.components(separatedBy: "\n").contains { $0.hasPrefix("&") } }
        session.tmux.sendKeys("Down", "Down")
        try session.waitForSelection("Item 3000 text Alpha")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        try session.tmux.waitFor("pullfeed exited with 0")
        #expect(session.lines().contains("Item 3000 text Alpha"))
    }

    @Test func escInTheFilterPromptShowsEverythingAgain() throws {
        let session = try session()
        session.tmux.sendKeys("Down", "Down")
        try session.waitForSelection("Item 0003")
        session.tmux.sendKeys("&0100", literal: true)
        try session.tmux.waitFor("of 5,000 items")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("filter removed") { !$0.contains(" of ") }
        try session.waitForSelection("Item 0003")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }
}
