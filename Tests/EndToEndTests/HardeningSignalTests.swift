import Foundation
import Testing

/// SIGINT, SIGTERM and SIGHUP while idle, while refreshing and while a command runs: the
/// app exits with 128 + the signal, the terminal is restored, and the command's whole
/// process group is gone.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct HardeningSignalTests {
    enum Moment: String, CaseIterable {
        case idle, refreshing, commandRunning
    }

    static let signals: [(name: String, number: Int32)] = [("SIGINT", SIGINT), ("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP)]

    @Test(arguments: Moment.allCases)
    func signalsRestoreTheTerminalAndEndTheChildren(moment: Moment) throws {
        for (name, signal) in Self.signals {
            let context = "\(name) while \(moment.rawValue)"
            let directory = HardeningSession.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
        defer { try? FileManager.default.removeItem(atPath: directory) }
            let pidFile = directory + "/child.pid"
            let arguments: [String]
            switch moment {
            case .idle: arguments = ["--latency", "0"]
            case .refreshing: arguments = ["--latency", "5"]
            case .commandRunning:
                // The shell records its pid (= the process group), starts a grandchild, and hangs.
                arguments = ["--command", "echo $$ > '\(pidFile)'; sleep 30 & sleep 30"]
            }
            let session = try HardeningSession(arguments, directory: directory)
            let app = try session.appPID()
            switch moment {
            case .idle: try session.tmux.waitFor("10+ items")
            case .refreshing: try session.tmux.waitFor("Loading...")
            case .commandRunning: try session.tmux.waitFor("Loading...")
            }
            #expect(session.tmux.isAlternateScreenOn(), "\(context): the app never drew")
            let group = moment == .commandRunning ? ProcessProbe.pid(inFile: pidFile) : nil
            if moment == .commandRunning {
                #expect(group != nil, "\(context): the command did not start")
                #expect(ProcessProbe.members(ofGroup: group ?? -1).count >= 2, "\(context): the command's group is not running")
            }

            #expect(kill(app, signal) == 0)
            let status = try session.exitStatus()
            #expect(status == Int(128 + signal), "\(context): exit status")
            session.expectTerminalRestored(context)
            #expect(!session.tmux.capture().contains("pullfeed:"), "\(context): printed an error")
            if let group {
                let deadline = Date().addingTimeInterval(3)
                while !ProcessProbe.members(ofGroup: group).isEmpty, Date() < deadline { usleep(20_000) }
                #expect(ProcessProbe.members(ofGroup: group).isEmpty, "\(context): the command outlived the app")
            }
        }
    }

    /// Ctrl-C typed at the keyboard (read as a key, it acts as SIGINT) and q during a command.
    @Test func ctrlCAndQuitDuringACommandLeaveNothingRunning() throws {
        for (keys, expected) in [("C-c", [0, 130]), ("q", [0])] {
            let directory = HardeningSession.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
        defer { try? FileManager.default.removeItem(atPath: directory) }
            let pidFile = directory + "/child.pid"
            let session = try HardeningSession(["--command", "echo $$ > '\(pidFile)'; exec sleep 30"], directory: directory)
            try session.tmux.waitFor("Loading...")
            let group = try #require(ProcessProbe.pid(inFile: pidFile))
            session.tmux.sendKeys(keys)
            let status = try session.exitStatus()
            #expect(expected.contains(status), "\(keys): status \(status)")
            session.expectTerminalRestored(keys)
            let deadline = Date().addingTimeInterval(3)
            while !ProcessProbe.members(ofGroup: group).isEmpty, Date() < deadline { usleep(20_000) }
            #expect(ProcessProbe.members(ofGroup: group).isEmpty, "\(keys): the command outlived the app")
        }
    }

    /// Started with SIGINT, SIGTERM, SIGHUP and SIGWINCH blocked (the mask is inherited, and
    /// some supervisors and test runners block them): resizes and SIGTERM still work.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/perl"), "needs perl to block signals"))
    func inheritedBlockedSignalsAreUnblocked() throws {
        let block = "perl -MPOSIX -e 'sigprocmask(SIG_BLOCK, POSIX::SigSet->new(SIGHUP, SIGINT, SIGTERM, \(SIGWINCH))); exec @ARGV'"
        let session = try HardeningSession(["--latency", "0"], prefix: block)
        let app = try session.appPID()
        try session.tmux.waitFor("10+ items")
        session.resize(columns: 50, rows: 10)
        try session.tmux.waitUntil(timeout: 5, "the 50-column layout") {
            ($0.components(separatedBy: "\n").first.map(displayWidth) ?? 0) >= 48 && displayWidth($0.components(separatedBy: "\n")[0]) <= 50
        }
        #expect(kill(app, SIGTERM) == 0)
        #expect(try session.exitStatus() == 143)
        session.expectTerminalRestored("blocked signals")
    }

    /// Crashes and SIGQUIT: the process still dies of its signal, but the emergency handler
    /// gives the terminal back first. Ctrl-\, read as a key, exits with the same 131.
    @Test func crashesAndQuitSignalRestoreTheTerminal() throws {
        let cases: [(String, Int32, String?)] = [("Ctrl-\\", SIGQUIT, "C-\\"), ("SIGQUIT", SIGQUIT, nil), ("SIGSEGV", SIGSEGV, nil),
                                                  ("SIGABRT", SIGABRT, nil), ("SIGBUS", SIGBUS, nil)]
        for (name, signal, key) in cases {
            // No core files; a trap keeps the shell alive through the tty's SIGQUIT.
            let session = try HardeningSession(["--latency", "0"], prefix: "ulimit -c 0; trap : QUIT;")
            let app = try session.appPID()
            try session.tmux.waitFor("10+ items")
            if let key { session.tmux.sendKeys(key) } else { #expect(kill(app, signal) == 0) }
            #expect(try session.exitStatus() == Int(128 + signal), "\(name)")
            session.expectTerminalRestored(name)
        }
    }

    /// A crash or Ctrl-\ while a command runs: its whole process group dies with the app.
    @Test func crashesWhileACommandRunsEndItsProcessGroup() throws {
        for (name, signal, key) in [("Ctrl-\\", SIGQUIT, "C-\\"), ("SIGSEGV", SIGSEGV, nil)] as [(String, Int32, String?)] {
            let directory = HardeningSession.makeDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let pidFile = directory + "/child.pid"
            let session = try HardeningSession(["--command", "echo $$ > '\(pidFile)'; sleep 30 & sleep 30"], directory: directory,
                                               prefix: "ulimit -c 0; trap : QUIT;")
            let app = try session.appPID()
            try session.tmux.waitFor("Loading...")
            let group = try #require(ProcessProbe.pid(inFile: pidFile))
            #expect(ProcessProbe.members(ofGroup: group).count >= 2, "\(name): the command's group is not running")
            if let key { session.tmux.sendKeys(key) } else { #expect(kill(app, signal) == 0) }
            #expect(try session.exitStatus() == Int(128 + signal), "\(name)")
            session.expectTerminalRestored(name)
            let deadline = Date().addingTimeInterval(3)
            while !ProcessProbe.members(ofGroup: group).isEmpty, Date() < deadline { usleep(20_000) }
            #expect(ProcessProbe.members(ofGroup: group).isEmpty, "\(name): the command outlived the app")
        }
    }

    /// Ctrl-Z in a job-control shell: while stopped, the shell has a normal terminal (main
    /// screen, cursor, echo, no mouse reports); `fg` brings the app back, working.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash for job control"))
    func ctrlZSuspendsCleanlyAndFgResumes() throws {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tmux = try Tmux(command: ["bash", "--norc", "--noprofile", "-i"],
                            environment: ["PS1": "$ ", "SWIFT_BACKTRACE": "enable=no", "XDG_STATE_HOME": directory])
        defer { tmux.kill() }
        let pane = { (format: String) in
            ((try? tmux.run(["display-message", "-p", "-t", tmux.session, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try tmux.waitFor("$")
        tmux.sendKeys("\(Tmux.shellQuote(binary.path)) --latency 0", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitFor("10+ items")
        #expect(pane("#{alternate_on} #{mouse_any_flag}") == "1 1")

        tmux.sendKeys("C-z")
        try tmux.waitFor("Stopped")
        #expect(pane("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0", "while stopped")
        tmux.sendKeys("stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e icanon | tr '\\n' ' '; echo", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitFor("\nicanon echo\n")

        tmux.sendKeys("fg", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitUntil(timeout: 5, "the app to come back") { $0.contains("10+ items") && pane("#{alternate_on} #{mouse_any_flag}") == "1 1" }
        // Back in raw mode: Ctrl-C is a key again, Ctrl-S/Ctrl-Q flow control off.
        let stty = Process()
        stty.executableURL = URL(fileURLWithPath: "/bin/stty")
        stty.arguments = ["-a", "-F", pane("#{pane_tty}")]
        let output = Pipe()
        stty.standardOutput = output
        try stty.run()
        stty.waitUntilExit()
        let modes = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }).map(String.init)
        #expect(modes.contains("-isig") && modes.contains("-ixon"), "after fg: \(modes)")
        let before = tmux.capture()
        tmux.sendKeys("j")
        try tmux.waitUntil(timeout: 5, "a move after fg") { $0 != before }
        tmux.sendKeys("q")
        try tmux.waitUntil(timeout: 5, "the prompt") { _ in pane("#{alternate_on}") == "0" }
        #expect(pane("#{cursor_flag} #{mouse_any_flag}") == "1 0")
    }
}
