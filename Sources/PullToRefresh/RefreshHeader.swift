import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import TerminalUI

/// The pull-down-to-refresh header (MJRefreshHeader adapted to rows and keys).
///
/// The app feeds it over-scroll: `pull(by:)` for every Up (or wheel step) past the top,
/// `release()` for any other input; it sets the list's top inset to `visibleHeight`.
/// Pulled `height` rows or more the state is `pulling`; releasing then refreshes (the
/// header parks at `height` rows), releasing short springs back to idle.
///
/// While refreshing, pulls are ignored; the parked header belongs to the content, so it
/// scrolls away with it and comes back at the top (the list's business). The decisions are
/// `RefreshHeaderModel`'s; this class runs it on the scheduler.
public final class RefreshHeader: RefreshComponent {
    /// The default release delay, 0.5 s.
    public static var defaultReleaseDelay: TimeInterval { 0.5 }

    /// Rows the header occupies when parked, and the pull threshold (2: state line and
    /// last-updated line).
    public var height: Int { model.height }
    /// How far a pull can go (over-pulling past this is ignored). MJRefresh has no limit;
    /// in a terminal each extra row costs a list row, so the default is twice `height`.
    public var maxPullDistance: Int {
        get { model.maxPullDistance }
        set { model.maxPullDistance = newValue }
    }
    /// Whether a refresh the owner begins by itself (a key, a timer, a signal) parks the header
    /// above the rows (true, the default, as MJRefresh) or shows only in `state`, taking no
    /// rows, so that no row moves while it runs (false: show its progress elsewhere, as for a
    /// header scrolled out of view, `RefreshableList.isHeaderInView`). A pull, a pull made
    /// while such a refresh runs, or a refresh that answers `beginRefreshing()` shows the
    /// header either way.
    public var showsOwnerRefreshes: Bool {
        get { model.showsOwnerRefreshes }
        set {
            guard newValue != model.showsOwnerRefreshes else { return }
            changeShown { model.showsOwnerRefreshes = newValue }
        }
    }
    /// No pull input for this long counts as a release.
    public var releaseDelay: TimeInterval {
        get { releaseInterval }
        set { releaseInterval = newValue }
    }
    /// When the last successful refresh ended; the app persists and restores it. Bound to an
    /// owner, the owner's `RefreshActivity.lastUpdated`.
    public var lastUpdated: Date? {
        get { updated }
        set {
            guard newValue != updated else { return }
            changeShown { updated = newValue }
        }
    }
    private var updated: Date?
    /// The clock for `lastUpdated`.
    var now: () -> Date

    /// The gesture model this header runs.
    private(set) var model: RefreshHeaderModel

    /// Rows pulled so far (0 when not pulled, `height` while refreshing).
    var pullDistance: Int { state.isRefreshing ? height : model.phase.pulledRows }
    /// `pullDistance / height`, ≥ 0 (1 while refreshing).
    var pullingPercent: Double { Double(pullDistance) / Double(height) }
    /// Rows the header occupies now: the pull distance while idle or pulling (may exceed
    /// `height`), `height` while refreshing, 0 when at rest.
    var visibleHeight: Int { display(activity: activity).visibleHeight }

    override var hasRendered: Bool { model.hasRendered }

    /// - Parameters:
    ///   - scheduler: times the release delay, the park step and the spinner.
    ///   - height: rows when parked, and the threshold (at least 1).
    ///   - releaseDelay: seconds without pull input that count as letting go.
    ///   - parkDelay: seconds between entering refreshing and the request going out.
    ///   - lastUpdated: when the data last refreshed successfully, if known.
    ///   - now: the clock, injectable for tests.
    public init(
        scheduler: LoopScheduler,
        height: Int = 2,
        releaseDelay: TimeInterval = RefreshHeader.defaultReleaseDelay,
        parkDelay: TimeInterval = RefreshComponent.defaultParkDelay,
        lastUpdated: Date? = nil,
        now: @escaping () -> Date = { Date() }
    ) {
        self.model = RefreshHeaderModel(height: height)
        self.updated = lastUpdated
        self.now = now
        super.init(scheduler: scheduler, parkDelay: parkDelay)
        self.releaseInterval = releaseDelay
    }

    /// Over-scroll past the top by `rows` (negative: pushed back). Ignored while refreshing.
    func pull(by rows: Int) { send(.pull(by: rows)) }

    /// The user let go (any non-pull input, or the release delay passed): refresh if pulled
    /// past the threshold, else spring back. No-op when not pulled.
    func release() { send(.release) }

    override var phase: RefreshPhase { model.phase }

    override func display(activity: RefreshActivity) -> RefreshDisplay { model.display(activity: activity) }

    override func handleModel(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] {
        model.handle(event, activity: activity)
    }

    override func didEndRefreshing(requestWasSent: Bool, success: Bool) {
        if requestWasSent && success { lastUpdated = now() }
    }
}
