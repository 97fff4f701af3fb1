#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import OpenCombine
import TerminalUI

/// What both footers share: noMoreData, hiding while the list is empty, Enter, and the calls
/// for the view's moves (`viewDidMove(atBottom:movingDown:)`, `pull(by:)`, `release()`), which
/// each footer's model answers in its own way (`RefreshFooterModel`; this class runs it on
/// the scheduler).
///
/// The footer is one row under the last row of the list (`visibleHeight`), hidden while the
/// list has no content. Unlike MJRefresh, `endRefreshing()` never overwrites noMoreData
/// (MJRefresh's asynchronous end did), and `beginRefreshing()` is a no-op in noMoreData:
/// call `resetNoMoreData()` first (bound with `RefreshableList.bind`, the owner's `hasMore`
/// decides instead).
public class RefreshFooter: RefreshComponent {
    /// Which footer this is (for titles).
    var kind: RefreshFooterKind { model.kind }

    /// The gesture model this footer runs.
    var model: RefreshFooterModel

    /// Whether the list has rows; the footer is hidden and triggers nothing without them.
    var hasContent: Bool {
        get { model.hasContent }
        set { send(.contentChanged(hasContent: newValue)) }
    }
    /// Hidden while the list is empty.
    var isHidden: Bool { !hasContent }

    /// With no more data to load, whether the input is still open and more may come on its
    /// own: the footer then reads "Waiting for more..." instead of "No more data". Bound to an
    /// owner, the owner's `RefreshActivity.isWaitingForMore`.
    var isWaitingForMore: Bool {
        get { activity.isWaitingForMore }
        set { updateOwnActivity { $0.isWaitingForMore = newValue } }
    }

    /// Rows the footer occupies below the last row: its own row (1) plus, for the back
    /// footer, the rows pulled past it; 0 while hidden.
    var visibleHeight: Int { display(activity: activity).visibleHeight }

    override var hasRendered: Bool { model.hasRendered }

    init(scheduler: LoopScheduler, parkDelay: TimeInterval, model: RefreshFooterModel) {
        self.model = model
        super.init(scheduler: scheduler, parkDelay: parkDelay)
    }

    // MARK: The view moved (each footer answers in its own way)

    /// Whether reaching the footer by moving down loads now: the auto footer's while it shows
    /// and has more to load; never the back footer's, which loads when pulled.
    ///
    /// While it is true, Down on the last row gives the footer row the selection (Enter there
    /// loads), and moves made past the last loaded row are kept until the rows arrive.
    var loadsWhenReached: Bool { model.loadsWhenReached(activity: activity) }

    /// The view moved: `atBottom` says whether the footer row is fully in view, `movingDown`
    /// whether the move went down. The auto footer loads when it arrives there moving down
    /// (see `AutoRefreshFooter`); the back footer ignores moves. Returns whether loading started.
    @discardableResult
    func viewDidMove(atBottom: Bool, movingDown: Bool) -> Bool {
        send(.viewDidMove(atBottom: atBottom, movingDown: movingDown))
    }

    /// Over-scroll past the bottom by `rows` (Down or the wheel past the last row): pulls the
    /// back footer; the auto footer is not pulled.
    func pull(by rows: Int) { send(.pull(by: rows)) }

    /// The user let go of a pull: the back footer loads if pulled past its threshold, else
    /// springs back; the auto footer is never pulled.
    func release() { send(.release) }

    /// Enter on the footer row: loads when idle and visible (MJRefresh's tap on the state
    /// label). Returns whether loading started.
    @discardableResult
    func activate() -> Bool { send(.activate) }

    /// Ends loading (if loading) and shows "No more data"; nothing triggers until reset.
    public func endRefreshingWithNoMoreData() {
        finishRefreshing(success: true) {
            $0.isLoadingMore = false
            $0.hasMore = false
        }
    }

    /// Leaves noMoreData for idle (no-op in any other state).
    public func resetNoMoreData() {
        guard state == .noMoreData else { return }
        updateOwnActivity { $0.hasMore = true }
    }

    override var phase: RefreshPhase { model.phase }

    override func display(activity: RefreshActivity) -> RefreshDisplay { model.display(activity: activity) }

    override func handleModel(_ event: RefreshEvent, activity: RefreshActivity) -> [RefreshEffect] {
        model.handle(event, activity: activity)
    }

    override var requestFlag: WritableKeyPath<RefreshActivity, Bool> { \.isLoadingMore }
}
