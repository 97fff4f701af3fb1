import Foundation
import Testing

/// A live feed in a real terminal: a refresh keeps the selected line on its row and says what is
/// new, `--every` refreshes without a key, `p` pauses, SIGUSR1 refreshes, `--header-lines`
/// keeps the column header above the items.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct LiveFeedTests {
    typealias Session = EveryTerminalTests.Session

    static let lines = (1...60).map { "proc \(String(format: "%02d", $0))" }

    /// `pullfeed --command 'cat items.txt' ARGUMENTS` on `lines`.
    static func session(_ arguments: [String] = [], lines: [String] = LiveFeedTests.lines) throws -> Session {
        let session = try Session(["--command", "cat items.txt"] + arguments, term: "tmux-256color", items: lines)
        try session.tmux.waitFor(lines[min(1, lines.count - 1)])
        return session
    }

    static func write(_ lines: [String], in session: Session) {
        let path = session.directory + "/items.txt"
        let temporary = path + ".new"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        rename(temporary, path)
    }

    func selectedRow(_ session: Session) -> Int? { session.lines().firstIndex { $0.hasPrefix("›") } }

    @Test func rKeepsTheSelectedLineOnItsRowAndSaysWhatIsNew() throws {
        let session = try Self.session()
        let tmux = session.tmux
        for _ in 0..<30 { tmux.sendKeys("Down") }
        try session.waitForSelection("proc 31")
        let row = try #require(selectedRow(session))
        Self.write(["new a", "new b", "new c"] + Self.lines, in: session)
        tmux.sendKeys("r")
        try tmux.waitFor("3 new items")
        #expect(selectedRow(session) == row)
        #expect(session.lines()[row] == "›proc 31")
        tmux.sendKeys("g")
        try session.waitForSelection("new a")
        let screen = session.lines()
        #expect(screen[1] == "›new a")
        #expect(screen[2] == "+new b")
        #expect(screen.contains(" proc 01"))
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func everyRefreshesWithoutAKeyAndPPauses() throws {
        let session = try Self.session(["--every", "1"])
        let tmux = session.tmux
        try tmux.waitUntil("the live title") { $0.components(separatedBy: "\n")[0].contains("every 1s") }
        Self.write(["fresh line"] + Self.lines, in: session)
        try tmux.waitFor("1 new item")
        tmux.sendKeys("g")
        try session.waitForSelection("fresh line")
        tmux.sendKeys("p")
        try tmux.waitUntil("paused") { $0.components(separatedBy: "\n")[0].contains("paused") }
        Self.write(["while paused"] + Self.lines, in: session)
        usleep(2_500_000)
        #expect(!tmux.capture().contains("while paused"))
        tmux.sendKeys("p")
        try tmux.waitFor("1 new item")
        tmux.sendKeys("g")
        try session.waitForSelection("while paused")
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func sigusr1Refreshes() throws {
        let session = try Self.session()
        let tmux = session.tmux
        Self.write(["from a signal"] + Self.lines, in: session)
        let pid = try #require(tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") })
        #expect(kill(pid, SIGUSR1) == 0)
        try tmux.waitFor("1 new item")
        // The selected line kept its row: the new one is above, and Home goes to it.
        #expect(session.lines()[1] == "›proc 01")
        tmux.sendKeys("g")
        try session.waitForSelection("from a signal")
        // Again and again, at any moment: the app stays up.
        for _ in 0..<20 { kill(pid, SIGUSR1) }
        try tmux.waitFor("No new items")
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func headerLinesStayUnderTheTitle() throws {
        let session = try Self.session(["--header-lines", "1"], lines: ["USER PID COMMAND"] + Self.lines)
        let tmux = session.tmux
        try tmux.waitUntil("the header") { $0.components(separatedBy: "\n")[1] == " USER PID COMMAND" }
        var screen = session.lines()
        #expect(screen[2] == "›proc 01")
        #expect(screen[0].hasSuffix("60 items"))
        for _ in 0..<40 { tmux.sendKeys("Down") }
        try session.waitForSelection("proc 41")
        Self.write(["USER PID CMD"] + Self.lines, in: session)
        tmux.sendKeys("r")
        try tmux.waitFor("No new items")
        screen = session.lines()
        #expect(screen[1] == " USER PID CMD")
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func everyZeroIsAUsageError() throws {
        let session = try Session(["--every", "0"], term: "tmux-256color")
        #expect(try session.exitStatus() == 2)
        #expect(session.tmux.capture().contains("--every must be at least 0.1 seconds"))
    }
}
