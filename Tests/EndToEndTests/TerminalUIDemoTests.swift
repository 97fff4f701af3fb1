import Foundation
import Testing

/// The `terminalui-demo` binary in a real terminal (tmux, 80×24): drawing, keys, and the
/// terminal being given back on every way out. Needs `swift build` to have built the demo.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct TerminalUIDemoTests {
    static let title = "TerminalUI demo"

    /// Runs the demo from an interactive `sh`, which reports the exit status and stays, so the
    /// test can see the shell come back.
    private func startDemo(environment: [String: String] = [:]) throws -> Tmux {
        let binary = try #require(Tmux.builtProduct("terminalui-demo"), "terminalui-demo is not built: run `swift build` first")
        // The trap keeps this shell alive through Ctrl-C (which reaches the whole process group).
        let script = #"trap : INT; "$0"; echo "demo exited with $?"; exec sh"#
        let tmux = try Tmux(command: ["sh", "-c", script, binary.path], environment: ["PS1": "$ ", "SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 })
        try tmux.waitFor("Item 000001")
        return tmux
    }

    /// The shell is back: normal screen, and the tty echoes again (termios restored).
    private func expectShellIsBack(_ tmux: Tmux, status: Int) throws {
        let screen = try tmux.waitFor("demo exited with \(status)\n$")  // and the shell's prompt
        #expect(!tmux.isAlternateScreenOn())
        #expect(!screen.contains(Self.title))
        tmux.sendKeys("echo typed-here", literal: true)
        tmux.sendKeys("Enter")
        let after = try tmux.waitUntil("the echoed command and its output") {
            $0.contains("echo typed-here") && $0.components(separatedBy: "typed-here").count >= 3
        }
        #expect(after.contains("$ echo typed-here"))
    }

    @Test func drawsKeysAndQuitsBackToTheShell() throws {
        let tmux = try startDemo()
        defer { tmux.kill() }
        let first = tmux.capture().components(separatedBy: "\n")
        #expect(first[0].hasPrefix(" \(Self.title)"))
        #expect(first[0].hasSuffix("80×24"))
        #expect(first[1].contains("中文 日本語 한국어"))
        #expect(first[2] == " Hostile: ␛[2J␛]52;c;AAAA␇␍␛[31m␈␀\u{FFFD}end")
        #expect(first[4] == " Truncated: a long line with 中文 that d…")
        #expect(first[6] == " Item 000001")
        #expect(first[23].contains("q quit"))
        #expect(tmux.isAlternateScreenOn())

        tmux.sendKeys("Down", "Down", "j")
        var screen = try tmux.waitFor("Last input: key j")
        #expect(screen.components(separatedBy: "\n")[6] == " Item 000004")

        tmux.sendKeys("中", literal: true)
        try tmux.waitFor("Last input: key 中")
        tmux.sendKeys("F5")
        try tmux.waitFor("Last input: key F5")
        tmux.sendKeys("PageDown")
        screen = try tmux.waitFor("Last input: key PgDn")
        #expect(!screen.contains("Item 000004\n"))
        tmux.sendKeys("Escape")  // a lone Esc quits after the ESC delay
        try expectShellIsBack(tmux, status: 0)
    }

    @Test func qQuits() throws {
        let tmux = try startDemo()
        defer { tmux.kill() }
        tmux.sendKeys("q")
        try expectShellIsBack(tmux, status: 0)
    }

    @Test func resizeRedrawsAtTheNewSize() throws {
        let tmux = try startDemo()
        defer { tmux.kill() }
        try tmux.resize(columns: 50, rows: 12)
        let screen = try tmux.waitFor("50×12")
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[0].hasSuffix("50×12"))
        #expect(lines.contains { $0.contains("Last input: resize 50×12") })
        #expect(lines[11].contains("↑↓/jk scroll"))
        tmux.sendKeys("q")
        try expectShellIsBack(tmux, status: 0)
    }

    @Test func ctrlCRestoresTheTerminalAndExits130() throws {
        let tmux = try startDemo()
        defer { tmux.kill() }
        tmux.sendKeys("C-c")
        try expectShellIsBack(tmux, status: 130)
    }

    @Test(arguments: [
        ("dumb", "TERM=dumb cannot show a full-screen interface"),
        ("", "TERM is not set"),
    ])
    func unusableTermIsOneClearLineAndExit1(term: String, message: String) throws {
        let binary = try #require(Tmux.builtProduct("terminalui-demo"), "terminalui-demo is not built: run `swift build` first")
        let script = #""$0"; echo "demo exited with $?"; exec sh"#
        let tmux = try Tmux(command: ["sh", "-c", script, binary.path], environment: ["PS1": "$ ", "TERM": term])
        defer { tmux.kill() }
        try tmux.waitFor("demo exited with 1")
        let screen = try tmux.waitUntil("the shell prompt") { $0.components(separatedBy: "\n").filter { !$0.isEmpty }.last == "$" }
        let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("terminalui-demo: " + message) == true)
        #expect(!tmux.isAlternateScreenOn())
    }

    @Test func noControllingTerminalIsOneClearLineAndExit1() throws {
        let binary = try #require(Tmux.builtProduct("terminalui-demo"), "terminalui-demo is not built: run `swift build` first")
        let script = #"setsid -w "$0" </dev/null; echo "demo exited with $?"; exec sh"#
        let tmux = try Tmux(command: ["sh", "-c", script, binary.path], environment: ["PS1": "$ "])
        defer { tmux.kill() }
        let screen = try tmux.waitFor("demo exited with 1")
        #expect(screen.hasPrefix("terminalui-demo: no terminal:"))
    }

    @Test func sigtermRestoresTheTerminalAndExits143() throws {
        let tmux = try startDemo()
        defer { tmux.kill() }
        let shell = try #require(tmux.panePID())
        let demo = try #require(Self.child(of: shell))
        kill(demo, SIGTERM)
        try expectShellIsBack(tmux, status: 143)
    }

    @Test func crashRestoresTheTerminal() throws {
        let tmux = try startDemo(environment: ["TERMINALUI_DEMO_CRASH": "1"])
        defer { tmux.kill() }
        tmux.sendKeys("!", literal: true)
        let screen = try tmux.waitFor("demo exited with")
        #expect(screen.contains("demo exited with 132") || screen.contains("demo exited with 133"))
        #expect(!tmux.isAlternateScreenOn())
        let status = screen.components(separatedBy: "demo exited with ").last!.prefix(3)
        try expectShellIsBack(tmux, status: Int(status) ?? -1)
    }

    /// The first child process of `pid` (from /proc).
    static func child(of pid: Int32) -> Int32? {
        let path = "/proc/\(pid)/task/\(pid)/children"
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
               let first = text.split(separator: " ").first, let child = Int32(first) {
                return child
            }
            usleep(20_000)
        }
        return nil
    }
}
