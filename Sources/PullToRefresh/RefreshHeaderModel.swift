/// The pull-down header's gesture as a value: a pull, its release, the park step and the
/// request it asks for, and nothing about whether a refresh runs (the owner's
/// `RefreshActivity` says that).
///
/// Feed it events with `handle(_:activity:)` and carry out the effects it returns;
/// `display(activity:)` is what it shows. It asks for a refresh only for a gesture (a release
/// past the threshold) or a programmatic `begin`, and never while the owner already refreshes:
/// a refresh the owner begins shows as refreshing and asks for nothing. `RefreshHeader` is the
/// shell that runs it on a scheduler.
public struct RefreshHeaderModel: Hashable, Sendable {
    /// Rows the header occupies when parked, and the pull threshold.
    public let height: Int
    /// How far a pull can go (at least `height`).
    public var maxPullDistance: Int {
        didSet { maxPullDistance = max(height, maxPullDistance) }
    }
    /// Where the gesture is.
    public private(set) var phase: RefreshPhase = .idle
    /// Whether a frame has been drawn (a refresh begun before shows as `willRefresh`).
    public private(set) var hasRendered = false

    /// - Parameters:
    ///   - height: rows when parked, and the threshold (at least 1).
    ///   - maxPullDistance: how far a pull can go; twice `height` by default.
    public init(height: Int = 2, maxPullDistance: Int? = nil) {
        self.height = max(1, height)
        self.maxPullDistance = max(self.height, maxPullDistance ?? self.height * 2)
    }

    /// What the header shows for `activity`.
    public func display(activity: RefreshActivity) -> RefreshDisplay {
        let state: RefreshState
        if phase.isRequesting || activity.isRefreshing {
            state = phase.busyState(hasRendered: hasRendered)
        } else {
            state = phase.pulledRows >= height ? .pulling : .idle
        }
        return RefreshDisplay(state: state, pulledRows: phase.pulledRows,
                              visibleHeight: state.isRefreshing ? height : phase.pulledRows,
                              isHidden: false, isWaitingForMore: false)
    }

    /// Applies `event` with the owner's `activity` (after the change, for
    /// `activityChanged`) and returns what to do.
    public mutating func handle(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] {
        var before = activity
        if case .activityChanged(let old) = event { before = old }
        let shown = display(activity: before)
        let refreshing = phase.isRequesting || activity.isRefreshing
        var effects: [RefreshEffect] = []
        if let shared = phase.answerShared(event, hasRendered: &hasRendered) { effects = shared }
        switch event {
        case .end, .requestSettled, .rendered:
            break
        case .pull(let rows):
            guard !refreshing else { break }
            phase = phase.pulled(by: rows, limit: maxPullDistance)
            effects.append(phase.pulledRows > 0 ? .armReleaseTimer : .cancelReleaseTimer)
        case .release, .releaseTimerFired:
            guard !refreshing else { break }
            effects += phase.released(threshold: height)
        case .parkTimerFired:
            effects += phase.parkEnded(ownerRuns: activity.isRefreshing)
        case .begin:
            guard !refreshing else { break }
            effects += phase.startRequest(hasRendered: hasRendered)
        case .activityChanged(let old):
            if activity.isRefreshing, !old.isRefreshing {
                // The owner's refresh answers a pull or a request not yet sent.
                effects += phase.cancelPull() + phase.cancelRequest()
            } else if activity.isLoadingMore, !old.isLoadingMore, !activity.isRefreshing {
                // The owner loads the next page instead: the refresh asked for is dropped.
                effects += phase.cancelRequest()
            }
        case .viewDidMove, .activate, .contentChanged:
            break
        }
        if display(activity: activity).differsBesidesState(from: shown) { effects.append(.changed) }
        return effects
    }
}
