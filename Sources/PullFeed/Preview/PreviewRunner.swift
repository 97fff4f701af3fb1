import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Locking
import TerminalUI

/// Runs preview commands for `PreviewController`. `start` returns at once; the run's events
/// (`.output`, then one `.ended`) are delivered on the UI thread; the function it returns stops
/// the run (nothing more is delivered).
package protocol PreviewRunning: AnyObject {
    func start(_ command: String, run: Int, environment: [String: String],
               deliver: @escaping (PreviewModel.Event) -> Void) -> () -> Void
}

/// Runs each preview as `/bin/sh -c CMD` in its own session and process group with stdin
/// from /dev/null (`Subprocess`), reading its output on a background thread. Memory is bounded:
/// at most `PreviewModel.maxLines` lines, `maxBytes` bytes in all and `maxLineBytes` per line
/// (the rest of a longer line is dropped) are kept; past that the command is killed and the run
/// ends as cut, so a command that prints without end costs neither memory nor CPU. Lines read
/// while the UI thread is busy are delivered together.
package final class ProcessPreviewRunner: PreviewRunning {
    package static let maxBytes = 4 << 20
    package static let maxLineBytes = 8 << 10

    private let scheduler: LoopScheduler
    private let queue = DispatchQueue(label: "pullfeed.preview", qos: .userInitiated, attributes: .concurrent)

    package init(scheduler: LoopScheduler) {
        self.scheduler = scheduler
    }

    package func start(_ command: String, run: Int, environment: [String: String],
                       deliver: @escaping (PreviewModel.Event) -> Void) -> () -> Void {
        let stopPipe = StopPipe()
        let stopped = Locked(false)
        let group = Locked<Subprocess.Spawned?>(nil)
        let outbox = Outbox(run: run, scheduler: scheduler, stopped: stopped, deliver: UncheckedSendable(deliver))
        queue.async {
            guard !stopped.withLock({ $0 }) else { return }
            let process = Subprocess(command: command, environment: environment, timeout: 0)
            let spawned: Subprocess.Spawned
            switch process.spawn() {
            case .failure(let error):
                outbox.post(end: .ended(run: run, status: 127, message: error.reason, cut: false))
                return
            case .success(let s):
                spawned = s
            }
            group.withLock { $0 = spawned }
            if stopped.withLock({ $0 }) { spawned.kill() }
            let (code, message, cut) = Self.readOutput(spawned, stop: stopPipe, run: run, outbox: outbox)
            group.withLock { $0 = nil }
            outbox.post(end: .ended(run: run, status: code, message: message, cut: cut))
        }
        return {
            stopped.withLock { $0 = true }
            group.withLock { $0?.kill() }
            stopPipe.signal()
        }
    }

    /// Reads the command's output to its end, the limit or a stop; returns its exit status, the
    /// first line of its stderr and whether it was cut.
    private static func readOutput(_ spawned: Subprocess.Spawned, stop: StopPipe, run: Int, outbox: Outbox)
        -> (Int32, String?, Bool) {
        var lines = LineSplitter()
        var errors: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var outOpen = true, errOpen = true, stopped = false
        var quietSince: UInt64?
        while outOpen || errOpen, !stopped, !lines.isFull {
            var fds = [pollfd(fd: stop.readFD, events: Int16(POLLIN), revents: 0)]
            if outOpen { fds.append(pollfd(fd: spawned.stdout, events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: spawned.stderr, events: Int16(POLLIN), revents: 0)) }
            // Once stdout ended, stderr is read for a moment only (a grandchild may hold it).
            if !outOpen, let since = quietSince, DispatchTime.now().uptimeNanoseconds - since > 200_000_000 { break }
            if poll(&fds, nfds_t(fds.count), outOpen ? -1 : 50) < 0, errno != EINTR { break }
            for p in fds where p.revents != 0 {
                if p.fd == stop.readFD { stopped = true; break }
                let n = chunk.withUnsafeMutableBytes { Glibc.read(p.fd, $0.baseAddress!, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 {
                    if p.fd == spawned.stdout { outOpen = false; quietSince = DispatchTime.now().uptimeNanoseconds } else { errOpen = false }
                } else if p.fd == spawned.stdout {
                    let new = chunk.withUnsafeBufferPointer { lines.add(UnsafeBufferPointer(rebasing: $0[0..<n])) }
                    if !new.isEmpty { outbox.post(new) }
                } else {
                    Subprocess.keepStderr(chunk[0..<n], in: &errors)
                }
            }
        }
        let cut = lines.isFull
        if let last = lines.finish() { outbox.post([last]) }
        close(spawned.stdout)
        close(spawned.stderr)
        let code = spawned.reap(killing: outOpen || errOpen || stopped || cut)
        let message = Subprocess.firstStderrLine(Subprocess.Output(stdout: [], stderr: errors, status: 0))
        return (code, message, cut)
    }

    /// The events read and not yet delivered; one delivery is scheduled on the UI thread at a
    /// time, which takes all of them.
    private final class Outbox: @unchecked Sendable {
        private struct Box {
            var lines: [String] = []
            var end: PreviewModel.Event?
            var scheduled = false
        }

        private let box = Locked(Box())
        private let run: Int
        private let scheduler: LoopScheduler
        private let stopped: Locked<Bool>
        private let deliver: UncheckedSendable<(PreviewModel.Event) -> Void>

        init(run: Int, scheduler: LoopScheduler, stopped: Locked<Bool>, deliver: UncheckedSendable<(PreviewModel.Event) -> Void>) {
            self.run = run
            self.scheduler = scheduler
            self.stopped = stopped
            self.deliver = deliver
        }

        func post(_ lines: [String]) {
            post { $0.lines += lines }
        }

        func post(end: PreviewModel.Event) {
            post { $0.end = end }
        }

        private func post(_ change: (inout Box) -> Void) {
            let schedule = box.withLock { box -> Bool in
                change(&box)
                defer { box.scheduled = true }
                return !box.scheduled
            }
            guard schedule else { return }
            scheduler.schedule { [self] in
                let (lines, end) = box.withLock { box in
                    defer { box = Box() }
                    return (box.lines, box.end)
                }
                guard !stopped.withLock({ $0 }) else { return }
                if !lines.isEmpty { deliver.value(.output(run: run, lines: lines)) }
                if let end { deliver.value(end) }
            }
        }
    }
}
