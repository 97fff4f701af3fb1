#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenCombine
import TerminalUI

/// A `ListView` with pull-to-refresh attached: give it a header and a footer, hand it the
/// list commands your keys and mouse produce, and it does every mechanic a phone's table view
/// does for them.
///
/// ```swift
/// let refreshable = RefreshableList(list: ListView(dataSource: rows), scheduler: loop.scheduler)
/// refreshable.header = RefreshHeader(scheduler: loop.scheduler)
/// refreshable.footer = AutoRefreshFooter(scheduler: loop.scheduler)
/// ```
///
/// What it does for you:
/// - **Pull.** Up (or the wheel) past the top pulls the header one row per step, but only in
///   a burst of input that began while the view rested at the top: a held-down key or a flick
///   of the wheel that reaches the top stops there, as a fling bounces on a phone.
/// - **Release.** Any other command, `releasePulls()` (call it for keys the list does not
///   handle), or the header's release delay lets go: past the threshold it refreshes.
/// - **Insets.** The list's top and bottom accessory lines always equal the header's and the
///   footer's heights, so a pulled or parked header pushes the rows down.
/// - **Load more.** The auto footer starts loading when it comes fully into view while the
///   user moves down; Down on the last row gives the footer row the selection, and
///   `activateFooter()` (Enter there) loads. The back footer is pulled with Down past the
///   bottom. Moves past the last loaded row are kept and completed when the rows arrive.
/// - **Hiding.** The footer hides while the list is empty or `showsFooter` is false.
/// - **Drawing.** `draw(on:top:height:width:)` draws the rows and the header and footer rows.
///
/// Whether a refresh or a load is running, and whether there is more, is not decided here:
/// bind the list to the state that owns it with `bind(state:rows:didUpdateRows:activity:refresh:loadMore:)`,
/// which reloads the rows for each state before the components see its activity.
/// Confined to the UI thread, like the components.
public final class RefreshableList {
    /// The list the components are attached to.
    public let list: ListView
    /// The refresh header above the first row, if any.
    public var header: RefreshHeader? {
        didSet { attach(header, replacing: oldValue) }
    }
    /// The load-more footer below the last row, if any.
    public var footer: RefreshFooter? {
        didSet {
            attach(footer, replacing: oldValue)
            reloadFooterContent()
        }
    }
    /// How the header is drawn.
    public var headerView: RefreshHeaderView
    /// How the footer is drawn.
    public var footerView: RefreshFooterView
    /// Whether the footer shows at all (a source that cannot have more pages hides it).
    public var showsFooter = true {
        didSet { reloadFooterContent() }
    }
    /// Up or wheel input closer together than this (seconds) is one burst: a held key's
    /// repeats, or one flick of the wheel.
    public var repeatGap: Double = 0.12
    /// Called after anything visible changed (a component, the insets): render again.
    public var onChange: () -> Void = {}

    /// Whether the footer row has the selection (Down on the last row moves it there).
    public private(set) var isFooterSelected = false
    /// Rows that moves asked for past the last loaded row; completed when rows arrive.
    private(set) var pendingRows = 0

    private let scheduler: LoopScheduler
    /// The bound load-more request (see `bind`).
    private var requestMore: (() -> Void)?
    /// The bound owner's last activity (see `bind`): nil while unbound.
    private var activity: RefreshActivity?
    /// Whether the bound owner can be asked for the next page now: it has more, and neither
    /// loads nor refreshes.
    private var ownerTakesMore: Bool {
        activity.map { $0.hasMore && !$0.isLoadingMore && !$0.isRefreshing } ?? false
    }
    /// Reloads so far, and at the start of the owner's running load: a load that ends with no
    /// reload in between brought no rows (it failed).
    private var reloads = 0
    private var reloadsAtLoadStart = 0
    private var pullInput: (time: LoopScheduler.SchedulerTimeType, beganAtRest: Bool)?
    private var componentChanges: [ObjectIdentifier: AnyCancellable] = [:]

    /// Attaches nothing yet: set `header` and `footer`.
    public init(
        list: ListView, scheduler: LoopScheduler,
        header: RefreshHeader? = nil, footer: RefreshFooter? = nil,
        headerView: RefreshHeaderView = RefreshHeaderView(language: .english, glyphs: .unicode),
        footerView: RefreshFooterView = RefreshFooterView(language: .english, glyphs: .unicode)
    ) {
        self.list = list
        self.scheduler = scheduler
        self.headerView = headerView
        self.footerView = footerView
        self.header = header
        self.footer = footer
        attach(header, replacing: nil)
        attach(footer, replacing: nil)
        reloadFooterContent()
    }

    private func attach(_ component: RefreshComponent?, replacing old: RefreshComponent?) {
        if let old { componentChanges[ObjectIdentifier(old)] = nil }
        if let component {
            componentChanges[ObjectIdentifier(component)] = component.changes.sink { [weak self] in
                self?.syncInsets()
                self?.onChange()
            }
        }
        syncInsets()
    }

    // MARK: Input

    /// Applies a navigation command with the pull, release, load-more and selection mechanics.
    @discardableResult
    public func apply(_ command: ListCommand) -> ListOutcome {
        isFooterSelected = false
        let pulls = allowsPull(command)
        let before = list.selectedIndex
        let outcome = list.apply(command)
        let movingDown: Bool
        switch command {
        case .down, .pageDown, .halfPageDown, .end, .wheelDown: movingDown = true
        default: movingDown = false
        }
        keepPendingRows(command, from: before)

        switch outcome {
        case .overscrollTop(let rows) where pulls:
            footer?.release()
            header?.pull(by: rows)
        case .overscrollTop:
            break
        case .overscrollBottom(let rows):
            header?.release()
            footer?.pull(by: rows)
            // The footer row takes the selection only while Enter there can do something.
            if command == .down, footer?.loadsWhenReached == true {
                isFooterSelected = true
            }
        default:
            releasePulls()
        }
        syncInsets()
        footerArrival(movingDown: movingDown)
        if pendingRows > 0 {
            // The next page is asked for at once (no park step): the user is waiting for it.
            // While the owner loads or refreshes, the moves wait for its result (asking again
            // would load the same page twice from an owner without guards).
            if let requestMore {
                if ownerTakesMore { requestMore() }
            } else {
                footer?.beginRefreshing()
            }
        }
        onChange()
        return outcome
    }

    /// Lets go of any pull (call it for input the list does not handle: any other key).
    public func releasePulls() {
        header?.release()
        footer?.release()
    }

    /// Enter: the footer's when the footer row has the selection (or no row has it), and then
    /// it loads if idle. With `fromLastRow`, Enter on the selected row does nothing of its own,
    /// so on the last row with the footer fully in view below it, it is the footer's too.
    /// Returns whether Enter was the footer's.
    @discardableResult
    public func activateFooter(fromLastRow: Bool = false) -> Bool {
        if isFooterSelected || list.selectedIndex == nil {
            footer?.activate()
            return true
        }
        guard fromLastRow, list.selectedIndex == list.rowCount - 1, list.isBottomAccessoryFullyVisible else { return false }
        footer?.activate()
        return true
    }

    /// Selects row `index` (see `ListView.select(row:)`), letting go of pulls and of the
    /// footer's selection. With `contextAbove`, a row out of view is shown as a search's match
    /// is, that many lines below the view's top with the lines after it in view
    /// (`ListView.select(row:contextAbove:)`). Returns whether the row is now selected.
    @discardableResult
    public func select(row index: Int, contextAbove: Int? = nil) -> Bool {
        releasePulls()
        pendingRows = 0
        let selected = contextAbove.map { list.select(row: index, contextAbove: $0) } ?? list.select(row: index)
        guard selected else { return false }
        isFooterSelected = false
        footerArrival(movingDown: false)
        onChange()
        return true
    }

    /// Selects the last row with the footer under it in view, as End does, but as the owner's
    /// move, not the user's: reaching the bottom so asks for no page. For a view that keeps the
    /// end in sight while rows arrive (following a stream). Returns whether a row is selected.
    @discardableResult
    public func selectLastRow() -> Bool {
        releasePulls()
        pendingRows = 0
        guard list.rowCount > 0 else { return false }
        _ = list.apply(.end)
        isFooterSelected = false
        footerArrival(movingDown: false)
        onChange()
        return true
    }

    /// Whether any of the header's rows are in view (a refresh shows there, else elsewhere).
    public var isHeaderInView: Bool { list.scrollOffset < list.topInset }

    /// The header's refreshing line without its indent (the spinner's frame, then
    /// "Loading..."), for showing a refresh elsewhere while the header is out of view
    /// (`isHeaderInView` is false).
    public var refreshingLine: String {
        headerView.glyphs.spinnerFrame(header?.spinner.tick ?? 0) + " " + headerView.titles.header(.refreshing)
    }

    // MARK: Data

    /// Reloads the rows from the data source, then keeps the insets, the footer's visibility
    /// and its arrival at the bottom right, and completes moves made past the old last row.
    public func reloadData(keepingSelection: Bool) {
        list.reloadData(keepingSelection: keepingSelection)
        if !keepingSelection { pendingRows = 0 }
        didReload()
    }

    /// The selection's place as `reloadData(keeping:)` keeps it: while the header shows a
    /// refresh, its rows in view do not count (they leave when the refresh ends, and then the
    /// item is on the line of the view it was on before the header came).
    ///
    /// Take it before the rows change, as the view is then: the header's rows in view are
    /// counted here, not at the reload, so a place kept through other reloads in between (a
    /// filter computed again over the new rows, which scrolls to the top) lands where it was.
    public var place: ListPlace? {
        guard var place = list.place else { return nil }
        if let header, header.state.isRefreshing {
            place.screenRow -= max(0, list.topInset - list.scrollOffset)
        }
        return place
    }

    /// Reloads the rows of a refresh's result keeping the user's place, taken with `place`
    /// before the rows changed (see `ListView.reloadData(keeping:)`). Moves made past the old
    /// last row are forgotten.
    public func reloadData(keeping place: ListPlace?) {
        // The footer is there or not as it will be for the new rows before the place is laid
        // out: hidden while the list showed no row, it would otherwise not count, and a place
        // near the bottom would land a line lower, on the footer's line.
        footer?.hasContent = footerHasContent
        list.reloadData(keeping: place)
        pendingRows = 0
        didReload()
    }

    private func didReload() {
        reloads &+= 1
        reloadFooterContent()
        isFooterSelected = false
        completePendingRows()
        syncInsets()
        // Appended rows push the footer out of view: that ends its arrival at the bottom.
        footerArrival(movingDown: false)
    }

    /// Scrolls to the very top, where the header shows (a refresh begun from anywhere).
    public func scrollToTop() {
        list.scrollToTop()
        footerArrival(movingDown: false)
    }

    // MARK: Drawing

    /// Draws the rows, the header's rows above them and the footer's row below them into rows
    /// `top ..< top + height` of `canvas`, then tells the components a frame was drawn.
    public func draw(on canvas: Canvas, top: Int, height: Int, width: Int) {
        if list.viewportHeight != height { list.viewportHeight = height }
        if isFooterSelected, footer?.isHidden ?? true || !list.isBottomAccessoryFullyVisible { isFooterSelected = false }
        list.showsSelection = !isFooterSelected
        let headerLines = header.map { headerView.lines(for: $0, rows: list.topInset) } ?? []
        list.draw(on: canvas, top: top, height: height, width: width) { [self] line, screenRow in
            switch line {
            case .topAccessory(let i):
                guard i < headerLines.count else { return }
                let isStateLine = headerLines.count == 1 || i == headerLines.count - 2
                canvas.draw(headerLines[i], row: screenRow, column: 0,
                            style: isStateLine ? headerView.titleStyle : headerView.detailStyle)
            case .bottomAccessory(let i):
                guard i == 0, let footer else { return }
                if isFooterSelected {
                    var style = footerView.style
                    style.reverse = true
                    footerView.draw(footer, on: canvas, row: screenRow, style: style, selected: true)
                    canvas.draw(String(list.selectionMarker), row: screenRow, column: 0, style: style, maxWidth: 1)
                } else {
                    footerView.draw(footer, on: canvas, row: screenRow)
                }
            case .row:
                break
            }
        }
        header?.didRender()
        footer?.didRender()
    }

    // MARK: Mechanics

    private func syncInsets() {
        let top = header?.visibleHeight ?? 0
        let bottom = footer?.visibleHeight ?? 0
        // A header that appears for a refresh nobody pulled for keeps the selected row on
        // screen; a pull pushes the rows down.
        if list.topInset != top { list.setTopInset(top, keepingSelectedRow: header?.state == .refreshing) }
        if list.bottomInset != bottom { list.bottomInset = bottom }
    }

    private func reloadFooterContent() {
        footer?.hasContent = footerHasContent
        syncInsets()
    }

    /// Whether the footer shows: it is wanted, and there are rows (the data source's, which
    /// the list takes in at its next reload).
    private var footerHasContent: Bool { showsFooter && list.dataSource.rowCount > 0 }

    private func footerArrival(movingDown: Bool) {
        footer?.viewDidMove(atBottom: list.isBottomAccessoryFullyVisible && list.rowCount > 0, movingDown: movingDown)
    }

    /// Whether an Up or wheel-up may pull the header: only in a burst that began at rest at
    /// the top (for Up, the selection on the first row; for the wheel, the view at the top).
    private func allowsPull(_ command: ListCommand) -> Bool {
        switch command {
        case .up, .wheelUp:
            let now = scheduler.now
            let atRest = list.isAtTop && (command != .up || list.selectedIndex == nil || list.selectedIndex == firstSelectableRow)
            let gap = LoopScheduler.SchedulerTimeType.Stride.milliseconds(Int(repeatGap * 1000))
            let continues = pullInput.map { now < $0.time.advanced(by: gap) } ?? false
            let beganAtRest = continues ? (pullInput?.beganAtRest ?? false) : atRest
            pullInput = (now, beganAtRest)
            return beganAtRest
        default:
            pullInput = nil
            return true
        }
    }

    private var firstSelectableRow: Int? {
        (0..<min(list.rowCount, 64)).first { list.dataSource.isSelectable(at: $0) }
    }

    /// Counts the rows a move down asked for past the last loaded row while the auto footer
    /// can load more; any other move forgets them.
    private func keepPendingRows(_ command: ListCommand, from before: Int?) {
        let asked: Int
        switch command {
        case .down: asked = 1
        case .pageDown: asked = max(1, list.viewportHeight - 1)
        case .halfPageDown: asked = max(1, list.viewportHeight / 2)
        default:
            pendingRows = 0
            return
        }
        guard footer?.loadsWhenReached == true, let after = list.selectedIndex, after == list.rowCount - 1 else { return }
        pendingRows += max(0, asked - (after - (before ?? after)))
    }

    private func completePendingRows() {
        guard pendingRows > 0, let selected = list.selectedIndex else { return }
        let target = min(list.rowCount - 1, selected + pendingRows)
        guard target > selected, list.select(row: target) else { return }
        pendingRows -= target - selected
    }
}

/// What the owner of the data says about refreshing and loading: the one truth the header and
/// footer show (a reactor's state maps to it).
public struct RefreshActivity: Equatable, Sendable {
    /// A refresh (header) request is running.
    public var isRefreshing: Bool
    /// A load-more (footer) request is running.
    public var isLoadingMore: Bool
    /// More pages may come.
    public var hasMore: Bool
    /// When the data last refreshed successfully (the header's "Last updated").
    public var lastUpdated: Date?
    /// Nothing more can be loaded now, but the input is still open: more may come on its own
    /// (a stream). The footer says so instead of "No more data".
    public var isWaitingForMore: Bool

    /// - Parameters:
    ///   - isRefreshing: whether a refresh (header) request is running; false by default.
    ///   - isLoadingMore: whether a load-more (footer) request is running; false by default.
    ///   - hasMore: whether more pages may come; true by default, false shows "No more data".
    ///   - lastUpdated: when the data last refreshed successfully; `nil` (never) by default.
    ///   - isWaitingForMore: whether the input is still open, so more may come without a
    ///     request ("Waiting for more..." instead of "No more data"); false by default.
    public init(isRefreshing: Bool = false, isLoadingMore: Bool = false, hasMore: Bool = true, lastUpdated: Date? = nil,
                isWaitingForMore: Bool = false) {
        self.isRefreshing = isRefreshing
        self.isLoadingMore = isLoadingMore
        self.hasMore = hasMore
        self.lastUpdated = lastUpdated
        self.isWaitingForMore = isWaitingForMore
    }
}

/// How `RefreshableList.bind` reloads the rows for a new state, once the data source holds
/// the state's rows.
public enum ListReload: Equatable {
    /// The rows are the ones shown: nothing is reloaded.
    case unchanged
    /// Reload, keeping the selected row's index (`true`), or back at the top (`false`).
    case keepingSelection(Bool)
    /// Reload keeping the item at a place on its line of the view: take the place with
    /// `RefreshableList.place` before the data source changes.
    case keeping(ListPlace?)
}

extension RefreshableList {
    /// Binds the list to the state that owns refreshing, in both directions, in one call.
    ///
    /// For each state, in this order: `rows` brings the data source in line with it and says
    /// how to reload (`ListReload`), the list reloads, `didUpdateRows` runs (for what follows a
    /// reload: a selection, other views), and then the header and footer show the state's
    /// `activity` (refreshing, loading, no more data, last updated); a reload calls `onChange`. The order is the list's:
    /// a page that arrives completes the moves made past the old last row before the footer
    /// sees that its load ended, so no second page is asked for. A request from a component (a
    /// pull released, the footer reached or activated) calls `refresh` or `loadMore`. Whether
    /// work runs is never decided by the components.
    ///
    /// The components show the owner's activity and keep only their gestures; their models
    /// hold the ordering rules: a refresh that begins or ends drops a load the footer asked
    /// for that the owner does not run, and a load that begins drops a refresh the header
    /// asked for. Moves made past the last row are forgotten when a refresh begins and when a
    /// load ends with no reload of the rows (it failed); once the owner neither loads nor
    /// refreshes and has more, those still pending ask again (on the next turn). Cancelling
    /// the binding leaves each component showing the last activity as its own.
    ///
    /// A request goes out only for a user's gesture (a pull, Enter on the footer, arriving at
    /// the bottom, moves past the last row), and only while the owner does not already run that
    /// kind of work: a refresh or load the state began (a key, a timer, a signal) shows in the
    /// header or footer but is not asked for again, so an owner without guards against a second
    /// request gets exactly one. What the owner does with a load asked for during its refresh
    /// is its own choice (it may drop it).
    public func bind<P: Publisher>(
        state: P,
        rows: @escaping (P.Output) -> ListReload,
        didUpdateRows: @escaping (P.Output) -> Void = { _ in },
        activity: @escaping (P.Output) -> RefreshActivity,
        refresh: @escaping () -> Void,
        loadMore: @escaping () -> Void
    ) -> AnyCancellable where P.Failure == Never {
        requestMore = loadMore
        let applying = state.sink { [weak self] new in
            guard let self else { return }
            switch rows(new) {
            case .unchanged: break
            case .keepingSelection(let keeps):
                reloadData(keepingSelection: keeps)
                onChange()
            case .keeping(let place):
                reloadData(keeping: place)
                onChange()
            }
            didUpdateRows(new)
            let activity = activity(new)
            if activity != self.activity { apply(activity) }
        }
        // A component's request comes only from a gesture, and never while the owner shows that
        // kind of work running (its model decides): each one is the owner's to run.
        let refreshes = header?.refreshingPublisher.sink { refresh() }
        let loads = footer?.refreshingPublisher.sink { loadMore() }
        return AnyCancellable { [weak self] in
            self?.requestMore = nil
            self?.activity = nil
            self?.header?.bindOwner(nil)
            self?.footer?.bindOwner(nil)
            applying.cancel()
            refreshes?.cancel()
            loads?.cancel()
        }
    }

    /// Shows the owner's new activity in the components and settles the moves made past the
    /// last row.
    private func apply(_ new: RefreshActivity) {
        let old = activity
        activity = new
        header?.lastUpdated = new.lastUpdated
        // The components show the owner's activity; their models decide what it answers
        // or cancels of what they asked for.
        header?.bindOwner(new)
        footer?.bindOwner(new)
        if new.isRefreshing, old?.isRefreshing != true { pendingRows = 0 }
        if new.isLoadingMore, old?.isLoadingMore != true { reloadsAtLoadStart = reloads }
        if !new.isLoadingMore, old?.isLoadingMore == true, reloads == reloadsAtLoadStart { pendingRows = 0 }
        if !new.hasMore, !new.isLoadingMore { pendingRows = 0 }
        if pendingRows > 0, ownerTakesMore {
            // Asked on the next turn, not from inside the owner's publication: an owner that
            // publishes synchronously would otherwise see this request before its own state
            // settled.
            scheduler.schedule { [weak self] in
                guard let self, pendingRows > 0, ownerTakesMore else { return }
                requestMore?()
            }
        }
    }
}
