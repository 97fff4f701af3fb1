import Dispatch
import Foundation
import Locking
import Testing
@testable import PullFeed

/// A command's silence is a pause only while none of its processes is at work: what tells the
/// end of a refresh of a run without a time limit from a run the machine slowed down.
@Suite struct ProcessGroupActivityTests {
    /// Runs `script` in a process group of its own and returns the group (its shell's pid).
    func spawn(_ script: String) throws -> Subprocess.Spawned {
        try Subprocess(command: script, environment: [:], timeout: 0).spawn().get()
    }

    @Test func aBusyLoopIsAtWorkAndASleepIsNot() throws {
        let busy = try spawn("while :; do :; done")
        let idle = try spawn("sleep 30")
        defer {
            kill(-busy.pid, SIGKILL); kill(-idle.pid, SIGKILL)
            _ = busy.reap(killing: false); _ = idle.reap(killing: false)
        }
        var sawBusy = false
        for _ in 0..<200 where !sawBusy {
            sawBusy = ProcessGroupActivity.isBusy(group: busy.pid)
            usleep(10_000)
        }
        #expect(sawBusy)
        usleep(200_000)
        #expect(!ProcessGroupActivity.isBusy(group: idle.pid))
        #expect(ProcessGroupActivity.state(of: idle.pid)?.group == idle.pid)
    }

    /// A writer that stays at work through a silence longer than the pause is waited for:
    /// the refresh is judged on its end, not on the silence.
    @Test func aSilenceWhileTheWriterIsAtWorkIsNoPause() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let store = StreamStore(fd: fds[0], closesFD: true) {}
        let writer = fds[1]
        let working = Locked(true)
        DispatchQueue(label: "writer").async {
            _ = "first\n".withCString { write(writer, $0, 6) }
            usleep(600_000)   // silent for longer than the pause, while "at work"
            _ = "second\n".withCString { write(writer, $0, 7) }
            working.withLock { $0 = false }
            close(writer)
        }
        store.waitForEndOrPause(of: 0.2, token: CancellationToken(), isWorking: { working.withLock { $0 } })
        let page = try store.page(PageRequest.refresh(limit: 10), token: CancellationToken(), whole: false)
        #expect(page.lines.count == 2, "the line written after the silence belongs to the result")
    }
}
