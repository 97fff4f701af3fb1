import Foundation
import Testing

/// The terminals, settings and habits people really have: terminals without an alternate
/// screen or without a terminfo entry here, ungenerated UTF-8 locales, Alt keys, pastes,
/// exported `COLUMNS`/`LINES`, split escape sequences, and what is left after the exit.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct EveryTerminalTests {
    /// A session whose shell records `stty -g` before and after the app, and its exit status.
    final class Session {
        let tmux: Tmux
        let directory = HardeningSession.makeDirectory()

        /// Runs `pullfeed ARGUMENTS` in a private directory, where `items`, if given, are the
        /// lines of `items.txt`.
        init(_ arguments: [String], term: String, environment: [String: String] = [:], prefix: String = "",
             redirections: String = "", items: [String]? = nil, columns: Int = 80, rows: Int = 24) throws {
            if let items { _ = EveryTerminalTests.writeLines(items, in: directory) }
            let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
            let app = ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ")
            let script = "cd \(Tmux.shellQuote(directory)) || exit 1; stty -g > before; \(prefix) \(app) \(redirections); "
                + "echo $? > status; stty -g > after; echo \"pullfeed exited with $(cat status)\"; exec sh"
            var env = ["TERM": term, "PS1": "$ ", "XDG_STATE_HOME": directory + "/state", "SWIFT_BACKTRACE": "enable=no"]
            env.merge(environment) { $1 }
            tmux = try Tmux(columns: columns, rows: rows, command: ["sh", "-c", script], environment: env)
        }

        deinit {
            tmux.kill()
            try? FileManager.default.removeItem(atPath: directory)
        }

        func file(_ name: String) -> String {
            ((try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Waits for the exit; returns the status and checks that the tty modes are as before.
        func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
            let deadline = Date().addingTimeInterval(10)
            while file("after").isEmpty {
                if Date() > deadline { throw Tmux.Failure(description: "pullfeed did not exit; screen:\n\(tmux.capture())") }
                usleep(20_000)
            }
            let status = try #require(Int(file("status")), sourceLocation: sourceLocation)
            #expect(!file("before").isEmpty && file("before") == file("after"), "stty -g changed", sourceLocation: sourceLocation)
            return status
        }

        func lines() -> [String] { tmux.capture().components(separatedBy: "\n") }

        /// The selected row, marked `›`.
        func selected() -> String? { lines().first { $0.hasPrefix("›") } }

        /// Waits until the selected row reads `text`.
        func waitForSelection(_ text: String, timeout: Double = 10) throws {
            try tmux.waitUntil(timeout: timeout, "\(text) selected") { screen in
                screen.components(separatedBy: "\n").contains { $0.hasPrefix("›") && $0.contains(text) }
            }
        }
    }

    /// A session on a file of `items`, its first item on screen.
    static func itemsSession(term: String = "tmux-256color", environment: [String: String] = [:],
                             arguments: [String] = []) throws -> Session {
        let session = try Session(["--file", "items.txt"] + arguments, term: term, environment: environment, items: items)
        try session.waitForSelection("Item 001")
        return session
    }

    static func writeLines(_ lines: [String], in directory: String, name: String = "items.txt") -> String {
        HardeningSession.fixture(name, in: directory, Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    static let items = (1...100).map { "Item \(String(format: "%03d", $0)) 中文 ok" }

    // MARK: The terminal matrix

    /// Each terminal type draws, moves, pulls to refresh, quits, and leaves `stty -g` as it was.
    /// `xterm-kitty` has no terminfo entry here: it runs as xterm-256color and says so.
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen", "linux", "vt100", "xterm-kitty"])
    func drawsMovesPullsAndQuits(term: String) throws {
        let session = try Session(["--file", "items.txt"], term: term, items: Self.items)
        let tmux = session.tmux
        try tmux.waitFor("Item 001")
        try tmux.waitUntil("the title") { $0.components(separatedBy: "\n")[0].contains("items") }
        tmux.sendKeys("Down")
        try session.waitForSelection("Item 002")
        tmux.sendKeys("Up")
        try session.waitForSelection("Item 001")
        usleep(300_000)  // at rest at the top: the next presses pull
        tmux.sendKeys("Up")
        try tmux.waitFor("Pull down to refresh")
        tmux.sendKeys("Up")
        try tmux.waitFor("Release to refresh")
        try tmux.waitUntil("the refresh to end") { !$0.contains("Release to refresh") && !$0.contains("Loading...") }
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        let screen = tmux.capture()
        if term == "xterm-kitty" {
            #expect(screen.contains("TERM=xterm-kitty has no terminfo entry"), "\(screen)")
            #expect(screen.contains("infocmp -x | ssh HOST tic -x -"))
        } else {
            #expect(!screen.contains("terminfo"), "\(screen)")
        }
        #expect((try? tmux.run(["display-message", "-p", "-t", tmux.session, "#{alternate_on}"]))?.hasPrefix("0") == true)
    }

    /// Garbage in TERM (a path, spaces) never reaches ncurses: the app runs as xterm-256color.
    @Test(arguments: ["../../../etc/passwd", "no such terminal", "x"])
    func garbageTermRunsAsXterm(term: String) throws {
        let session = try Session([], term: term)
        try session.tmux.waitFor("Article 1")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        #expect(session.tmux.capture().contains("has no terminfo entry"))
    }

    // MARK: Terminals without an alternate screen

    /// On linux, vt100, vt220 and ansi the last frame stays, as with `less`, but the prompt
    /// comes on a clean line of its own, never inside the frame.
    @Test(arguments: ["linux", "vt100", "vt220", "ansi"])
    func theShellPromptNeverLandsInTheLastFrame(term: String) throws {
        let session = try Session([], term: term)
        try session.tmux.waitFor("q quit")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        // The shell prints its prompt a moment after the exit line.
        let screen = try session.tmux.waitUntil("the prompt after the exit line") { screen in
            let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
            return lines.firstIndex { $0.contains("pullfeed exited with 0") }.map { $0 + 1 < lines.count } ?? false
        }
        let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
        let exitLine = try #require(lines.firstIndex { $0.contains("pullfeed exited with 0") }, "\(lines)")
        #expect(lines[exitLine] == "pullfeed exited with 0", "\(lines)")
        #expect(exitLine + 1 < lines.count && lines[exitLine + 1] == "$", "\(lines)")
        #expect(!lines.contains { $0.contains("quit") && $0.contains("exited") })
    }

    /// The restore on the exits that are not `q`, on a terminal without an alternate screen:
    /// Ctrl-C (130), SIGTERM (143) and SIGHUP (129) while a command runs leave `stty -g` as it
    /// was and the prompt on a clean line.
    @Test(arguments: [("C-c", 0, 130), ("", SIGTERM, 143), ("", SIGHUP, 129)] as [(String, Int32, Int)])
    func signalsRestoreATerminalWithoutAnAlternateScreen(key: String, signal: Int32, status: Int) throws {
        // The shell that records the exit must outlive the Ctrl-C sent to the foreground group.
        let session = try Session(["--command", "seq 5; sleep 0.3"], term: "vt220", prefix: "trap : INT;")
        try session.waitForSelection("1")
        session.tmux.sendKeys("r")
        if signal != 0 {
            let pid = try #require(session.tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") })
            #expect(kill(pid, signal) == 0)
        } else {
            session.tmux.sendKeys(key)
        }
        #expect(try session.exitStatus() == status)
        // The wrapper prints its line after it wrote the files `exitStatus` waits for.
        try session.tmux.waitFor("pullfeed exited with")
        let lines = session.lines().filter { !$0.isEmpty }
        let exitLine = try #require(lines.firstIndex { $0.contains("pullfeed exited with") }, "\(lines)")
        #expect(lines[exitLine] == "pullfeed exited with \(status)", "\(lines)")
    }

    /// A 1-column window on the Linux console: nothing overflows, the terminal is given back.
    @Test func oneColumnOnTheLinuxConsole() throws {
        let session = try Session([], term: "linux", columns: 1, rows: 6)
        let screen = try session.tmux.waitUntil("the selection marker") { $0.contains("›") }
        #expect(screen.components(separatedBy: "\n").allSatisfy { displayWidth($0) <= 1 }, "\(screen)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    // MARK: Locales

    /// `LANG=en_US.UTF-8` or `zh_CN.UTF-8` where only C.UTF-8 exists (containers, minimal
    /// servers): CJK text and the title's `·` are shown, and zh stays Chinese.
    @Test(arguments: ["en_US.UTF-8", "zh_CN.UTF-8"])
    func anUngeneratedUTF8LocaleStillShowsUTF8(lang: String) throws {
        let session = try Session(["--file", "items.txt"], term: "tmux-256color", environment: ["LANG": lang],
                                  items: ["中文 日本語 한국어 🎉"])
        let screen = try session.tmux.waitFor("中文 日本語 한국어 🎉")
        #expect(screen.components(separatedBy: "\n")[0].hasPrefix(" PullFeed · items.txt"))
        if lang.hasPrefix("zh") {
            try session.tmux.waitFor("已经全部加载完毕")
            let screen = try session.tmux.waitFor("q 退出")
            #expect(screen.contains("1 项") && screen.contains("回车 输出"), "every text is Chinese: \(screen)")
        } else {
            try session.tmux.waitFor("No more data")
        }
        #expect(!session.tmux.capture().contains("\u{FFFD}"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// A truly non-UTF-8 environment gets ASCII glyphs and a `?` for each column of
    /// non-ASCII text: visible, of known width, never blank or broken cells.
    @Test(arguments: [["LANG": "C"], ["LC_ALL": "C", "LANG": "en_US.UTF-8"], ["LANG": "en_US.ISO-8859-1"], ["LANG": "garbage"], ["LANG": ""]])
    func aNonUTF8EnvironmentShowsReplacementsOfKnownWidth(environment: [String: String]) throws {
        let session = try Session(["--file", "items.txt"], term: "tmux-256color", environment: environment,
                                  items: ["ab 中文 cd", "plain"])
        let screen = try session.tmux.waitFor("ab ???? cd")
        #expect(screen.components(separatedBy: "\n")[0].hasPrefix(" PullFeed - items.txt"))
        #expect(screen.contains("Up/Down move"))
        #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    // MARK: Keys

    /// Alt + a key arrives as ESC + the key: Alt-j, Alt-q and Alt-Enter are not Esc (quit).
    /// SCO F1 (`ESC [ M`) is not Esc either.
    @Test func altKeysAndSCOF1DoNotQuit() throws {
        let session = try Self.itemsSession(arguments: ["--no-mouse"])
        let tmux = session.tmux
        tmux.sendKeys("M-j")
        tmux.sendKeys("M-q")
        tmux.sendKeys("M-Enter")
        _ = try? tmux.run(["send-keys", "-t", tmux.session, "-H", "1b", "5b", "4d"])
        usleep(400_000)
        #expect(!tmux.capture().contains("pullfeed exited"))
        #expect(session.selected()?.contains("Item 001") == true, "Alt-j moved: \(session.lines())")
        tmux.sendKeys("Down")
        try session.waitForSelection("Item 002")
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// An arrow key whose bytes arrive apart (a slow link) is still one key, not Esc. The gap
    /// is real (two tmux commands); `ESCDELAY` gives a loaded machine room, the 100 ms default
    /// is checked by the decoder's and the loop's tests.
    @Test func aSplitArrowKeyIsOneKey() throws {
        let session = try Self.itemsSession(environment: ["ESCDELAY": "600"])
        let tmux = session.tmux
        _ = try? tmux.run(["send-keys", "-t", tmux.session, "-H", "1b"])
        usleep(80_000)
        _ = try? tmux.run(["send-keys", "-t", tmux.session, "-H", "5b", "42"])
        try session.waitForSelection("Item 002")
        #expect(!tmux.capture().contains("pullfeed exited"))
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// Bad `ESCDELAY` values are ignored (text, negative); `0` makes Esc act at once.
    @Test(arguments: ["0", "-5", "abc"])
    func badEscDelayStillQuitsOnEsc(value: String) throws {
        let session = try Session([], term: "tmux-256color", environment: ["ESCDELAY": value])
        try session.tmux.waitFor("Article 1")
        session.tmux.sendKeys("Escape")
        #expect(try session.exitStatus() == 0)
    }

    // MARK: Pastes

    /// A paste is one event: in the list it is ignored, never typed as keys (its `q` does not
    /// quit), and nothing of it reaches the shell after the exit.
    @Test func aPasteIsNeverKeysAndNeverReachesTheShell() throws {
        let session = try Self.itemsSession()
        let tmux = session.tmux
        try tmux.run(["set-buffer", "hello q j j\necho LEAKED-$((6*7))\n"])
        try tmux.run(["paste-buffer", "-p", "-t", tmux.session])
        usleep(400_000)
        #expect(!tmux.capture().contains("pullfeed exited"))
        #expect(session.selected()?.contains("Item 001") == true, "the paste moved: \(session.lines())")
        // A megabyte of paste (with q, j, newlines, CJK), then the app still answers keys. (Binary
        // pastes are the decoder's tests: tmux 3.3a itself dies pasting arbitrary bytes.)
        let text = String(repeating: "hello q world 中文 🎉 j k\n", count: 36_200)  // just over 1 MiB
        let big = HardeningSession.fixture("big.txt", in: session.directory, Array(text.utf8))
        try tmux.run(["load-buffer", big])
        try tmux.run(["paste-buffer", "-p", "-t", tmux.session])
        tmux.sendKeys("Down")
        try session.waitForSelection("Item 002", timeout: 20)
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        usleep(300_000)
        #expect(!tmux.capture().contains("LEAKED-42"))
    }

    /// `--no-mouse` leaves the mouse to the terminal (its own selection and copy); by default
    /// the app reports clicks and the wheel.
    @Test(arguments: [([], "1"), (["--no-mouse"], "0")] as [([String], String)])
    func mouseReportingFollowsNoMouse(arguments: [String], flag: String) throws {
        let session = try Self.itemsSession(arguments: arguments)
        let tmux = session.tmux
        #expect(try tmux.run(["display-message", "-p", "-t", tmux.session, "#{mouse_any_flag}"]).hasPrefix(flag))
        tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        #expect(try tmux.run(["display-message", "-p", "-t", tmux.session, "#{mouse_any_flag}"]).hasPrefix("0"))
    }

    // MARK: Size

    /// Exported `COLUMNS`/`LINES` do not override the window: the frame fills 80×24.
    @Test func exportedColumnsAndLinesDoNotOverrideTheWindow() throws {
        let session = try Session([], term: "tmux-256color", environment: ["COLUMNS": "40", "LINES": "10"])
        let screen = try session.tmux.waitFor("q quit")
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[0].count > 60, "\(lines[0])")
        #expect(lines[23].contains("q quit"), "\(lines)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    // MARK: The choice and the exit status

    /// `seq 10 | pullfeed`, Down Down Enter: `3` stays on the terminal with the prompt below it.
    /// The bytes the app wrote end with the choice: the restore went out once, before it.
    @Test func theChosenLineStaysOnTheTerminalAndNothingFollowsIt() throws {
        let session = try HardeningSession([], prefix: "seq 10 |", recordOutput: true)
        try session.tmux.waitFor("10 items")
        session.tmux.sendKeys("Down")
        session.tmux.sendKeys("Down")
        try session.tmux.waitUntil("3 selected") { $0.contains("›3") }
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        session.expectTerminalRestored("after Enter")
        let screen = session.screenLines()
        #expect(screen.contains("3"), "\(screen)")
        let bytes = session.outputBytes()
        let leave = Array("\u{1B}[?1049l".utf8)
        let leaves = (0...(bytes.count - leave.count)).filter { bytes[$0..<$0 + leave.count].elementsEqual(leave) }
        #expect(leaves.count == 1, "the alternate screen was left \(leaves.count) times")
        let choice = Array("3\r\n".utf8)
        #expect(bytes.count >= choice.count && Array(bytes.suffix(choice.count)) == choice, "the last bytes: \(Array(bytes.suffix(40)))")
        #expect((leaves.last ?? bytes.count) < bytes.count - choice.count)
        // Bracketed paste was on while the app ran and is off again.
        let on = Array("\u{1B}[?2004h".utf8), off = Array("\u{1B}[?2004l".utf8)
        let lastOn = (0...(bytes.count - on.count)).last { bytes[$0..<$0 + on.count].elementsEqual(on) }
        let lastOff = (0...(bytes.count - off.count)).last { bytes[$0..<$0 + off.count].elementsEqual(off) }
        #expect(lastOn != nil && lastOff != nil && lastOff! > lastOn!)
    }

    /// Leaving a line source without a choice: 130 when stdout is not a terminal (a pipeline
    /// expects a choice), 0 when it is (viewing, as with `less`). The demo is never a choice.
    @Test(arguments: [
        ("seq 10 |", "> out.txt", "q", 130), ("seq 10 |", "> out.txt", "Escape", 130), ("seq 10 |", "", "q", 0),
        ("", "> out.txt", "q", 0),
    ] as [(String, String, String, Int)])
    func leavingWithoutAChoice(prefix: String, redirections: String, key: String, status: Int) throws {
        let session = try Session([], term: "tmux-256color", prefix: prefix, redirections: redirections)
        try session.tmux.waitFor("q quit")
        session.tmux.sendKeys(key)
        #expect(try session.exitStatus() == status)
        if !redirections.isEmpty { #expect(session.file("out.txt").isEmpty) }
    }

    /// Ctrl-C is 130 with stdout a terminal or not.
    @Test(arguments: ["", "> out.txt"])
    func ctrlCIs130(redirections: String) throws {
        let session = try Session([], term: "tmux-256color", prefix: "trap : INT; seq 10 |", redirections: redirections)
        try session.tmux.waitFor("q quit")
        session.tmux.sendKeys("C-c")
        #expect(try session.exitStatus() == 130)
    }
}
