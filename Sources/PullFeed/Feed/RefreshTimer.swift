import TerminalUI

/// Refreshes by itself (`--every`): `interval` seconds after each refresh ends (whatever
/// started it, and whether it succeeded or failed), it asks for the next one. It never asks
/// while a refresh or a load runs (a slow command is never started twice): a turn that comes
/// then waits for the load to end, and a refresh in progress sets the next turn itself when it
/// ends. While paused (`p`) or held (`isHeld`, while a prompt is open), a turn that comes
/// waits until both are over. The timer runs on the scheduler it is given.
///
/// The feed's reactor owns it: its state (`RefreshSchedule`) says what the user sees and set,
/// and the timer carries that out.
final class RefreshTimer {
    /// Seconds from the end of one refresh to the start of the next.
    let interval: Double
    /// The user paused automatic refreshes.
    var isPaused = false {
        didSet { if !isPaused { startIfDue() } }
    }
    /// Something on screen (a search or filter prompt) holds automatic refreshes back.
    var isHeld = false {
        didSet { if !isHeld { startIfDue() } }
    }
    /// Whether a turn came and is waiting (paused, held, or behind a load).
    private(set) var isDue = false

    private let scheduler: LoopScheduler
    /// Asks for a refresh (set once, by the owner).
    var start: () -> Void
    private var timer: Int?
    private var nextTimer = 0
    private var isRefreshing = false
    private var isLoadingMore = false

    /// `start` asks for a refresh; `update(isRefreshing:isLoadingMore:)` must follow what runs.
    init(interval: Double, scheduler: LoopScheduler, start: @escaping () -> Void = {}) {
        self.interval = interval
        self.scheduler = scheduler
        self.start = start
    }

    /// Follows the refresh and load indicators of the state that owns them.
    func update(isRefreshing: Bool, isLoadingMore: Bool) {
        let refreshBegan = isRefreshing && !self.isRefreshing
        let refreshEnded = !isRefreshing && self.isRefreshing
        self.isRefreshing = isRefreshing
        self.isLoadingMore = isLoadingMore
        if refreshBegan {
            timer = nil
            isDue = false
        }
        if refreshEnded { schedule() }
        // A load that ended lets a waiting turn run, once the state being applied is done.
        if isDue, !isRefreshing, !isLoadingMore {
            scheduler.schedule { [weak self] in self?.startIfDue() }
        }
    }

    private func schedule() {
        nextTimer += 1
        let id = nextTimer
        timer = id
        let delay = LoopScheduler.SchedulerTimeType.Stride.nanoseconds(Int(interval * 1_000_000_000))
        scheduler.schedule(after: scheduler.now.advanced(by: delay)) { [weak self] in
            guard let self, self.timer == id else { return }
            self.timer = nil
            self.isDue = true
            self.startIfDue()
        }
    }

    private func startIfDue() {
        guard isDue, !isPaused, !isHeld, !isRefreshing, !isLoadingMore else { return }
        isDue = false
        start()
        // A refresh that could not begin would never end and set the next turn.
        if !isRefreshing, timer == nil { schedule() }
    }
}
