/// The pull-down header's gesture as a value: a pull, its release, the park step and the
/// request it asks for, and nothing about whether a refresh runs (the owner's
/// `RefreshActivity` says that).
///
/// Feed it events with `handle(_:activity:)` and carry out the effects it returns;
/// `display(activity:)` is what it shows. It asks for a refresh only for a gesture (a release
/// past the threshold) or a programmatic `begin`, and never while the owner already refreshes:
/// a refresh the owner begins shows as refreshing and asks for nothing. `RefreshHeader` is the
/// shell that runs it on a scheduler.
///
/// Where a refresh the owner begins by itself shows is `showsOwnerRefreshes`: parked above the
/// rows, pushing them down (MJRefresh's way, the default), or in the header's state alone, with
/// no rows, so that a list refreshed by a timer or a key does not move while the work runs.
struct RefreshHeaderModel: Hashable, Sendable {
    /// Rows the header occupies when parked, and the pull threshold.
    let height: Int
    /// How far a pull can go (at least `height`).
    var maxPullDistance: Int {
        didSet { maxPullDistance = max(height, maxPullDistance) }
    }
    /// Where the gesture is.
    private(set) var phase: RefreshPhase = .idle
    /// Whether a frame has been drawn (a refresh begun before shows as `willRefresh`).
    private(set) var hasRendered = false
    /// Whether a refresh the owner runs that the header did not ask for (begun by a key, a
    /// timer, a signal) takes the header's rows. True (the default): it parks the header above
    /// the rows, as MJRefresh does. False: it shows only in `state` (`.refreshing`, the spinner
    /// runs) with no rows, so no row moves; the owner shows its progress elsewhere. Either way
    /// a refresh that answers the header's own request (a pull released, a `begin`) parks it,
    /// and so does a pull while an unshown refresh runs (it asks for nothing more).
    var showsOwnerRefreshes = true
    /// Whether the owner's running refresh answers this header's request or a pull made
    /// during it: it shows parked even when `showsOwnerRefreshes` is false.
    private(set) var showsRunningRefresh = false

    /// - Parameters:
    ///   - height: rows when parked, and the threshold (at least 1).
    ///   - maxPullDistance: how far a pull can go; twice `height` by default.
    init(height: Int = 2, maxPullDistance: Int? = nil) {
        self.height = max(1, height)
        self.maxPullDistance = max(self.height, maxPullDistance ?? self.height * 2)
    }

    /// What the header shows for `activity`.
    func display(activity: RefreshActivity) -> RefreshDisplay {
        let state: RefreshState
        var rows = phase.pulledRows
        if phase.isRequesting || activity.isRefreshing {
            state = phase.busyState(hasRendered: hasRendered)
            rows = phase.isRequesting || showsOwnerRefreshes || showsRunningRefresh ? height : 0
        } else {
            state = phase.pulledRows >= height ? .pulling : .idle
        }
        return RefreshDisplay(state: state, pulledRows: phase.pulledRows, visibleHeight: rows,
                              isHidden: false, isWaitingForMore: false)
    }

    /// Applies `event` with the owner's `activity` (after the change, for
    /// `activityChanged`) and returns what to do.
    mutating func handle(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] {
        let refreshing = phase.isRequesting || activity.isRefreshing
        var effects: [RefreshEffect] = []
        if let shared = phase.answerShared(event, hasRendered: &hasRendered) { effects = shared }
        switch event {
        case .end, .requestSettled, .rendered, .spinnerTicked:
            break
        case .pull(let rows):
            guard !refreshing else {
                // A refresh that runs out of sight shows once the user pulls for one.
                if rows > 0, activity.isRefreshing { showsRunningRefresh = true }
                break
            }
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
                showsRunningRefresh = phase.isRequesting
                effects += phase.cancelPull() + phase.cancelRequest()
            } else if activity.isLoadingMore, !old.isLoadingMore, !activity.isRefreshing {
                // The owner loads the next page instead: the refresh asked for is dropped.
                effects += phase.cancelRequest()
            }
        case .viewDidMove, .activate, .contentChanged:
            break
        }
        if !activity.isRefreshing { showsRunningRefresh = false }
        return effects
    }
}
