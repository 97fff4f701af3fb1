import Foundation
import Testing

/// Floods of input, idle cost and resources: a 10,000-character paste and 5 s of held-down
/// keys are absorbed (the screen settles soon after input stops, memory stays flat), an
/// idle app uses no CPU, and many refreshes of a command leak no descriptor or process.
/// Failing sources keep what is on screen.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct HardeningLoadTests {
    /// How long after input stops the screen may take to show the last key's effect. The
    /// design asks for 200 ms; CI runs a debug build on a shared machine, so allow more.
    static let settleLimit = Double(ProcessInfo.processInfo.environment["PULLFEED_SETTLE_LIMIT"] ?? "") ?? 0.6

    /// Sends `End` after a flood and measures how long until its effect shows.
    func timeToShowEnd(_ session: HardeningSession, lastLine: String) throws -> Double {
        let start = Date()
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil(timeout: 10, "End to take effect") { _ in session.selectedText() == lastLine }
        return Date().timeIntervalSince(start)
    }

    @Test func aTenThousandCharacterPasteIsAbsorbed() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = HardeningSession.fixture("lines.txt", in: directory, Array((1...500).map { "line \($0)\n" }.joined().utf8))
        let session = try HardeningSession(["--file", path, "--page-size", "1000"], directory: directory)
        let app = try session.appPID()
        try session.tmux.waitFor("500 items")
        let rssBefore = try #require(ProcessProbe(pid: app).residentKiB)
        // Keys that move, pull, and do nothing; no q, r or Enter.
        let alphabet = Array("jjjkkkxyz中文🎉é JkJ")
        var text = ""
        while text.count < 10_000 { text.append(alphabet[text.count * 7 % alphabet.count]) }
        let bufferFile = directory + "/paste.txt"
        try text.write(toFile: bufferFile, atomically: true, encoding: .utf8)
        try session.tmux.run(["load-buffer", "-b", "flood", bufferFile])
        try session.tmux.run(["paste-buffer", "-b", "flood", "-t", session.tmux.session])
        let elapsed = try timeToShowEnd(session, lastLine: "line 500")
        #expect(elapsed < Self.settleLimit, "the screen took \(elapsed) s to settle after a paste")
        #expect(ProcessProbe(pid: app).isAlive)
        let rssAfter = try #require(ProcessProbe(pid: app).residentKiB)
        #expect(rssAfter - rssBefore < 8 * 1024, "RSS grew from \(rssBefore) to \(rssAfter) KiB")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func holdingDownForFiveSecondsKeepsUpAndMemoryFlat() throws {
        let session = try HardeningSession(["--command", "seq 1 3000"])
        let app = try session.appPID()
        try session.tmux.waitFor("3,000 items")
        // Warm up (first renders, caches), then measure.
        for _ in 0..<20 { session.tmux.sendKeys(String(repeating: "j", count: 50), literal: true) }
        usleep(300_000)
        let rssBefore = try #require(ProcessProbe(pid: app).residentKiB)
        let end = Date().addingTimeInterval(5)
        var batches = 0
        var rssPeak = rssBefore
        while Date() < end {
            _ = try? session.tmux.run(["send-keys", "-t", session.tmux.session] + Array(repeating: "Down", count: 40))
            batches += 1
            if batches % 10 == 0 { rssPeak = max(rssPeak, ProcessProbe(pid: app).residentKiB ?? 0) }
        }
        let elapsed = try timeToShowEnd(session, lastLine: "3000")
        #expect(elapsed < Self.settleLimit, "the screen took \(elapsed) s to settle after 5 s of Down")
        let rssAfter = try #require(ProcessProbe(pid: app).residentKiB)
        #expect(rssPeak - rssBefore < 8 * 1024 && rssAfter - rssBefore < 8 * 1024,
                "RSS went from \(rssBefore) to peak \(rssPeak), \(rssAfter) KiB after \(batches) batches")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func idleUsesNoCPU() throws {
        for arguments in [["--latency", "0.2"], ["--command", "seq 1 100"]] {
            let session = try HardeningSession(arguments)
            let app = try session.appPID()
            try session.tmux.waitUntil(timeout: 10, "the first page") { $0.contains("›") && !$0.contains("Loading") }
            usleep(500_000)  // let the header's collapse and any last frame finish
            let before = try #require(ProcessProbe(pid: app).cpuTicks)
            usleep(2_000_000)
            let after = try #require(ProcessProbe(pid: app).cpuTicks)
            #expect(after - before <= 1, "\(arguments): \(after - before) ticks of CPU in 2 s idle")
            session.tmux.sendKeys("q")
            #expect(try session.exitStatus() == 0)
        }
    }

    @Test func manyCommandRefreshesLeakNoDescriptorsOrProcesses() throws {
        let session = try HardeningSession(["--command", "seq 1 100; echo done >&2", "--release-delay", "0.1"])
        let app = try session.appPID()
        try session.tmux.waitFor("100 items")
        usleep(200_000)
        let probe = ProcessProbe(pid: app)
        let descriptors = try #require(probe.openDescriptors)
        for i in 0..<40 {
            session.tmux.sendKeys("r")
            if i % 4 == 0 { session.tmux.sendKeys("Up", "Up", "Up") }  // pulls, too
            usleep(60_000)
        }
        try session.tmux.waitUntil(timeout: 10, "the refreshes to end") { !$0.contains("Loading") }
        usleep(300_000)
        #expect(probe.openDescriptors == descriptors, "descriptors: \(descriptors) before, \(probe.openDescriptors ?? -1) after")
        #expect(probe.children.isEmpty, "children left: \(probe.children.map(\.pid))")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func failingSourcesKeepTheItemsAndNameTheReason() throws {
        // A command that succeeds once, then fails in a different way on each refresh.
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counter = directory + "/runs"
        let script = """
        n=$(cat '\(counter)' 2>/dev/null || echo 0); echo $((n+1)) > '\(counter)'
        case $n in
          0) seq 1 30 ;;
          1) echo 'server said no' >&2; exit 3 ;;
          2) echo 'only on stderr' >&2; sleep 30 ;;
          3) kill -9 $$ ;;
        esac
        """
        let session = try HardeningSession(["--command", script, "--timeout", "1"], directory: directory)
        try session.tmux.waitFor("30 items")
        session.tmux.sendKeys("Down", "Down")
        for reason in ["Refresh failed: server said no", "Refresh failed: command timed out after 1 s",
                       "Refresh failed: command killed by signal 9"] {
            session.tmux.sendKeys("r")
            let screen = try session.tmux.waitFor(reason, timeout: 10)
            #expect(screen.contains("30 items") && screen.contains("›3"), "\(reason): items lost:\n\(screen)")
        }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)

        let demo = try HardeningSession(["--fail-rate", "1.0", "--latency", "0.1"])
        try demo.tmux.waitFor("Refresh failed: simulated network error (--fail-rate)")
        #expect(demo.tmux.capture().contains("Nothing here yet") || demo.tmux.capture().contains("0 items"))
        demo.tmux.sendKeys("r")
        try demo.tmux.waitFor("Loading...")
        try demo.tmux.waitFor("Refresh failed: simulated network error (--fail-rate)")
        demo.tmux.sendKeys("q")
        #expect(try demo.exitStatus() == 0)
    }
}
