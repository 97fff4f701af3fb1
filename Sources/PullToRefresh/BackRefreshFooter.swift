#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import TerminalUI

/// The footer that loads when pulled past the bottom and released (MJRefreshBackFooter).
///
/// The app calls `pull(by:)` for every Down (or wheel step) past the bottom and `release()`
/// for any other input. Pulled `height` rows (default 1) the state is `pulling`
/// ("Release to load more"); releasing then loads, releasing short springs back. Release
/// detection is the header's: a non-pull event or `releaseDelay` with no pull input.
/// The app keeps the viewport where it is when the loaded rows are appended.
public final class BackRefreshFooter: RefreshFooter {
    /// The pull threshold in rows.
    public let height: Int
    /// No pull input for this long counts as a release.
    public var releaseDelay: TimeInterval {
        get { gesture.releaseDelay }
        set { gesture.releaseDelay = newValue }
    }
    /// How far a pull can go; twice `height` by default.
    public var maxPullDistance: Int {
        get { gesture.maxDistance }
        set { gesture.maxDistance = max(height, newValue) }
    }
    /// Rows pulled past the bottom (0 while refreshing or at rest).
    public var pullDistance: Int { gesture.distance }
    /// `pullDistance / height`, ≥ 0 (1 while refreshing).
    public var pullingPercent: Double { state.isRefreshing ? 1 : Double(pullDistance) / Double(height) }

    override public var kind: RefreshFooterKind { .back }
    override var overscrollRows: Int { gesture.distance }

    private var gesture: PullGesture!

    /// - Parameters:
    ///   - scheduler: times the release delay, the park step and the spinner; the footer is
    ///     confined to the thread that runs it.
    ///   - height: the pull threshold in rows (at least 1; 1 by default).
    ///   - releaseDelay: seconds without pull input that count as letting go (0.5 s by default).
    ///   - parkDelay: seconds between entering refreshing and the request going out.
    public init(
        scheduler: LoopScheduler,
        height: Int = 1,
        releaseDelay: TimeInterval = RefreshHeader.defaultReleaseDelay,
        parkDelay: TimeInterval = RefreshComponent.defaultParkDelay
    ) {
        self.height = max(1, height)
        super.init(scheduler: scheduler, parkDelay: parkDelay)
        gesture = PullGesture(
            scheduler: scheduler, maxDistance: self.height * 2, releaseDelay: releaseDelay
        ) { [weak self] in self?.release() }
    }

    /// Over-scroll past the bottom by `rows`. Ignored while hidden, refreshing or with no more data.
    override public func pull(by rows: Int) {
        guard hasContent else { return }
        pull(gesture, by: rows, threshold: height)
    }

    /// The user let go: load if pulled past the threshold, else spring back.
    override public func release() { release(gesture) }

    override func willEnterRefreshing() { gesture.reset() }

    override func cancelPull() {
        if gesture.distance > 0 {
            gesture.reset()
            notifyChange()
        }
    }

    override func contentAvailabilityChanged() {
        if !hasContent {
            cancelPull()
            if state == .pulling { transition(to: .idle) }
        }
    }
}
