import Dispatch
import OpenCombine

/// Runs a model that takes events and returns effects (a refresh component's gesture, search
/// and filter, a preview pane) on the loop's thread: the owner's `handler` feeds each event to
/// the model and carries out the effects with this runtime's timers and work, and after every
/// event handled the runtime asks for a render.
///
/// - **Events.** `send(_:)` handles an event now. An event sent while another is handled (by
///   an effect, by a subscriber) is handled at once, inside it. After the outermost one,
///   `onRender` is called once: a frame follows every change, whatever changed (the main loop
///   draws at most one a turn), and no model asks for one.
/// - **Timers by key.** `send(_:after:as:)` sends an event later, `send(_:every:as:)` every
///   interval. A key holds one timer or one job: giving it another cancels the one it held,
///   so a model that re-arms a timer keeps no tokens of its own.
/// - **Work answered by events.** `run(_:inBackground:_:)` runs work off the loop's thread (or
///   at once); its result comes back as an event, and so does its progress
///   (`RuntimeJob.post(_:)`). `start(_:after:_:)` starts work that runs elsewhere (a process)
///   and reports on the loop's thread (`RuntimeJob.send(_:)`), and is stopped by the closure
///   it returns.
/// - **Cancellation.** `cancel(_:)` ends what a key holds: a timer never fires, a job's result
///   and progress are dropped, its `RuntimeJob.isCancelled` turns true and its stop closure
///   runs. Everything is cancelled when the runtime goes.
///
/// ```swift
/// enum Timer: Hashable { case blink }
/// let runtime = EventRuntime<Bool, Timer>(scheduler: loop.scheduler)
/// var visible = true
/// runtime.handler = { [unowned runtime] on in
///     visible = on
///     runtime.send(!on, after: 0.5, as: .blink)
/// }
/// runtime.onRender = { loop.setNeedsRender() }
/// runtime.send(true)  // blinks every half second until `runtime.cancel(.blink)`
/// ```
///
/// Confined to the thread that runs `scheduler`'s work, like the models it runs (a test drives
/// it with a virtual-time `TestScheduler`).
public final class EventRuntime<Event, Key: Hashable> {
    /// Handles one event: feeds it to the model and carries out its effects. Set by the owner.
    public var handler: (Event) -> Void = { _ in }
    /// Called once after each event handled (events handled inside it included): something
    /// may have changed, draw again.
    public var onRender: () -> Void = {}

    private let scheduler: LoopScheduler
    private let label: String
    /// Concurrent: work stuck in one long call cannot hold up the next once it is cancelled.
    private lazy var queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    private let backgroundWork = DispatchGroup()
    private var entries: [Key: Entry] = [:]
    private var nextID: UInt64 = 0
    private var depth = 0

    /// What a key holds: a timer (its id), or a job and what stops it.
    private struct Entry {
        var id: UInt64
        var job: RuntimeJob<Event>?
        /// Stops a repeating timer or a started job (not called when the job finishes).
        var stop: (() -> Void)?
    }

    /// - Parameters:
    ///   - scheduler: the loop's scheduler: timers run on it and work reports back through it.
    ///   - label: names the queue background work runs on (made when first needed).
    public init(scheduler: LoopScheduler, label: String = "terminalui.runtime") {
        self.scheduler = scheduler
        self.label = label
    }

    deinit { cancelAll() }

    // MARK: Events

    /// Handles `event` now, then asks for a render (once, after the outermost event).
    public func send(_ event: Event) {
        handling { handler(event) }
    }

    /// Runs `body` as the handling of one event, for an owner's command that returns a value
    /// (whether it started something): a render follows, as after `send(_:)`.
    @discardableResult
    public func handling<Result>(_ body: () -> Result) -> Result {
        depth += 1
        let result = body()
        depth -= 1
        if depth == 0 { onRender() }
        return result
    }

    // MARK: Timers

    /// Sends `event` after `seconds` (0: on the loop's next turn), unless `key` is given
    /// something else or cancelled first. Replaces what `key` held.
    public func send(_ event: Event, after seconds: Double, as key: Key) {
        let id = hold(key, Entry(id: 0))
        let fire = { [weak self] in
            guard let self, entries[key]?.id == id else { return }
            entries[key] = nil
            send(event)
        }
        if seconds > 0 {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds)), fire)
        } else {
            scheduler.schedule(fire)
        }
    }

    /// Sends `event` every `seconds`, the first time `seconds` from now, until `key` is given
    /// something else or cancelled. Replaces what `key` held.
    public func send(_ event: Event, every seconds: Double, as key: Key) {
        let id = hold(key, Entry(id: 0))
        let interval = LoopScheduler.SchedulerTimeType.Stride.seconds(seconds)
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: interval), interval: interval) { [weak self] in
            guard let self, entries[key]?.id == id else { return }
            send(event)
        }
        if entries[key]?.id == id { entries[key]?.stop = timer.cancel } else { timer.cancel() }
    }

    // MARK: Work

    /// Runs `work` under `key`: on a background queue, its result (nil: none) handled on the
    /// loop's thread in a later turn; or, with `inBackground` false, at once, its result
    /// handled before this returns. Nothing of it is handled once `key` is given something
    /// else or cancelled; long work checks `RuntimeJob.isCancelled` and stops. Replaces what
    /// `key` held.
    public func run(_ key: Key, inBackground: Bool = true, _ work: @escaping @Sendable (RuntimeJob<Event>) -> Event?) {
        let job = makeJob(key)
        guard inBackground else {
            let result = work(job)
            job.finish(result)
            return
        }
        backgroundWork.enter()
        queue.async { [backgroundWork] in
            let result = work(job)
            job.post(result, finishing: true)
            backgroundWork.leave()
        }
    }

    /// Starts work that runs elsewhere (a process) under `key`, after `seconds` (0: now): `begin`
    /// starts it and returns what stops it. The work reports on the loop's thread with
    /// `RuntimeJob.send(_:)` and says it is over with `RuntimeJob.finish(_:)`. Cancelled before
    /// it began, it never begins; cancelled after, it is stopped. Replaces what `key` held.
    public func start(_ key: Key, after seconds: Double = 0, _ begin: @escaping (RuntimeJob<Event>) -> () -> Void) {
        let job = makeJob(key)
        let go = { [weak self] in
            guard let self, entries[key]?.job === job else { return }
            let stop = begin(job)
            if entries[key]?.job === job { entries[key]?.stop = stop } else { stop() }
        }
        if seconds > 0 {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds)), go)
        } else {
            go()
        }
    }

    // MARK: Cancellation

    /// Ends what `key` holds (nothing when it holds nothing).
    public func cancel(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        entry.job?.cancel()
        entry.stop?()
    }

    /// Ends everything every key holds.
    public func cancelAll() {
        for key in Array(entries.keys) { cancel(key) }
    }

    /// Whether `key` holds a timer that has not fired or work that is not over.
    public func isActive(_ key: Key) -> Bool { entries[key] != nil }

    /// Blocks until the work running on the background queue has returned (its results still
    /// arrive through the scheduler): for tests, and programs that end.
    public func waitForBackgroundWork() {
        backgroundWork.wait()
    }

    // MARK: Keys

    /// Gives `key` `entry`, ending what it held; returns the entry's id.
    private func hold(_ key: Key, _ entry: Entry) -> UInt64 {
        cancel(key)
        nextID &+= 1
        var entry = entry
        entry.id = nextID
        entries[key] = entry
        return nextID
    }

    private func makeJob(_ key: Key) -> RuntimeJob<Event> {
        let job = RuntimeJob<Event>(scheduler: scheduler)
        job.owner = RuntimeJob.Owner(
            isCurrent: { [weak self, unowned job] in self?.entries[key]?.job === job },
            handle: { [weak self] in self?.send($0) },
            release: { [weak self, unowned job] in
                if self?.entries[key]?.job === job { self?.entries[key] = nil }
            })
        _ = hold(key, Entry(id: 0, job: job))
        return job
    }
}
