import Foundation
import Testing
@testable import PullFeed
import TerminalUI

/// Failing sources seen on the screen: items stay, the toast names the reason, and nothing
/// retries on its own.
@Suite struct FailingSourceScreenTests {
    @Test func endOnASourceWhosePagesFailDoesNotRetryForever() {
        let source = ScriptedSource { request in
            request.offset == 0
                ? .success(Page(items: (0..<30).map { .line("item \($0)") }, hasMore: true))
                : .failure(SourceError("page 2 is broken"))
        }
        let h = ScreenHarness(source: source, pageSize: 30)
        h.advance(1)
        h.press(.end)
        for _ in 0..<30 { h.advance(1) }
        #expect(source.requests.count <= 3, "requests: \(source.requests)")
        #expect(!h.reactor.currentState.isLoadingMore)
        #expect(h.reactor.currentState.lines.count == 30)
        // The user can still ask again.
        h.press(.end)
        h.advance(1)
        #expect(h.lines[h.lines.count - 1] == " Load more failed: page 2 is broken")
    }
}

/// Commands that fail in every way a command can, through the screen.
@Suite struct FailingCommandScreenTests {
    func settle(_ h: ScreenHarness, _ source: CommandSource) {
        for _ in 0..<3 {
            source.queue.sync(flags: .barrier) {}
            h.advance(0.2)
        }
    }

    /// A source that succeeds once (30 lines), then runs `failing` on every refresh.
    func failingAfterFirst(_ failing: String, timeout: Double = 10) -> (ScreenHarness, CommandSource, String) {
        let flag = NSTemporaryDirectory() + "pullfeed-flag-\(UUID().uuidString)"
        let source = CommandSource(
            command: "if [ -e '\(flag)' ]; then \(failing); else seq 1 30; fi", paged: false, timeout: timeout)
        let h = ScreenHarness(source: source)
        settle(h, source)
        _ = FileManager.default.createFile(atPath: flag, contents: nil)
        return (h, source, flag)
    }

    @Test(arguments: [
        ("echo 'no route to host' >&2; exit 3", "Refresh failed: no route to host"),
        ("exit 4", "Refresh failed: command exited with status 4"),
        ("echo 'only stderr' >&2", ""),
        ("kill -9 $$", "Refresh failed: command killed by signal 9"),
        ("sleep 30", "Refresh failed: command timed out after 0.5 s"),
    ])
    func aFailedRefreshKeepsTheItemsAndNamesTheReason(failing: String, toast: String) {
        let (h, source, flag) = failingAfterFirst(failing, timeout: 0.5)
        defer { unlink(flag) }
        #expect(h.reactor.currentState.lines.count == 30)
        h.press(.down, .down)
        h.press(.character("r"))
        settle(h, source)
        if toast.isEmpty {
            // Exit 0 with nothing on stdout is a successful, empty refresh.
            #expect(h.lines[1] == " Nothing here yet — pull down or press r to refresh")
        } else {
            #expect(h.reactor.currentState.lines.count == 30)
            #expect(h.lines[1].hasSuffix("1") && h.lines[3] == "›3")
            #expect(h.lines[23] == " " + toast)
        }
    }

    /// A refresh that fails leaves the run it replaced in place. The refresh killed that run,
    /// still going, and its end (status 137) is not told as the command's: the toast stays
    /// the refresh's reason.
    @Test func aFailedRefreshOfARunningCommandSaysOnlyWhyTheRefreshFailed() {
        let flag = NSTemporaryDirectory() + "pullfeed-flag-\(UUID().uuidString)"
        defer { unlink(flag) }
        let source = CommandSource(command: "if [ -e '\(flag)' ]; then exit 4; else seq 1 30; exec sleep 30; fi", paged: false, timeout: 60)
        let h = ScreenHarness(source: source)
        settle(h, source)
        #expect(h.reactor.currentState.lines.count == 30)
        _ = FileManager.default.createFile(atPath: flag, contents: nil)
        h.press(.character("r"))
        for _ in 0..<3 { settle(h, source) }
        #expect(h.reactor.currentState.lines.count == 30)
        #expect(h.lines[23] == " Refresh failed: command exited with status 4")
    }

    @Test func aRunningCommandIsRegisteredForKillingOnExitUntilItEnds() throws {
        let pidFile = NSTemporaryDirectory() + "pullfeed-pid-\(UUID().uuidString)"
        let releaseFile = pidFile + ".release"
        defer { unlink(pidFile); unlink(releaseFile) }
        // The command runs until the test releases it (a fixed sleep could end before a
        // loaded machine got to look).
        let source = CommandSource(
            command: "echo $$ > '\(pidFile)'; while [ ! -e '\(releaseFile)' ]; do sleep 0.01; done", paged: false, timeout: 0)
        let time = VirtualTime()
        let subscription = source.load(PageRequest.refresh(limit: 10), on: time.scheduler).sink { _ in }
        defer { subscription.cancel() }
        var pid: pid_t?
        for _ in 0..<1_000 where pid == nil {
            usleep(10_000)
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let child = try #require(pid)
        // The shell may write its pid before the thread that started it has registered it.
        for _ in 0..<1_000 where !ProcessGroups.contains(child) { usleep(10_000) }
        #expect(ProcessGroups.contains(child))
        #expect(FileManager.default.createFile(atPath: releaseFile, contents: nil))
        source.queue.sync(flags: .barrier) {}
        #expect(!ProcessGroups.contains(child))
    }
}
