import Foundation
import Testing

/// Every way to ask for a refresh runs the command exactly once, counted by the command
/// itself (it appends a line to `runs` each time it starts): `r`, SIGUSR1, a turn of `--every`
/// and a pull. The header shows each refresh; none is asked for a second time.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct OneRunPerRefreshTests {
    typealias Session = EveryTerminalTests.Session
    static let command = "echo run >> runs; seq 50"

    func runs(_ session: Session) -> Int { session.file("runs").split(separator: "\n").count }

    /// Waits until the command ran `count` times, then a little longer: a second request
    /// (the park step is 0.1 s) would have run by then.
    func expectRuns(_ count: Int, _ session: Session, _ what: String) throws {
        try session.tmux.waitUntil("run \(count) (\(what))") { _ in runs(session) >= count }
        usleep(800_000)
        #expect(runs(session) == count, "\(what)")
    }

    @Test func rSignalAndAPullEachRunTheCommandOnce() throws {
        let session = try Session(["--command", Self.command, "--release-delay", "0.2"], term: "tmux-256color")
        try session.waitForSelection("1")
        try expectRuns(1, session, "the first load")
        session.tmux.sendKeys("r")
        try expectRuns(2, session, "r")
        let pid = try #require(session.tmux.panePID().flatMap { HardeningSession.descendant(of: $0, named: "pullfeed") })
        #expect(kill(pid, SIGUSR1) == 0)
        try expectRuns(3, session, "SIGUSR1")
        session.tmux.sendKeys("Home")
        usleep(300_000)
        session.tmux.sendKeys("Up", "Up", "Up")
        try expectRuns(4, session, "a pull")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }

    /// A turn comes a second after the last run ended: the runs (each writes the time it
    /// started) are a second or more apart, never two at once; paused, none.
    @Test func eachTurnOfEveryRunsTheCommandOnce() throws {
        let session = try Session(["--command", "date +%s.%N >> runs; seq 50", "--every", "1"], term: "tmux-256color")
        try session.waitForSelection("1")
        try session.tmux.waitUntil(timeout: 10, "three turns") { _ in runs(session) >= 4 }
        let starts = session.file("runs").split(separator: "\n").compactMap { Double($0) }
        #expect(starts.count >= 4)
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 0.9 }, "runs \(gaps) s apart")
        session.tmux.sendKeys("p")
        try session.tmux.waitFor("paused")
        usleep(300_000)
        let counted = runs(session)
        usleep(2_000_000)
        #expect(runs(session) == counted, "paused")
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }
}
