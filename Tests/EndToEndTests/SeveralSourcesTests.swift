import Foundation
import Testing

/// Several sources in one list, in the real binary: each a section headed by its title and
/// state, refreshed on its own (counted by the commands themselves), files followed as
/// `tail -f a b` follows them, `}` and `{` between sources, alerts on new lines only.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct SeveralSourcesTests {
    typealias Session = EveryTerminalTests.Session

    /// How many times the command that appends to `name` ran.
    func runs(_ session: Session, _ name: String) -> Int { session.file(name).split(separator: "\n").count }

    /// Waits until each file of `counts` holds that many runs, then a little longer, and checks
    /// none ran again meanwhile.
    func expectRuns(_ counts: [String: Int], _ session: Session, _ what: String) throws {
        try session.tmux.waitUntil("\(counts) (\(what))") { _ in counts.allSatisfy { runs(session, $0.key) >= $0.value } }
        usleep(800_000)
        for (name, count) in counts { #expect(runs(session, name) == count, "\(name) after \(what)") }
    }

    @Test func twoCommandsAreTwoHeadedSectionsAndEachRefreshesOnItsOwn() throws {
        let session = try Session(["-c", "echo x >> runs-a; seq 3", "--command", "echo x >> runs-b; printf 'b1\\nb2\\n'",
                                   "--release-delay", "0.2"], term: "tmux-256color")
        try session.tmux.waitFor("echo x >> runs-b; printf 'b1\\nb2\\n' · 2 lines")
        try session.tmux.waitFor("▾ echo x >> runs-a; seq 3 · 3 lines")
        let screen = session.lines()
        let first = try #require(screen.firstIndex { $0.contains("▾ echo x >> runs-a; seq 3 · 3 lines") })
        #expect(screen[first + 1].hasSuffix("1") && screen[first + 3].hasSuffix("3"), "\(screen)")
        let second = try #require(screen.firstIndex { $0.contains("▾ echo x >> runs-b") })
        #expect(second == first + 4 && screen[second + 1].hasSuffix("b1"), "\(screen)")
        #expect(screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("} { source") == true)
        try expectRuns(["runs-a": 1, "runs-b": 1], session, "the first load")
        // r: the selected row's source only (the first row is the first source's).
        session.tmux.sendKeys("r")
        try expectRuns(["runs-a": 2, "runs-b": 1], session, "r on the first source")
        session.tmux.sendKeys("}")
        try session.waitForSelection("b1")
        session.tmux.sendKeys("r")
        try expectRuns(["runs-a": 2, "runs-b": 2], session, "r on the second source")
        session.tmux.sendKeys("R")
        try expectRuns(["runs-a": 3, "runs-b": 3], session, "R")
        // A pull: every source once.
        session.tmux.sendKeys("Home")
        usleep(300_000)
        session.tmux.sendKeys("Up", "Up", "Up")
        try expectRuns(["runs-a": 4, "runs-b": 4], session, "a pull")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// SIGUSR1 comes from outside the list: every source refreshes once, whatever row is selected.
    @Test func sigusr1RefreshesEverySource() throws {
        let session = try Session(["-c", "echo x >> runs-a; seq 3", "--command", "echo x >> runs-b; echo b"], term: "tmux-256color")
        try session.tmux.waitFor("▾ echo x >> runs-b; echo b · 1 line")
        try expectRuns(["runs-a": 1, "runs-b": 1], session, "the first load")
        let pid = try #require(session.tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") })
        #expect(kill(pid, SIGUSR1) == 0)
        try expectRuns(["runs-a": 2, "runs-b": 2], session, "SIGUSR1")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// `P` pauses every source's schedule (each header says `paused`, no command runs), and
    /// resumes them all once all are paused; `p` pauses the selected row's source only.
    @Test func capitalPPausesEverySourceAndResumesThemAll() throws {
        let session = try Session(["-c", "echo x >> runs-a; echo a", "-c", "echo x >> runs-b; echo b", "--every", "0.3"],
                                  term: "tmux-256color")
        /// How many sources' headers say `word`.
        func headers(saying word: String) -> Int {
            session.lines().filter { $0.contains("▾ echo x >> runs-") && $0.hasSuffix(word) }.count
        }
        try session.tmux.waitUntil("both scheduled") { _ in headers(saying: "every 0.3s") == 2 }
        session.tmux.sendKeys("P")
        try session.tmux.waitUntil("both paused") { _ in headers(saying: "paused") == 2 }
        usleep(500_000)
        let paused = (runs(session, "runs-a"), runs(session, "runs-b"))
        usleep(1_200_000)
        #expect(runs(session, "runs-a") == paused.0 && runs(session, "runs-b") == paused.1, "no run while paused")
        session.tmux.sendKeys("P")
        try session.tmux.waitUntil("both resumed") { _ in
            runs(session, "runs-a") > paused.0 + 1 && runs(session, "runs-b") > paused.1 + 1
        }
        // p: the selected row's source (the first) only; P then resumes nothing but pauses the other.
        session.tmux.sendKeys("p")
        try session.tmux.waitUntil("one paused") { _ in headers(saying: "paused") == 1 }
        session.tmux.sendKeys("P")
        try session.tmux.waitUntil("both paused again") { _ in headers(saying: "paused") == 2 }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    /// `--title` names a single source in the title bar, in place of the command as typed.
    @Test func titleNamesASingleSourceInTheTitleBar() throws {
        let session = try Session(["--title", "pods", "-c", "printf 'web-1\\nweb-2\\n'"], term: "tmux-256color")
        try session.tmux.waitFor("web-2")
        #expect(session.lines()[0].contains("PullFeed · pods"), "\(session.lines()[0])")
        #expect(!session.lines()[0].contains("printf"))
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func aFailingSourceSaysSoWhileAHealthyOneKeepsRefreshing() throws {
        let session = try Session(["-c", "echo broken; exit 3", "-c", "date +%s%N", "--every", "0.5"], term: "tmux-256color")
        try session.tmux.waitFor("failed: exit status 3")
        try session.tmux.waitFor("▾ date +%s%N · 1 line")
        /// The row under the healthy source's header: the time of its last run.
        func time() -> String? {
            let screen = session.lines()
            return screen.firstIndex { $0.contains("▾ date +%s%N") }.flatMap { $0 + 1 < screen.count ? screen[$0 + 1] : nil }
        }
        let before = try #require(time())
        try session.tmux.waitUntil(timeout: 10, "the healthy source refreshing") { _ in time().map { $0 != before } ?? false }
        let screen = session.tmux.capture()
        #expect(screen.contains("▾ echo broken; exit 3 · 1 line  every 0.5s  failed: exit status 3"), "\(screen)")
        #expect(screen.contains("broken"), "what the failed run printed stays")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    @Test func aLineAppendedToTheSecondFileAppearsInItsSection() throws {
        let session = try Session(["a.log", "b.log"], term: "tmux-256color", prefix: "printf 'a1\\na2\\n' > a.log; printf 'b1\\n' > b.log;")
        try session.tmux.waitFor("▾ b.log · 1 line")
        let appended = try FileHandle(forWritingTo: URL(fileURLWithPath: session.directory + "/b.log"))
        appended.seekToEndOfFile()
        appended.write(Data("b2 arrived\n".utf8))
        try appended.close()
        try session.tmux.waitFor("▾ b.log · 2 lines  1 new")
        let screen = session.lines()
        let header = try #require(screen.firstIndex { $0.contains("▾ b.log") })
        #expect(screen[header + 1].hasSuffix("b1") && screen[header + 2] == "+b2 arrived", "\(screen)")
        #expect(screen.contains { $0.contains("▾ a.log · 2 lines") && !$0.contains("new") }, "\(screen)")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    @Test func braceKeysGoFromSourceToSource() throws {
        let session = try Session(["-c", "seq 1 5", "-c", "seq 101 103", "-c", "seq 201 202"], term: "tmux-256color")
        try session.tmux.waitFor("seq 201 202 · 2 lines")
        try session.waitForSelection("1")
        session.tmux.sendKeys("}")
        try session.waitForSelection("101")
        session.tmux.sendKeys("}")
        try session.waitForSelection("201")
        session.tmux.sendKeys("}")
        usleep(300_000)
        #expect(session.selected()?.hasSuffix("201") == true, "} on the last source stays")
        session.tmux.sendKeys("{")
        try session.waitForSelection("101")
        session.tmux.sendKeys("Down", "Down")
        try session.waitForSelection("103")
        session.tmux.sendKeys("{")
        try session.waitForSelection("101")
        session.tmux.sendKeys("{")
        try session.waitForSelection("1")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// The first load never alerts; a new line that matches rings once, marks the header `!`
    /// and stays in the status line until a key is pressed.
    @Test func anAlertOnANewMatchingLineAndNoneOnTheFirstLoad() throws {
        let session = try Session(["app.log", "-c", "echo quiet", "--alert", "ERROR"], term: "tmux-256color",
                                  prefix: "printf 'ERROR at start\\nfine\\n' > app.log;")
        try session.tmux.waitFor("▾ app.log · 2 lines")
        usleep(500_000)
        var screen = session.tmux.capture()
        #expect(!screen.contains("Alert:") && !screen.contains("! app.log"), "\(screen)")
        let appended = try FileHandle(forWritingTo: URL(fileURLWithPath: session.directory + "/app.log"))
        appended.seekToEndOfFile()
        appended.write(Data("ERROR disk full\n".utf8))
        try appended.close()
        try session.tmux.waitFor("Alert: app.log: ERROR disk full")
        screen = session.tmux.capture()
        #expect(screen.contains("▾ ! app.log · 3 lines"), "\(screen)")
        session.tmux.sendKeys("j")
        try session.tmux.waitUntil("the alert read") { !$0.contains("Alert:") && !$0.contains("! app.log") }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// Each source of a dashboard file keeps its own schedule: the fast one runs every second,
    /// the slow one (the file's top-level `every`) once in the time.
    @Test func aDashboardsSourcesRefreshOnTheirOwnSchedules() throws {
        let yaml = "every: 60\\nsources:\\n  - title: fast\\n    command: echo x >> runs-fast; date +%%N\\n    every: 1\\n"
            + "  - title: slow\\n    command: echo x >> runs-slow; echo slow\\n"
        let session = try Session(["--dashboard", "ops.yaml"], term: "tmux-256color", prefix: "printf '\(yaml)' > ops.yaml;")
        try session.tmux.waitFor("▾ slow · 1 line  every 60s")
        try session.tmux.waitUntil(timeout: 10, "three runs of the fast source") { _ in runs(session, "runs-fast") >= 4 }
        #expect(runs(session, "runs-slow") == 1)
        // (Between its runs: while one runs its header shows the spinner before `every 1s`.)
        try session.tmux.waitFor("▾ fast · 1 line  every 1s")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func badCombinationsAreUsageErrors() throws {
        for (arguments, message) in [
            (["a", "a"], "'a' is given twice"),
            (["-", "--file", "-"], "standard input (-) can be read only once"),
            (["a", "b", "--section-by", "x"], "--section-by works with one source (got 2)"),
            (["-c", "x", "-c", "y", "--title", "t"], "--title names one source (got 2)"),
            (["--dashboard", "d.yaml", "a"], "choose --dashboard or sources on the command line"),
            (["a", "--alert", "("], "--alert '(' is not a usable regular expression"),
        ] {
            let session = try Session(arguments, term: "tmux-256color")
            #expect(try session.exitStatus() == 2, "\(arguments)")
            #expect(session.tmux.capture().contains(message), "\(arguments): \(session.tmux.capture())")
        }
    }
}
