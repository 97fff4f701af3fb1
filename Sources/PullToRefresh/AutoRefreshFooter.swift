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

/// The footer that loads by itself when the user reaches the bottom (MJRefreshAutoFooter).
///
/// The app calls `viewDidMove(footerVisibleFraction:movingDown:)` (or
/// `viewDidMove(atBottom:movingDown:)`) after every move of the view. The footer triggers
/// when at least `triggerPercent` of its row is visible while the user moves down, at most
/// `autoTriggerTimes` times per arrival at the bottom. An arrival ends when the footer leaves
/// the trigger zone. MJRefresh counts triggers per drag; a terminal has no drags, so we count
/// per arrival. Programmatic `beginRefreshing()` and Enter (`activate()`) are never gated.
public final class AutoRefreshFooter: RefreshFooter {
    /// The visible fraction of the footer row needed to trigger (default 1.0: fully visible).
    public var triggerPercent: Double {
        get { model.triggerPercent }
        set { model.triggerPercent = newValue }
    }
    /// Triggers per arrival at the bottom (default 1; negative: unlimited).
    public var autoTriggerTimes: Int {
        get { model.autoTriggerTimes }
        set { model.autoTriggerTimes = newValue }
    }
    /// Automatic triggers since this arrival at the bottom.
    var triggersThisArrival: Int { model.triggersThisArrival }
    /// Whether the footer is in the trigger zone now.
    var isInTriggerZone: Bool { model.isInTriggerZone }

    /// - Parameters:
    ///   - scheduler: times the park step and the spinner; the footer is confined to the
    ///     thread that runs it.
    ///   - triggerPercent: the visible fraction of the footer row (0…1) that triggers
    ///     loading; 1.0, fully visible, by default.
    ///   - autoTriggerTimes: automatic triggers per arrival at the bottom; 1 by default,
    ///     negative for unlimited.
    ///   - parkDelay: seconds between entering refreshing and the request going out.
    public init(
        scheduler: LoopScheduler,
        triggerPercent: Double = 1.0,
        autoTriggerTimes: Int = 1,
        parkDelay: TimeInterval = RefreshComponent.defaultParkDelay
    ) {
        super.init(scheduler: scheduler, parkDelay: parkDelay,
                   model: RefreshFooterModel(kind: .auto, triggerPercent: triggerPercent, autoTriggerTimes: autoTriggerTimes))
    }

    /// The view moved. `footerVisibleFraction` is how much of the footer row is on screen
    /// (0…1); `movingDown` whether this move went down. Returns whether loading started.
    @discardableResult
    func viewDidMove(footerVisibleFraction: Double, movingDown: Bool) -> Bool {
        send(.viewDidMove(visibleFraction: footerVisibleFraction, movingDown: movingDown))
    }
}
