import Foundation
import Testing

/// The real `pullfeed` binary in a real terminal (tmux, 80×24), driven as a user would.
/// Needs `swift build` to have built `pullfeed`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct PullFeedAppTests {
    let stateDir = NSTemporaryDirectory() + "pullfeed-e2e-state-\(UUID().uuidString)"

    /// Runs `pullfeed ARGS` from `sh`, which prints the exit status afterwards and stays.
    func start(_ arguments: [String], shellPrefix: String = "", shellSuffix: String = "",
               columns: Int = 80, rows: Int = 24, waitFor text: String? = nil) throws -> Tmux {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let quoted = ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ")
        let script = "\(shellPrefix)\(quoted)\(shellSuffix); echo \"pullfeed exited with $?\"; exec sh"
        let tmux = try Tmux(columns: columns, rows: rows, command: ["sh", "-c", script], environment: [
            "PS1": "$ ", "XDG_STATE_HOME": stateDir, "SWIFT_BACKTRACE": "enable=no",
        ])
        if let text {
            try tmux.waitFor(text)
            _ = try settled(tmux)
        }
        return tmux
    }

    /// Writes `lines` to a temporary file, runs `body` with its path, and removes it.
    func withLineFile(_ lines: [String], _ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "pullfeed-e2e-\(UUID().uuidString).txt"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        try body(path)
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    /// Presses keys and waits until `text` shows up (or the screen changed), then until the
    /// screen is settled: a capture can land between two rows of one frame's update.
    @discardableResult
    func press(_ tmux: Tmux, _ keys: String..., until text: String? = nil) throws -> String {
        let before = tmux.capture()
        for key in keys { tmux.sendKeys(key) }
        if let text {
            try tmux.waitFor(text)
        } else {
            try tmux.waitUntil(timeout: 5, "the screen to change after \(keys)") { $0 != before }
        }
        return try settled(tmux)
    }

    /// The screen once two captures 50 ms apart agree.
    func settled(_ tmux: Tmux) throws -> String {
        var last = tmux.capture()
        return try tmux.waitUntil(timeout: 5, "the screen to settle") { screen in
            usleep(50_000)
            defer { last = screen }
            return screen == last
        }
    }

    @Test func demoPullToRefresh() throws {
        let tmux = try start(["--latency", "0.3"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        var screen = tmux.capture()
        #expect(lines(screen)[0].hasPrefix(" PullFeed · Demo articles"))
        #expect(lines(screen)[0].hasSuffix("10+ items"))
        #expect(lines(screen)[2].hasPrefix("›"))
        #expect(lines(screen)[23].hasPrefix(" ↑↓ move  / search  & filter"))

        screen = try press(tmux, "Up", until: "Pull down to refresh")
        #expect(lines(screen)[1] == " ↓ Pull down to refresh")
        screen = try press(tmux, "Up", until: "Release to refresh")
        #expect(lines(screen)[2].hasPrefix("   Last updated: Today "))
        try tmux.waitFor("Loading...", timeout: 3)
        try tmux.waitFor("(edition 2)", timeout: 5)
        screen = try settled(tmux)
        #expect(!screen.contains("Loading..."))
        #expect(lines(screen)[1].hasPrefix("  Article 1 ·"))
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func loadMoreToTheEnd() throws {
        let tmux = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        for items in ["20+", "30+", "40+", "50"] {
            tmux.sendKeys("End")
            try tmux.waitFor("\(items) items", timeout: 5)
        }
        tmux.sendKeys("End")
        try tmux.waitUntil("the footer to say No more data") { lines($0)[22] == "   No more data" }
        let screen = try settled(tmux)
        #expect(screen.contains("Article 50 ·"))
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func addAComment() throws {
        let tmux = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        var screen = tmux.capture()
        let actionRow = try #require(lines(screen).firstIndex(of: "   ＋ Add a comment"))
        for _ in 0..<(actionRow - 2) { tmux.sendKeys("Down") }
        try tmux.waitUntil("the action row to be selected") { lines($0)[actionRow] == "›  ＋ Add a comment" }
        screen = try press(tmux, "Enter", until: "You: New comment")
        #expect(lines(screen)[actionRow].hasPrefix("›  💬 You: New comment #"))
        #expect(lines(screen)[actionRow + 1] == "   ＋ Add a comment")
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func fileOfTenThousandLinesWithEndAndHome() throws {
        try withLineFile((1...10_000).map { "line \($0)" }) { path in
            let tmux = try start(["--file", path], waitFor: "line 1")
            defer { tmux.kill() }
            // A file is counted in the background: the title says so until the count is exact.
            _ = try tmux.waitFor("10,000 items")
            var screen = try press(tmux, "End", until: "›line 10000")
            #expect(lines(screen)[0].hasSuffix("10,000 items"))
            // End follows the file, which is watched: more may come, as less says "Waiting for data".
            #expect(lines(screen)[22] == "   Waiting for more...")
            screen = try press(tmux, "Home", until: "›line 1\n")
            #expect(lines(screen)[1] == "›line 1")
            tmux.sendKeys("q")
            try tmux.waitFor("pullfeed exited with 0")
        }
    }

    /// Scrolling uses the terminal's scroll region (sent by ScreenWriter, not
    /// found by ncurses): after bursts of moves each way every row must still hold the right
    /// line, and exactly one row the selection.
    @Test func scrollingKeepsEveryRowRight() throws {
        try withLineFile((1...500).map { "line \($0) · 第\($0)条" }) { path in
            let tmux = try start(["--file", path], waitFor: "line 1 ")
            defer { tmux.kill() }
            func check(selected: Int, _ context: String) throws {
                let screen = try tmux.waitUntil("line \(selected) to be selected (\(context))") {
                    $0.contains("›line \(selected) ·")
                }
                _ = try settled(tmux)
                let rows = Array(lines(screen)[1...22])
                let first = try #require(Int(rows[0].dropFirst().split(separator: " ")[1]), "\(context): \(rows[0])")
                for (i, row) in rows.enumerated() {
                    let n = first + i
                    #expect(row == (n == selected ? "›" : " ") + "line \(n) · 第\(n)条", "\(context): row \(i + 1)")
                }
                let styled = Array(tmux.captureStyled().components(separatedBy: "\n")[1...22])
                #expect(styled.filter { $0.contains("\u{1B}[7m") || $0.contains(";7m") }.count == 1, "\(context): one reversed row")
            }
            for _ in 0..<40 { tmux.sendKeys("Down") }
            try check(selected: 41, "40 × Down")
            for _ in 0..<30 { tmux.sendKeys("Up") }
            try check(selected: 11, "30 × Up")
            tmux.sendKeys("PageDown")
            tmux.sendKeys("Down")
            tmux.sendKeys("Down")
            try check(selected: 34, "PgDn, 2 × Down")
            for _ in 0..<3 { tmux.sendKeys("Up") }
            try check(selected: 31, "3 × Up")
            tmux.sendKeys("q")
            try tmux.waitFor("pullfeed exited with 0")
        }
    }

    @Test func failingCommandKeepsItemsAndShowsTheReason() throws {
        let marker = NSTemporaryDirectory() + "pullfeed-e2e-marker-\(UUID().uuidString)"
        defer { unlink(marker) }
        let command = "if [ -e \(marker) ]; then echo 'upstream is down' >&2; exit 3; fi; touch \(marker); seq 1 30 | sed 's/^/entry /'"
        let tmux = try start(["--command", command], waitFor: "entry 1")
        defer { tmux.kill() }
        var screen = try press(tmux, "r", until: "Refresh failed: upstream is down")
        #expect(lines(screen)[23] == " Refresh failed: upstream is down")
        #expect(screen.contains("entry 1\n"))
        #expect(lines(screen)[0].hasSuffix("30 items"))
        try tmux.waitUntil(timeout: 6, "the toast to go") { !$0.contains("Refresh failed") }
        screen = try settled(tmux)
        #expect(lines(screen)[23].hasPrefix(" ↑↓ move"))
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func pipedStdinEnterPrintsTheLine() throws {
        let out = NSTemporaryDirectory() + "pullfeed-e2e-out-\(UUID().uuidString).txt"
        defer { unlink(out) }
        let tmux = try start([], shellPrefix: "seq 1 500 | ", shellSuffix: " > \(Tmux.shellQuote(out))", waitFor: "stdin")
        defer { tmux.kill() }
        try tmux.waitFor("›1\n")
        tmux.sendKeys("Down", "Down", "Enter")
        try tmux.waitFor("pullfeed exited with 0")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "3\n")
        #expect(!tmux.isAlternateScreenOn())
    }

    @Test func quitRestoresTheScreen() throws {
        let tmux = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        #expect(tmux.isAlternateScreenOn())
        tmux.sendKeys("q")
        let screen = try tmux.waitFor("pullfeed exited with 0")
        #expect(!tmux.isAlternateScreenOn())
        #expect(!screen.contains("PullFeed ·"))
        tmux.sendKeys("echo typed-here", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitUntil("the shell to echo") { $0.components(separatedBy: "typed-here").count >= 3 }
    }

    /// Sends raw bytes to the program, as a terminal does for mouse events.
    func sendBytes(_ tmux: Tmux, _ text: String) throws {
        try tmux.run(["send-keys", "-t", tmux.session, "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    @Test func mouseWheelScrollsAndClickSelects() throws {
        let tmux = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        try sendBytes(tmux, "\u{1B}[<65;10;5M")  // SGR wheel down
        try tmux.waitUntil("the wheel to scroll") { !$0.contains("Article 1 ·") }
        var screen = try settled(tmux)
        try sendBytes(tmux, "\u{1B}[<0;10;9M\u{1B}[<0;10;9m")  // left click on screen row 8 (selectable)
        try tmux.waitUntil("the click to select row 8") { self.lines($0)[8].hasPrefix("›") }
        screen = try settled(tmux)
        #expect(lines(screen).filter { $0.hasPrefix("›") }.count == 1)
        // Wheel up: a flick that reaches the top stops there, as a fling bounces on a phone.
        try sendBytes(tmux, String(repeating: "\u{1B}[<64;10;5M", count: 3))
        try tmux.waitUntil("the wheel to reach the top") { $0.contains("Article 1 ·") }
        usleep(800_000)
        #expect(!tmux.capture().contains("(edition 2)") && !tmux.capture().contains("Loading..."))
        // A new turn of the wheel at the top pulls two rows, released by the delay.
        try sendBytes(tmux, String(repeating: "\u{1B}[<64;10;5M", count: 2))
        try tmux.waitFor("(edition 2)")
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func ctrlLRepaintsAScreenAnotherProgramWroteOver() throws {
        let tmux = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        defer { tmux.kill() }
        let before = try settled(tmux)
        let tty = try tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let junk = "\u{1B}[2J\u{1B}[5;5HGARBAGE FROM ELSEWHERE"
        try junk.write(toFile: tty, atomically: false, encoding: .utf8)
        try tmux.waitFor("GARBAGE FROM ELSEWHERE")
        tmux.sendKeys("C-l")
        try tmux.waitUntil("the repaint") { !$0.contains("GARBAGE") }
        #expect(try settled(tmux) == before)
        tmux.sendKeys("q")
        try tmux.waitFor("pullfeed exited with 0")
    }

    @Test func lastUpdatedSurvivesARestart() throws {
        let first = try start(["--latency", "0.05"], waitFor: "Article 1 ·")
        first.sendKeys("q")
        try first.waitFor("pullfeed exited with 0")
        first.kill()
        // The first load is nobody's pull: it shows in the status line; a pull during it shows
        // the header, with the time the last run recorded.
        let second = try start(["--latency", "2"], waitFor: "Loading...")
        second.sendKeys("Up")
        try second.waitFor("Last updated: Today ")
        defer { second.kill() }
        second.sendKeys("q")
        try second.waitFor("pullfeed exited with 0")
    }
}

/// The command line without a terminal: usage errors, help, no TTY.
@Suite struct PullFeedCommandLineTests {
    typealias Run = ToolRun

    func run(_ arguments: [String], environment: [String: String]? = nil, newSession: Bool = false) throws -> Run {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        return try ToolRun.run(newSession ? "/usr/bin/setsid" : binary.path, newSession ? ["-w", binary.path] + arguments : arguments,
                               environment: environment)
    }

    @Test func usageErrorsExit2WithOneLine() throws {
        for arguments in [["--page-size", "0"], ["--bogus"], ["--footer", "sideways"], ["--file", "a", "a"], ["a", "b", "--section-by", "x"],
                          ["--fail-rate", "2"], ["--lang", "fr"]] {
            let result = try run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("pullfeed: "), "\(arguments)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// A negative number is a value, not an option: it gets the option's own rule, as 0 does,
    /// whichever the language and however it is attached.
    @Test func negativeNumbersGetTheOptionsRule() throws {
        let cases: [([String], String)] = [
            (["--every", "-1"], "--every must be at least 0.1 seconds (got -1)"),
            (["--every=-1"], "--every must be at least 0.1 seconds (got -1)"),
            (["--every", "-0.5"], "--every must be at least 0.1 seconds (got -0.5)"),
            (["--header-lines", "-1"], "--header-lines must be between 0 and 1000 (got -1)"),
            (["--page-size", "-5"], "--page-size must be between 1 and 100000 (got -5)"),
            (["--timeout", "-1"], "--timeout must be 0 (no limit) or more seconds (got -1)"),
            (["--release-delay", "-1"], "--release-delay must be between 0 and 60 seconds (got -1)"),
            (["--latency", "-1"], "--latency must be between 0 and 600 seconds (got -1)"),
            (["--every", "100000"], "--every must be at most 86400 seconds, a day (got 100000)"),
            (["--timeout", "100000"], "--timeout must be at most 86400 seconds, a day (got 100000)"),
            (["--fail-rate", "-1"], "--fail-rate must be between 0 and 1 (got -1)"),
            (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615 (got '-1')"),
            (["--seed=-1"], "--seed must be a whole number from 0 to 18446744073709551615 (got '-1')"),
        ]
        for (arguments, message) in cases {
            for language in [[], ["--lang", "zh-Hans"]] {
                let result = try run(language + arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr == "pullfeed: \(message) (see 'pullfeed --help')\n", "\(language + arguments)")
                #expect(result.stdout.isEmpty)
            }
        }
        let every = try run(["--every", "0"])
        #expect(every.stderr == "pullfeed: --every must be at least 0.1 seconds (got 0) (see 'pullfeed --help')\n")
        #expect(try run(["--every"]).stderr.contains("Missing value for '--every <seconds>'"))
        #expect(try run(["--every", "--no-color"]).stderr.contains("'--every <seconds>'"))
    }

    @Test func maxDiskTakesASizeOrExits2() throws {
        for value in ["lots", "-1", "4X", ""] {
            let result = try run(["--max-disk", value])
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr == "pullfeed: --max-disk must be a size such as 512M, 4G or a number of bytes; 0 for no limit (got '\(value)') (see 'pullfeed --help')\n")
        }
        #expect(try run(["--help"]).stdout.contains("--max-disk <size>"))
    }

    /// `--help` in Chinese under a Chinese locale or with `--lang zh-Hans`, every flag and key
    /// of the preview, the bound keys, several choices and sections included; `--lang en` wins
    /// over the locale.
    @Test func helpFollowsTheLanguage() throws {
        var chinese = ProcessInfo.processInfo.environment
        chinese["LANG"] = "zh_CN.UTF-8"
        chinese["LC_ALL"] = nil
        var plain = ProcessInfo.processInfo.environment
        plain["LANG"] = "C.UTF-8"
        plain["LC_ALL"] = nil
        for (arguments, environment) in [(["--help"], chinese), (["--lang", "zh-Hans", "--help"], plain)] {
            let help = try run(arguments, environment: environment)
            #expect(help.status == 0)
            // The help is wrapped to the terminal's width: compare the texts without white space.
            let text = help.stdout.filter { !$0.isWhitespace }
            for wanted in ["终端里可刷新、分组的列表", "--preview <cmd>", "在列表旁的窗格中显示选中行", "--preview-window <spec>",
                         "预览窗格的位置", "-m, --multi", "多选：Tab 标记当前行并下移", "--bind <bindings>", "像 fzf 那样把按键绑定到动作",
                         "--section-by <regex>", "按这个 POSIX 扩展正则表达式把行分组", "显示或隐藏预览", "折叠除所选分组外的所有分组",
                         "退出状态：0 正常"] {
                #expect(text.contains(wanted.filter { !$0.isWhitespace }), "\(arguments): help lacks \(wanted)")
            }
        }
        let english = try run(["--lang", "en", "--help"], environment: chinese)
        #expect(english.stdout.hasPrefix("OVERVIEW: A refreshable, sectioned list in the terminal"))
        #expect(english.stdout.contains("Several choices: Tab marks the row and moves down"))
    }

    @Test func helpAndVersion() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        for option in ["--file", "--command", "--page-command", "--page-size", "--footer", "--release-delay",
                       "--latency", "--fail-rate", "--seed", "--timeout", "--lang", "--no-color", "--version"] {
            #expect(help.stdout.contains(option), "help lacks \(option)")
        }
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).first?.isNumber == true)
    }

    @Test func noTerminalIsOneClearLineAndExit1() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let cases: [(String, [String: String])] = [
            ("no controlling terminal", ["PATH": path, "TERM": "xterm-256color"]),
            ("TERM unset", ["PATH": path]),
            ("TERM=dumb", ["PATH": path, "TERM": "dumb"]),
            ("unknown TERM", ["PATH": path, "TERM": "nonexistent-terminal"]),
        ]
        for (name, environment) in cases {
            let result = try run(["--latency", "0"], environment: environment, newSession: true)
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("pullfeed: "), "\(name)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name)")
        }
    }
}
