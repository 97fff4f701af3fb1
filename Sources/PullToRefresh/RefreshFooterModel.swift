/// A load-more footer's gesture as a value: the auto footer's arrival at the bottom, the back
/// footer's pull past it, Enter on its row, the park step and the request, and whether the
/// list has rows to show it under. Whether a load runs and whether there is more is the
/// owner's `RefreshActivity`, not kept here.
///
/// Feed it events with `handle(_:activity:)` and carry out the effects it returns;
/// `display(activity:)` is what it shows. It asks for the next page only for a gesture
/// (arriving at the bottom moving down, a release past the threshold, Enter) or a
/// programmatic `begin`, never while the owner already loads and never with no more data.
/// `RefreshFooter` is the shell that runs it on a scheduler.
struct RefreshFooterModel: Hashable, Sendable {
    /// Which footer: the auto footer loads when reached, the back footer when pulled.
    let kind: RefreshFooterKind
    /// The back footer's pull threshold in rows.
    let height: Int
    /// How far the back footer can be pulled (at least `height`).
    var maxPullDistance: Int {
        didSet { maxPullDistance = max(height, maxPullDistance) }
    }
    /// The visible fraction of the auto footer's row that triggers loading.
    var triggerPercent: Double
    /// The auto footer's triggers per arrival at the bottom (negative: unlimited).
    var autoTriggerTimes: Int
    /// Where the gesture is.
    private(set) var phase: RefreshPhase = .idle
    /// Whether a frame has been drawn (a load begun before shows as `willRefresh`).
    private(set) var hasRendered = false
    /// Whether the list has rows: the footer is hidden and triggers nothing without them.
    private(set) var hasContent = false
    /// Whether the auto footer is in the trigger zone now (this arrival at the bottom).
    private(set) var isInTriggerZone = false
    /// Automatic triggers since this arrival at the bottom.
    private(set) var triggersThisArrival = 0

    /// - Parameters:
    ///   - kind: the auto footer or the back footer.
    ///   - height: the back footer's pull threshold (at least 1).
    ///   - maxPullDistance: how far the back footer can be pulled; twice `height` by default.
    ///   - triggerPercent: the visible fraction of the auto footer's row that triggers.
    ///   - autoTriggerTimes: the auto footer's triggers per arrival (negative: unlimited).
    init(kind: RefreshFooterKind, height: Int = 1, maxPullDistance: Int? = nil,
                triggerPercent: Double = 1.0, autoTriggerTimes: Int = 1) {
        self.kind = kind
        self.height = max(1, height)
        self.maxPullDistance = max(self.height, maxPullDistance ?? self.height * 2)
        self.triggerPercent = triggerPercent
        self.autoTriggerTimes = autoTriggerTimes
    }

    /// What the footer shows for `activity`.
    func display(activity: RefreshActivity) -> RefreshDisplay {
        let state: RefreshState
        if phase.isRequesting || activity.isLoadingMore {
            state = phase.busyState(hasRendered: hasRendered)
        } else if !activity.hasMore {
            state = .noMoreData
        } else {
            state = phase.pulledRows >= height ? .pulling : .idle
        }
        return RefreshDisplay(state: state, pulledRows: phase.pulledRows,
                              visibleHeight: hasContent ? 1 + phase.pulledRows : 0, isHidden: !hasContent,
                              isWaitingForMore: state == .noMoreData && activity.isWaitingForMore)
    }

    /// Whether reaching the footer by moving down loads now: the auto footer's while it shows
    /// and has more; never the back footer's.
    func loadsWhenReached(activity: RefreshActivity) -> Bool {
        kind == .auto && hasContent && display(activity: activity).state != .noMoreData
    }

    /// Applies `event` with the owner's `activity` (after the change, for
    /// `activityChanged`) and returns what to do.
    mutating func handle(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] {
        var before = activity
        if case .activityChanged(let old) = event { before = old }
        let state = display(activity: before).state
        let takesGestures = !phase.isRequesting && !activity.isLoadingMore && activity.hasMore
        var effects: [RefreshEffect] = []
        if let shared = phase.answerShared(event, hasRendered: &hasRendered) { effects = shared }
        switch event {
        case .end, .requestSettled, .rendered, .spinnerTicked:
            break
        case .pull(let rows):
            guard kind == .back, hasContent, takesGestures else { break }
            phase = phase.pulled(by: rows, limit: maxPullDistance)
            effects.append(phase.pulledRows > 0 ? .armReleaseTimer : .cancelReleaseTimer)
        case .release, .releaseTimerFired:
            guard kind == .back, takesGestures else { break }
            effects += phase.released(threshold: height)
        case .viewDidMove(let fraction, let movingDown):
            guard kind == .auto else { break }
            guard hasContent, fraction > 0, fraction >= triggerPercent else {
                isInTriggerZone = false
                triggersThisArrival = 0
                break
            }
            if !isInTriggerZone {
                isInTriggerZone = true
                triggersThisArrival = 0
            }
            guard movingDown, state == .idle, autoTriggerTimes < 0 || triggersThisArrival < autoTriggerTimes else { break }
            triggersThisArrival += 1
            effects += phase.startRequest(hasRendered: hasRendered)
        case .activate:
            guard hasContent, state == .idle else { break }
            effects += phase.startRequest(hasRendered: hasRendered)
        case .begin:
            guard takesGestures else { break }
            effects += phase.startRequest(hasRendered: hasRendered)
        case .parkTimerFired:
            effects += phase.parkEnded(ownerRuns: activity.isLoadingMore)
        case .contentChanged(let has):
            guard has != hasContent else { break }
            hasContent = has
            if !has {
                isInTriggerZone = false
                triggersThisArrival = 0
                effects += phase.cancelPull()
            }
        case .activityChanged(let old):
            if activity.isLoadingMore, !old.isLoadingMore {
                // The owner's load answers a pull or a request not yet sent.
                effects += phase.cancelPull() + phase.cancelRequest()
            } else if !activity.isLoadingMore, !activity.hasMore {
                // No more data: nothing asked for stays.
                effects += phase.cancelPull() + phase.cancelRequest()
            } else if !activity.isLoadingMore, activity.isRefreshing != old.isRefreshing {
                // A refresh began or ended while the owner does not run the load asked for: it
                // replaced the rows the page would add to, or the owner dropped the load.
                effects += phase.cancelRequest()
            }
        }
        return effects
    }
}
