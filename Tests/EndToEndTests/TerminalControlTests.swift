import Foundation
import Testing

/// Who owns the terminal: the app reads Ctrl-C, Ctrl-S and Ctrl-Q as keys (the tty sends no
/// signal and stops no output), so a script around it goes on after Ctrl-C; and a command
/// source's child has no controlling terminal, so nothing it writes to `/dev/tty` reaches the
/// screen.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct TerminalControlTests {
    /// `c=$(seq 100 | pullfeed)` in a shell without a trap: the first Ctrl-C closes the search
    /// prompt, the second ends only the app (130), and the shell prints its status with the
    /// terminal back in its normal modes.
    @Test func ctrlCInACommandSubstitutionEndsOnlyTheApp() throws {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = "c=$(seq 100 | \(Tmux.shellQuote(binary.path))); echo \"rc=$? c=[$c]\"; "
            + "stty -a | tr ' ;' '\\n\\n' | grep -x -e isig -e icanon -e echo | tr '\\n' ' '; echo; exec sleep 600"
        let tmux = try Tmux(command: ["sh", "-c", script], environment: ["XDG_STATE_HOME": directory, "SWIFT_BACKTRACE": "enable=no"])
        defer { tmux.kill() }
        try tmux.waitFor("›1\n")

        tmux.sendKeys("/")
        tmux.sendKeys("7", literal: true)
        try tmux.waitUntil(timeout: 5, "the search prompt") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("/7") } }
        tmux.sendKeys("C-c")
        try tmux.waitUntil(timeout: 5, "the prompt to close") { screen in
            !screen.components(separatedBy: "\n").contains { $0.hasPrefix("/7") } && screen.contains("›1\n")
        }
        #expect(tmux.isAlternateScreenOn(), "the first Ctrl-C ended the app instead of closing the prompt")

        tmux.sendKeys("C-c")
        let screen = try tmux.waitFor("rc=130 c=[]")
        #expect(!tmux.isAlternateScreenOn())
        _ = try tmux.waitFor("isig icanon echo")
        #expect(!screen.contains("Pane is dead"))
    }

    /// Ctrl-S does not stop the terminal's output (no XON/XOFF flow control): a move after it
    /// shows at once, and Ctrl-Q changes nothing either.
    @Test func ctrlSAndCtrlQDoNotFreezeTheScreen() throws {
        let session = try HardeningSession(["--latency", "0"])
        try session.tmux.waitFor("10+ items")
        let first = try #require(session.selectedText())
        session.tmux.sendKeys("C-s")
        session.tmux.sendKeys("Down")
        let moved = try session.tmux.waitUntil(timeout: 5, "a move after Ctrl-S") { _ in session.selectedText() != first }
        _ = moved
        let second = session.selectedText()
        session.tmux.sendKeys("C-q")
        session.tmux.sendKeys("Down")
        try session.tmux.waitUntil(timeout: 5, "a move after Ctrl-Q") { _ in session.selectedText() != second }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        session.expectTerminalRestored("Ctrl-S")
    }

    /// A child that writes to `/dev/tty` (as ssh or sudo ask for a password) cannot draw over
    /// the list: it has no controlling terminal.
    @Test(arguments: ["--command", "--page-command"])
    func aCommandCannotWriteToTheTerminal(flag: String) throws {
        // The title shows the command: the text written is put together by the shell. While
        // the command sleeps, the app only redraws the spinner, so a write would stay in sight
        // (it waits first for the first frame, which clears the screen).
        let session = try HardeningSession([flag, "x=TTY; sleep 0.3; echo ${x}WRITTEN > /dev/tty; sleep 1; echo item"])
        var drawnOver: String?
        try session.tmux.waitUntil(timeout: 10, "the item") { screen in
            if screen.contains("TTYWRITTEN") { drawnOver = screen }
            return screen.contains("›item")
        }
        #expect(drawnOver == nil, "the command drew on the screen:\n\(drawnOver ?? "")")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// A command that needs the terminal fails as any command does: its stderr's first line
    /// (the shell's, about `/dev/tty`) is the toast.
    @Test func aCommandThatNeedsTheTerminalFailsWithItsError() throws {
        let session = try HardeningSession(["--command", "echo ok; exec 3<>/dev/tty || exit 1"])
        let screen = try session.tmux.waitUntil(timeout: 10, "the toast") { $0.contains("exit status") && $0.contains("/dev/tty") }
        #expect(screen.contains("ok"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }
}
