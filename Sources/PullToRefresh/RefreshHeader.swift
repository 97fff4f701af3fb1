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
/// scrolls away with it and comes back at the top (the list's business).
public final class RefreshHeader: RefreshComponent {
    /// The default release delay, 0.5 s.
    public static var defaultReleaseDelay: TimeInterval { 0.5 }

    /// Rows the header occupies when parked, and the pull threshold (2: state line and
    /// last-updated line).
    public let height: Int
    /// How far a pull can go (over-pulling past this is ignored). MJRefresh has no limit;
    /// in a terminal each extra row costs a list row, so the default is twice `height`.
    public var maxPullDistance: Int {
        get { gesture.maxDistance }
        set { gesture.maxDistance = max(height, newValue) }
    }
    /// No pull input for this long counts as a release.
    public var releaseDelay: TimeInterval {
        get { gesture.releaseDelay }
        set { gesture.releaseDelay = newValue }
    }
    /// When the last successful refresh ended; the app persists and restores it.
    public var lastUpdated: Date? {
        didSet { if lastUpdated != oldValue { notifyChange() } }
    }
    /// The clock for `lastUpdated`.
    public var now: () -> Date

    /// Rows pulled so far (0 when not pulled, `height` while refreshing).
    public var pullDistance: Int { state.isRefreshing ? height : gesture.distance }
    /// `pullDistance / height`, ≥ 0 (1 while refreshing).
    public var pullingPercent: Double { Double(pullDistance) / Double(height) }
    /// Rows the header occupies now: the pull distance while idle or pulling (may exceed
    /// `height`), `height` while refreshing, 0 when at rest.
    public var visibleHeight: Int { pullDistance }

    private var gesture: PullGesture!

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
        self.height = max(1, height)
        self.lastUpdated = lastUpdated
        self.now = now
        super.init(scheduler: scheduler, parkDelay: parkDelay)
        gesture = PullGesture(
            scheduler: scheduler, maxDistance: self.height * 2, releaseDelay: releaseDelay
        ) { [weak self] in self?.release() }
    }

    /// Over-scroll past the top by `rows` (negative: pushed back). Ignored while refreshing.
    public func pull(by rows: Int) {
        pull(gesture, by: rows, threshold: height)
    }

    /// The user let go (any non-pull input, or the release delay passed): refresh if pulled
    /// past the threshold, else spring back. No-op when not pulled.
    public func release() { release(gesture) }

    override func willEnterRefreshing() { gesture.reset() }

    override func didEndRefreshing(requestWasSent: Bool, success: Bool) {
        if requestWasSent && success { lastUpdated = now() }
    }
}
