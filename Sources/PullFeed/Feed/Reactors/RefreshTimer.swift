import TerminalUI

/// Refreshes by itself (`--every`): `interval` seconds after each refresh ends (whatever
/// started it, and whether it succeeded or failed), it asks for the next one. It never asks
/// while a refresh or a load runs (a slow command is never started twice): a turn that comes
/// then waits for the load to end, and a refresh in progress sets the next turn itself when it
/// ends. While paused (`p`) or held (a prompt is open), a turn that comes waits until both
/// are over. The timer runs on the scheduler it is given.
///
/// The feed's reactor owns it and feeds it every state (`update`): the state's
/// `RefreshSchedule` is the one truth of the interval, the pause and the hold, and the timer
/// only carries it out.
final class RefreshTimer {
    /// Whether a turn came and is waiting (paused, held, or behind a load).
    private(set) var isDue = false

    private let scheduler: LoopScheduler
    /// Asks for a refresh (set once, by the owner).
    var start: () -> Void
    private var timer: Int?
    private var nextTimer = 0
    /// The last state seen: the schedule, and whether a refresh or a load runs.
    private var schedule: RefreshSchedule
    private var isRefreshing = false
    private var isLoadingMore = false

    /// `start` asks for a refresh; `update` must follow every state.
    init(_ schedule: RefreshSchedule, scheduler: LoopScheduler, start: @escaping () -> Void = {}) {
        self.schedule = schedule
        self.scheduler = scheduler
        self.start = start
    }

    /// Follows the owner's state: the schedule (a pause or a hold lifted lets a waiting turn
    /// run at once) and the refresh and load indicators.
    func update(_ schedule: RefreshSchedule, isRefreshing: Bool, isLoadingMore: Bool) {
        let refreshBegan = isRefreshing && !self.isRefreshing
        let refreshEnded = !isRefreshing && self.isRefreshing
        let lifted = (self.schedule.isPaused || self.schedule.isHeld) && !schedule.isPaused && !schedule.isHeld
        self.schedule = schedule
        self.isRefreshing = isRefreshing
        self.isLoadingMore = isLoadingMore
        if refreshBegan {
            timer = nil
            isDue = false
        }
        if refreshEnded { scheduleTurn() }
        if lifted {
            startIfDue()
        } else if isDue, !isRefreshing, !isLoadingMore {
            // A load that ended lets a waiting turn run, once the state being applied is done.
            scheduler.schedule { [weak self] in self?.startIfDue() }
        }
    }

    private func scheduleTurn() {
        nextTimer += 1
        let id = nextTimer
        timer = id
        let delay = LoopScheduler.SchedulerTimeType.Stride.nanoseconds(Int(schedule.interval * 1_000_000_000))
        scheduler.schedule(after: scheduler.now.advanced(by: delay)) { [weak self] in
            guard let self, self.timer == id else { return }
            self.timer = nil
            self.isDue = true
            self.startIfDue()
        }
    }

    private func startIfDue() {
        guard isDue, !schedule.isPaused, !schedule.isHeld, !isRefreshing, !isLoadingMore else { return }
        isDue = false
        start()
        // A refresh that could not begin would never end and set the next turn.
        if !isRefreshing, timer == nil { scheduleTurn() }
    }
}
