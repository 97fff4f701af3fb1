import Locking

/// One piece of work an `EventRuntime` runs under a key (`EventRuntime.run(_:inBackground:_:)`,
/// `EventRuntime.start(_:after:_:)`): how it reports back, and whether it is still wanted.
///
/// What it sends is handled only while it is the work its key holds and is not cancelled: a
/// result or a progress report of work that was cancelled, or replaced by newer work, is
/// dropped. `isCancelled` and `onCancel(_:)` may be used from any thread; `send(_:)` and
/// `finish(_:)` on the loop's thread, `post(_:)` from any.
public final class RuntimeJob<Event>: @unchecked Sendable {
    /// How the job reaches the runtime that runs it (set by the runtime, used on the loop's thread).
    struct Owner {
        var isCurrent: () -> Bool
        var handle: (Event) -> Void
        var release: () -> Void
    }

    private struct Status {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    var owner: Owner?
    private let scheduler: LoopScheduler
    private let status = Locked(Status())

    init(scheduler: LoopScheduler) {
        self.scheduler = scheduler
    }

    /// Whether the work is no longer wanted: it was cancelled, or its key given other work.
    public var isCancelled: Bool { status.withLock { $0.cancelled } }

    /// Runs `handler` when the job is cancelled (on the thread that cancels it), or at once if
    /// it already is: to stop what a flag cannot reach (a scan's own token, a process).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = status.withLock { status -> Bool in
            if status.cancelled { return true }
            status.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// On the loop's thread: handles `event` now, if the job is still wanted.
    public func send(_ event: Event) {
        guard let owner, !isCancelled, owner.isCurrent() else { return }
        owner.handle(event)
    }

    /// On the loop's thread: the work is over, its key is free (and nothing stops it any more);
    /// `last`, if any, is handled now, if the job was still wanted.
    public func finish(_ last: Event? = nil) {
        guard let owner, !isCancelled, owner.isCurrent() else { return }
        owner.release()
        if let last { owner.handle(last) }
    }

    /// From any thread: `event` is handled on the loop's thread in a later turn, if the job is
    /// still wanted then (progress of work running in the background).
    public func post(_ event: Event) {
        post(event, finishing: false)
    }

    /// `post(_:)`, or with `finishing`, `finish(_:)` on the loop's thread.
    func post(_ event: Event?, finishing: Bool) {
        let box = UncheckedSendable((self, event))
        scheduler.schedule {
            let (job, event) = box.value
            if finishing {
                job.finish(event)
            } else if let event {
                job.send(event)
            }
        }
    }

    /// Cancels the job: `isCancelled` turns true and the `onCancel` handlers run.
    func cancel() {
        let handlers = status.withLock { status -> [@Sendable () -> Void] in
            if status.cancelled { return [] }
            status.cancelled = true
            defer { status.handlers = [] }
            return status.handlers
        }
        handlers.forEach { $0() }
    }
}
