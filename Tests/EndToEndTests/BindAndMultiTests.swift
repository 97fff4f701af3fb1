import Foundation
import Testing

/// Several choices and keys that act, in a real terminal: `-m` prints the marked lines into a
/// pipe, a bound key runs a command on the selected row and the list refreshes in place,
/// `execute` hands the terminal over and takes it back (tty modes, Ctrl-C, a resize), a row's
/// text never reaches the shell as code, and a bad binding is a usage error before any UI.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct BindAndMultiTests {
    typealias Session = EveryTerminalTests.Session

    /// `printf 'a\nb\nc\n' | pullfeed -m | cat`: Tab Tab Enter prints `a` and `b`, one a line.
    @Test func multiPrintsTheMarkedLinesIntoAPipe() throws {
        let session = try Session(["-m"], term: "tmux-256color", prefix: "printf 'a\\nb\\nc\\n' |", redirections: "| cat > out.txt")
        try session.waitForSelection("a")
        session.tmux.sendKeys("Tab", "Tab")
        let screen = try session.tmux.waitFor("2 marked · 3 items")
        #expect(screen.contains("*a") && screen.contains("*b") && screen.contains("›c"), "\(screen)")
        session.tmux.sendKeys("Enter")
        _ = try session.exitStatus()
        #expect(session.file("out.txt") == "a\nb")
    }

    /// A bound key runs its silent command on the selected row, then the refresh that follows
    /// it brings the new line and keeps the selection where it was.
    @Test func aBoundKeyRunsACommandAndTheListRefreshesInPlace() throws {
        let bind = "ctrl-k:execute-silent(echo {} >> hits; echo added >> items.txt)+refresh"
        let session = try Session(["--command", "cat items.txt", "--bind", bind], term: "tmux-256color",
                                  items: ["one", "two words", "three"])
        try session.waitForSelection("one")
        session.tmux.sendKeys("Down")
        try session.waitForSelection("two words")
        session.tmux.sendKeys("C-k")
        let screen = try session.tmux.waitFor("added")
        #expect(session.file("hits") == "two words")
        #expect(screen.contains("›two words"), "the selection stays: \(screen)")
        #expect(screen.contains("4 items"), "\(screen)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// `execute` leaves the alternate screen and raw mode for the command (it runs with the
    /// shell's tty modes and sees the terminal), and the list comes back in place, its keys
    /// working, whatever modes the command left; the shell's modes are as before at the end.
    @Test func executeHandsTheTerminalOverAndTakesItBack() throws {
        let bind = "f2:execute(stty -g > during; stty -echo raw; echo handed over {}; sleep 1)"
        let session = try Session(["items.txt", "--bind", bind], term: "tmux-256color", items: ["one", "two", "three"])
        try session.waitForSelection("one")
        session.tmux.sendKeys("Down", "F2")
        try session.tmux.waitFor("handed over two")
        #expect(!session.tmux.isAlternateScreenOn(), "the command has the normal screen")
        try session.tmux.waitUntil("the list back") { $0.contains("›two") && $0.contains("PullFeed") }
        #expect(session.tmux.isAlternateScreenOn())
        #expect(session.file("during") == session.file("before"), "the command ran with the shell's tty modes")
        session.tmux.sendKeys("Down")
        try session.waitForSelection("three")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0, "stty -g is as before")
    }

    /// Ctrl-C during `execute` interrupts the command, not pullfeed; its status is a toast.
    @Test func ctrlCDuringExecuteReachesTheCommand() throws {
        let bind = "f3:execute(echo running; sleep 5; touch survived)"
        let session = try Session(["items.txt", "--bind", bind], term: "tmux-256color", prefix: "trap : INT;",
                                  items: ["one", "two"])
        try session.waitForSelection("one")
        session.tmux.sendKeys("F3")
        try session.tmux.waitFor("running")
        session.tmux.sendKeys("C-c")
        try session.tmux.waitFor("exit status 130")
        try session.waitForSelection("one")
        usleep(200_000)
        #expect(!FileManager.default.fileExists(atPath: session.directory + "/survived"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0, "pullfeed went on and quit normally")
    }

    /// A resize while the command has the terminal is laid out when the list comes back.
    @Test func aResizeDuringExecuteIsHandledOnReturn() throws {
        let session = try Session(["items.txt", "--bind", "f2:execute(echo wait; sleep 1)"], term: "tmux-256color",
                                  items: ["one", "two"])
        try session.waitForSelection("one")
        session.tmux.sendKeys("F2")
        try session.tmux.waitFor("wait")
        try session.tmux.resize(columns: 50, rows: 10)
        let screen = try session.tmux.waitUntil("the list at the new size") { screen in
            screen.components(separatedBy: "\n").first.map { $0.hasPrefix(" PullFeed") && $0.hasSuffix("2 items") && (40...50).contains($0.count) } ?? false
        }
        #expect(screen.contains("›one"))
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// Rows holding `$(…)`, backticks and quotes reach bound commands as text, never as code.
    @Test func aRowsTextIsNeverRunByTheShell() throws {
        let marker = "/tmp/pwned-\(UUID().uuidString)"
        let rows = ["$(touch \(marker))", "`touch \(marker)-2`", "it's \"quoted\" \\ $HOME"]
        let bind = "ctrl-k:execute-silent(printf '%s\\n' {} >> hits),f2:execute(printf '%s\\n' {} >> shown)"
        let session = try Session(["items.txt", "--bind", bind], term: "tmux-256color", items: rows)
        try session.waitForSelection("touch")
        for (index, _) in rows.enumerated() {
            session.tmux.sendKeys("C-k")
            try session.tmux.waitUntil("the silent command for row \(index + 1)") { _ in
                session.file("hits").components(separatedBy: "\n").count == index + 1
            }
            session.tmux.sendKeys("F2")
            try session.tmux.waitUntil("the command for row \(index + 1)") { _ in
                session.file("shown").components(separatedBy: "\n").count == index + 1
            }
            session.tmux.sendKeys("Down")
        }
        #expect(session.file("hits") == rows.joined(separator: "\n"))
        #expect(session.file("shown") == rows.joined(separator: "\n"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(!FileManager.default.fileExists(atPath: marker + "-2"))
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// A bad binding is one line on stderr naming the wrong part, and exit 2, before any UI.
    @Test(arguments: [
        ("ctrl-kk:up", "pullfeed: --bind unknown key 'ctrl-kk' in 'ctrl-kk:up' (see 'pullfeed --help')"),
        ("f2:frob", "pullfeed: --bind unknown action 'frob' in 'f2:frob' (see 'pullfeed --help')"),
        ("f2:execute(kill {2}", "pullfeed: --bind unbalanced parentheses in 'f2:execute(kill {2}': execute( is not closed (see 'pullfeed --help')"),
        ("f2:execute(echo {0})",
         "pullfeed: --bind 'f2:execute(echo {0})': placeholder {0}: '0': fields are counted from 1 (or from -1 at the end), not 0 (see 'pullfeed --help')"),
    ])
    func aBadBindingIsAUsageError(binding: String, message: String) throws {
        let session = try Session(["--bind", binding], term: "tmux-256color", prefix: "seq 3 |")
        #expect(try session.exitStatus() == 2)
        let screen = try session.tmux.waitFor("pullfeed exited with 2")
        // The message, wrapped at the terminal's width, then the exit line: nothing else.
        let shown = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
        let exitLine = try #require(shown.firstIndex(of: "pullfeed exited with 2"))
        #expect(shown[..<exitLine].joined() == message, "\(screen)")
    }
}
