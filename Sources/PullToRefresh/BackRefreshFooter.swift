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
    public var height: Int { model.height }
    /// No pull input for this long counts as a release.
    public var releaseDelay: TimeInterval {
        get { releaseInterval }
        set { releaseInterval = newValue }
    }
    /// How far a pull can go; twice `height` by default.
    public var maxPullDistance: Int {
        get { model.maxPullDistance }
        set { model.maxPullDistance = newValue }
    }
    /// Rows pulled past the bottom (0 while refreshing or at rest).
    var pullDistance: Int { model.phase.pulledRows }
    /// `pullDistance / height`, ≥ 0 (1 while refreshing).
    var pullingPercent: Double { state.isRefreshing ? 1 : Double(pullDistance) / Double(height) }

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
        super.init(scheduler: scheduler, parkDelay: parkDelay, model: RefreshFooterModel(kind: .back, height: height))
        self.releaseInterval = releaseDelay
    }
}
