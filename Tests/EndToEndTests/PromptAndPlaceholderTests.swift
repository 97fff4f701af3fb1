import Foundation
import Testing

/// What a new user met in the first hour, in a real terminal: `{}` is the line with its blanks
/// (`rm {}` removes `notes.txt `, not `notes.txt`), Esc undoes a search's matches before it
/// quits, Tab marks rows while the `&` prompt stays open (`-m`), and `--bind ctrl-c:…` says the
/// key cannot be bound.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct PromptAndPlaceholderTests {
    typealias Session = EveryTerminalTests.Session

    /// The file `name` in the session's directory, byte for byte (nil when it is not there).
    func raw(_ session: Session, _ name: String) -> String? {
        try? String(contentsOfFile: session.directory + "/" + name, encoding: .utf8)
    }

    /// `rm {}` on the row `notes.txt ` removes the file with the blank, never `notes.txt`; the
    /// preview and a bound command see the line's blanks at either end, fields are trimmed.
    @Test func braceIsTheLineWithItsBlanks() throws {
        let bind = "f2:execute-silent(rm {}),f3:execute-silent(printf '[%s]' {} > line; printf '[%s]' {1} > field)"
        let session = try Session(["items.txt", "--bind", bind, "--preview", "printf '<%s>' {}"],
                                  term: "tmux-256color", items: ["notes.txt ", "  padded line"])
        let files = FileManager.default
        _ = files.createFile(atPath: session.directory + "/notes.txt", contents: Data("keep".utf8))
        _ = files.createFile(atPath: session.directory + "/notes.txt ", contents: Data("remove".utf8))
        try session.waitForSelection("notes.txt")
        try session.tmux.waitFor("<notes.txt >")
        session.tmux.sendKeys("F2")
        try session.tmux.waitUntil("'notes.txt ' removed") { _ in !files.fileExists(atPath: session.directory + "/notes.txt ") }
        #expect(files.fileExists(atPath: session.directory + "/notes.txt"), "the file without the blank stays")
        session.tmux.sendKeys("Down")
        try session.waitForSelection("padded line")
        try session.tmux.waitFor("<  padded line>")
        session.tmux.sendKeys("F3")
        try session.tmux.waitUntil("the bound command ran") { _ in raw(session, "field") != nil }
        #expect(raw(session, "line") == "[  padded line]")
        #expect(raw(session, "field") == "[padded]")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// After `/foo` Enter the matches are shown: Esc clears them and does not quit (it did: an
    /// Esc meant for a search that had just ended quit the app); the second Esc quits.
    @Test func escClearsTheMatchesBeforeItQuits() throws {
        let session = try Session(["items.txt"], term: "tmux-256color", items: (1...60).map { "line \($0) foo" })
        try session.waitForSelection("line 1 foo")
        session.tmux.sendKeys("/foo", literal: true)
        try session.tmux.waitFor("/foo")
        session.tmux.sendKeys("Enter")
        try session.waitForSelection("line 2 foo")
        #expect(underlinedRows(session) > 10, "every row's match is marked")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("the matches cleared") { _ in underlinedRows(session) == 0 }
        session.tmux.sendKeys("j")
        try session.waitForSelection("line 3 foo")
        #expect(session.file("status").isEmpty, "still running")
        session.tmux.sendKeys("Escape")
        #expect(try session.exitStatus() == 0)
    }

    /// Rows with underlined cells (the search's marks) on screen: an SGR sequence with a 4.
    func underlinedRows(_ session: Session) -> Int {
        session.tmux.captureStyled().components(separatedBy: "\n").filter { row in
            row.split(separator: "\u{1B}").contains { sequence in
                guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return false }
                return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").contains("4")
            }
        }.count
    }

    /// `-m` and the `&` prompt: type, Tab, type, Tab marks a row of each filter while the
    /// prompt stays open (Tab marks and moves down, as it does outside the prompt); Enter keeps
    /// the filter, Esc removes it, and Enter prints both marked lines.
    @Test func tabMarksRowsWhileTheFilterPromptStaysOpen() throws {
        let items = ["apple pie", "apple tart", "banana split", "cherry cake", "cherry pie"]
        let session = try Session(["-m", "items.txt"], term: "tmux-256color", redirections: "> out.txt", items: items)
        try session.waitForSelection("apple pie")
        session.tmux.sendKeys("&tart", literal: true)
        try session.tmux.waitFor("1 of 5 items")
        session.tmux.sendKeys("Tab")
        try session.tmux.waitFor("1 marked")
        #expect(session.lines().contains { $0.hasPrefix("&tart") }, "the prompt stays open: \(session.lines())")
        session.tmux.sendKeys("C-u")
        session.tmux.sendKeys("cherry", literal: true)
        try session.tmux.waitFor("2 of 5 items")
        session.tmux.sendKeys("Tab")
        let screen = try session.tmux.waitFor("2 marked")
        #expect(screen.contains("*cherry cake") && screen.contains("›cherry pie"), "marked, then one down: \(screen)")
        #expect(session.lines().contains { $0.hasPrefix("&cherry") }, "\(session.lines())")
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("the filter removed") { $0.contains("banana split") }
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        #expect(session.file("out.txt") == "apple tart\ncherry cake")
    }

    /// `--bind ctrl-c:…` says that Ctrl-C cannot be bound and why, not "unknown key"; exit 2.
    @Test(arguments: [
        ("ctrl-c:up", "pullfeed: --bind cannot bind 'ctrl-c': it always quits pullfeed (exit status 130), in 'ctrl-c:up' (see 'pullfeed --help')"),
        ("f2:refresh,ctrl-z:up", "pullfeed: --bind cannot bind 'ctrl-z': it suspends pullfeed, as in any terminal program, in 'ctrl-z:up' (see 'pullfeed --help')"),
    ])
    func ctrlCIsAKeyThatCannotBeBound(binding: String, message: String) throws {
        let result = try PullFeedCommandLineTests().run(["--bind", binding, "--command", "true"])
        #expect(result.status == 2)
        #expect(result.stderr.trimmingCharacters(in: .newlines) == message, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
