import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Locking

/// One run of a `--command`, whose stdout is streamed: its lines are shown as they come
/// (`StreamStore`) and it may run for ever (`journalctl -f`). Stderr is kept up to 64 KiB for
/// the toast. A refresh stops the run (its whole process group is killed) and starts another.
final class CommandRun: @unchecked Sendable {
    let store: StreamStore
    private let spawned: Subprocess.Spawned
    /// How the command ended (its exit code and stderr), once it did.
    private let ending = Guarded<Subprocess.Output?>(nil)
    private let timedOut = Locked(false)
    private let exitTold = Locked(false)
    /// The `--timeout` clock, when it found the reader holding: it goes on once the reader
    /// reads again (the store then tells a change).
    private let heldClock = Locked<(@Sendable () -> Void)?>(nil)

    /// Whether a process of the run is at work (running, waiting for a core or for the disk),
    /// rather than waiting for input or time (`tail -f` between two lines).
    func isWorking() -> Bool {
        ProcessGroupActivity.isBusy(group: spawned.pid)
    }

    /// Whether how the command ended is still to be told (true once, for the first caller).
    func tellsExit() -> Bool {
        exitTold.withLock { told in
            defer { told = true }
            return !told
        }
    }

    init(_ process: Subprocess, spill: SpillSettings = .fromEnvironment(), onChange: @escaping @Sendable () -> Void) throws(SourceError) {
        let spawned = try process.spawn().get()
        self.spawned = spawned
        let errors = Locked<[UInt8]>([])
        let errorsDone = DispatchSemaphore(value: 0)
        DispatchQueue(label: "pullfeed.command-stderr").async {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(spawned.stderr, $0.baseAddress!, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                errors.withLock { Subprocess.keepStderr(chunk[0..<n], in: &$0) }
            }
            close(spawned.stderr)
            errorsDone.signal()
        }
        let ending = ending
        let heldClock = heldClock
        store = StreamStore(fd: spawned.stdout, closesFD: true, spill: spill, onClose: {
            let code = spawned.reap(killing: false)
            _ = errorsDone.wait(timeout: .now() + 1)
            ending.withLock { $0 = Subprocess.Output(stdout: [], stderr: errors.withLock { $0 }, status: code) }
        }, onChange: {
            heldClock.withLock { clock in defer { clock = nil }; return clock }?()
            onChange()
        })
    }

    /// Kills the command's process group; its stdout then ends, and is read to that end even
    /// when nobody asks for more, so that the shell is reaped and the pipes closed (a run
    /// replaced by a refresh while it held at its read-ahead was left a zombie with its pipes).
    /// How it ended is never told: the kill was ours, not the command's (a run a failed
    /// refresh leaves in place would otherwise say "exit status 137").
    func stop() {
        exitTold.withLock { $0 = true }
        spawned.kill()
        store.drainToEnd()
    }

    /// Kills the command if it has not ended within `seconds` of running (its whole run,
    /// whatever it printed meanwhile); 0: no limit. Time while the reader holds does not count:
    /// the command then waits for the user to ask for more, as a pipe into `less` does. The
    /// clock is looked at when the time would be up; if the reader holds then, it is looked
    /// at again once the reader reads again (nothing wakes while the run waits).
    func killIfRunning(after seconds: Double) {
        guard seconds > 0 else { return }
        checkTimeout(after: seconds, limit: seconds, start: DispatchTime.now().uptimeNanoseconds)
    }

    private func checkTimeout(after delay: Double, limit: Double, start: UInt64) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, !self.store.state.withLock({ $0.isClosed }) else { return }
            if self.store.isHolding {
                self.heldClock.withLock { $0 = { [weak self] in self?.checkTimeout(after: 0, limit: limit, start: start) } }
                // The reader may have read on in between, telling no one: then the clock goes on now.
                guard !self.store.isHolding, let clock = self.heldClock.withLock({ clock in defer { clock = nil }; return clock }) else {
                    return
                }
                clock()
                return
            }
            let ran = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 - self.store.secondsHeld
            guard ran >= limit else {
                self.checkTimeout(after: limit - ran, limit: limit, start: start)
                return
            }
            self.timedOut.withLock { $0 = true }
            self.spawned.kill()
            self.store.drainToEnd()
        }
    }

    var didTimeOut: Bool { timedOut.withLock { $0 } }

    /// How the command ended, once its output has ended.
    var output: Subprocess.Output? { ending.withLock { $0 } }
}
