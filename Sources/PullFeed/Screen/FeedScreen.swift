#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import PullToRefresh
import Reactors
import TerminalUI

/// The feed's view: title bar, the sectioned list with the refresh header above it and the
/// footer below it, and the status line (key help, or a toast). It turns input into list
/// moves, pulls and reactor actions, and draws only from the reactor's state and its
/// components' states, into any `Canvas` (the terminal, or a `MemoryScreen` in tests).
///
/// Bindings (seeds 000–003): the header's and footer's `refreshingPublisher` become
/// `.refresh` / `.loadMore` actions; the state's `isRefreshing`, `isLoadingMore` and
/// `hasMore` drive the components back (begin, end, no more data).
public final class FeedScreen: ReactorView {
    public typealias Reactor = FeedReactor

    /// How the screen looks and behaves (from the command line).
    public struct Options {
        public var language: RefreshLanguage = .english
        public var footer: FooterStyle = .auto
        public var releaseDelay: Double = 0.5
        /// Up presses (or wheel steps) closer together than this are one press held down or
        /// one flick: a burst that arrives at the top does not pull; only a press that begins
        /// while the selection rests at the top does.
        public var repeatGap: Double = 0.12
        public var colors = true
        public var unicode = true
        /// The time zone the last-updated time is shown in.
        public var timeZone = LastUpdatedFormatter.localTimeZone()
        public init() {}
    }

    public let reactorViewStorage = ReactorViewStorage<FeedReactor>()
    public let list: ListView
    public let header: RefreshHeader
    public let footer: RefreshFooter
    public let options: Options
    public let strings: AppStrings
    public let keyMap: KeyMap<FeedCommand>

    /// Called when something visible changed; the app renders on its next turn.
    public var onNeedsRender: () -> Void = {}
    /// Called for `q`/Esc/Ctrl-C.
    public var onQuit: () -> Void = {}
    /// Called for Ctrl-L: the terminal should repaint everything on the next frame.
    public var onRedraw: () -> Void = {}
    /// Called when the user chose a line with Enter (line sources).
    public var onChoose: (String) -> Void = { _ in }

    private let rows = FeedRows()
    private let headerView: RefreshHeaderView
    private let footerView: RefreshFooterView
    private var state = FeedReactor.State()
    private var toast: Toast?
    /// End was pressed while more data was coming: keep following the end as pages arrive.
    private var followsEnd = false
    /// Down on the last row moved the selection onto the auto footer's row ("Press Enter or
    /// scroll down to load more"), so Enter loads instead of activating the last row.
    private var footerSelected = false
    private var componentBindings = Set<AnyCancellable>()
    private let scheduler: LoopScheduler
    /// Rows that Down, PgDn or Ctrl-D asked for beyond the loaded rows of a line source: the
    /// selection goes on by that many when the next page arrives (as `less` and `fzf` do).
    private var pendingRows = 0
    /// The last Up or wheel-up input, and whether the burst it belongs to began while the
    /// selection rested at the top (only such a burst pulls).
    private var pullInput: (time: LoopScheduler.SchedulerTimeType, beganAtRest: Bool)?
    /// The help line for each thing Enter can do, made on first use.
    private var helpLines: [AppText?: String] = [:]
    /// The title bar's texts as last laid out, and the item count and width they were made for.
    private var titleBar: (count: Int, width: Int, shift: Int, title: String, room: Int, counter: (String, Int)?) = (-1, -1, 0, "", 0, nil)
    /// The status line's key help as last cut to fit, and the width it was cut for.
    private var helpText = (width: -1, enter: AppText?.none, text: "")

    public init(scheduler: LoopScheduler, options: Options = Options(), now: @escaping () -> Date = Date.init) {
        self.options = options
        strings = AppStrings(language: options.language, unicode: options.unicode)
        keyMap = FeedCommand.keyMap(strings: strings)
        self.scheduler = scheduler
        let release = options.releaseDelay
        header = RefreshHeader(scheduler: scheduler, releaseDelay: release, now: now)
        switch options.footer {
        case .auto: footer = AutoRefreshFooter(scheduler: scheduler)
        case .back: footer = BackRefreshFooter(scheduler: scheduler, releaseDelay: release)
        }
        let glyphs: RefreshGlyphs = options.unicode ? .unicode : .ascii
        let formatter = LastUpdatedFormatter(
            language: options.language,
            calendar: LastUpdatedFormatter.defaultCalendar(timeZone: options.timeZone), now: now)
        headerView = RefreshHeaderView(language: options.language, glyphs: glyphs, formatter: formatter)
        footerView = RefreshFooterView(language: options.language, glyphs: glyphs)
        list = ListView(dataSource: rows)
        if !options.unicode { list.selectionMarker = ">" }
        for component in [header, footer] as [RefreshComponent] {
            component.changes
                .sink { [weak self] in self?.componentsChanged() }
                .store(in: &componentBindings)
        }
    }

    // MARK: - Binding

    public func bind(reactor: FeedReactor) {
        titleBar.width = -1
        header.refreshingPublisher
            .map { FeedReactor.Action.refresh }
            .subscribe(reactor.action)
            .store(in: &cancellables)
        footer.refreshingPublisher
            .map { FeedReactor.Action.loadMore }
            .subscribe(reactor.action)
            .store(in: &cancellables)

        reactor.state
            .sink { [weak self] in self?.apply($0) }
            .store(in: &cancellables)
        reactor.pulse(\.$toast)
            .dropFirst()
            .sink { [weak self] in self?.show($0) }
            .store(in: &cancellables)
        reactor.pulse(\.$chosenLine)
            .compactMap { $0 }
            .sink { [weak self] in self?.onChoose($0) }
            .store(in: &cancellables)
    }

    /// Brings the list and the refresh components in line with a new state.
    private func apply(_ new: FeedReactor.State) {
        let old = state
        state = new
        var rowsChanged = false
        rows.update(from: new, strings: strings)
        if new.itemsVersion != old.itemsVersion || rows.rowCount != list.rowCount {
            let sameItems = new.generation == old.generation
            // Input that cannot be read again comes back whole: the place stays.
            list.reloadData(keepingSelection: sameItems || (reactor?.source.keepsPlaceOnRefresh ?? false))
            footer.hasContent = !new.isEmpty && (reactor?.source.hasPages ?? true)
            if !sameItems { pendingRows = 0 }
            rowsChanged = true
        }
        header.lastUpdated = new.lastUpdated

        if new.isRefreshing != old.isRefreshing {
            if new.isRefreshing {
                if !(reactor?.source.keepsPlaceOnRefresh ?? false) { list.scrollToTop() }
                header.beginRefreshing()
                // A footer still parking would cancel this refresh the moment it fires.
                if footer.state.isRefreshing, !new.isLoadingMore { footer.endRefreshing(hasMore: new.hasMore) }
            } else {
                header.endRefreshing(success: new.lastUpdated != old.lastUpdated)
            }
        }
        if new.hasMore != old.hasMore || new.isLoadingMore != old.isLoadingMore {
            if new.isLoadingMore {
                footer.beginRefreshing()
                if header.state.isRefreshing, !new.isRefreshing { header.endRefreshing(success: false) }
            } else if !new.hasMore {
                footer.endRefreshingWithNoMoreData()
            } else {
                footer.resetNoMoreData()
                footer.endRefreshing(hasMore: true)
            }
        }
        syncInsets()
        if rowsChanged {
            footerSelected = false
            // Appended rows push the footer out of view: that ends its arrival at the bottom.
            footerMoved(movingDown: false)
        }
        if rowsChanged { completePendingRows() }
        if !new.hasMore { pendingRows = 0 }
        if pendingRows > 0, !new.isLoadingMore { reactor?.action.send(.loadMore) }
        if followsEnd, !new.isLoadingMore {
            _ = list.apply(.end)
            if new.hasMore { reactor?.action.send(.loadRest) } else { followsEnd = false }
        }
        onNeedsRender()
    }

    private func show(_ toast: Toast?) {
        self.toast = toast
        // Following the end retries nothing: a failed page stops it (else a broken source
        // would be asked again and again).
        if case .loadMoreFailed? = toast?.kind {
            followsEnd = false
            pendingRows = 0
        }
        onNeedsRender()
    }

    private func componentsChanged() {
        syncInsets()
        onNeedsRender()
    }

    private func syncInsets() {
        if list.topInset != header.visibleHeight { list.setTopInset(header.visibleHeight) }
        if list.bottomInset != footer.visibleHeight { list.bottomInset = footer.visibleHeight }
    }

    // MARK: - Input

    /// Handles one input event.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            guard let command = keyMap.action(for: key) else {
                releasePulls()
                return
            }
            perform(command)
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelUp: move(.wheelUp(1))
            case .wheelDown: move(.wheelDown(1))
            case .press(.left):
                let top = ScreenLayout(size: lastSize).listTop
                move(.click(screenRow: mouse.row - top))
            default: break
            }
        case .paste:
            // Pasted text is never keys: the list has nothing to type into.
            break
        case .resize(let size):
            lastSize = size
            list.viewportHeight = ScreenLayout(size: size).listHeight
            onNeedsRender()
        }
    }

    /// The size of the last frame (mouse rows are relative to it).
    public private(set) var lastSize = Size(columns: 80, rows: 24)

    public func perform(_ command: FeedCommand) {
        switch command {
        case .move(let listCommand):
            move(listCommand)
        case .refresh:
            releasePulls()
            followsEnd = false
            footerSelected = false
            pendingRows = 0
            if !(reactor?.source.keepsPlaceOnRefresh ?? false) { list.scrollToTop() }
            reactor?.action.send(.refresh)
            onNeedsRender()
        case .activate:
            releasePulls()
            activate()
        case .quit:
            onQuit()
        case .redraw:
            onRedraw()
            onNeedsRender()
        }
    }

    private func move(_ command: ListCommand) {
        footerSelected = false
        let pullsAllowed = allowsPull(command)
        let before = list.selectedIndex
        let outcome = list.apply(command)
        let movingDown: Bool
        switch command {
        case .down, .pageDown, .halfPageDown, .end, .wheelDown: movingDown = true
        default: movingDown = false
        }
        keepPendingRows(command, from: before)
        followsEnd = command == .end && state.hasMore && (reactor?.source.printsSelection ?? false)

        switch outcome {
        case .overscrollTop(let rows) where pullsAllowed:
            backFooter?.release()
            header.pull(by: rows)
        case .overscrollTop:
            break
        case .overscrollBottom(let rows):
            header.release()
            backFooter?.pull(by: rows)
            if command == .down, footer is AutoRefreshFooter, !footer.isHidden { footerSelected = true }
        default:
            releasePulls()
        }
        syncInsets()
        if followsEnd {
            reactor?.action.send(.loadRest)
        } else {
            footerMoved(movingDown: movingDown)
        }
        if case .clicked(let row) = outcome {
            reactor?.action.send(.select(row))
        } else if outcome == .moved {
            reactor?.action.send(.select(list.selectedIndex))
        }
        onNeedsRender()
    }

    private var backFooter: BackRefreshFooter? { footer as? BackRefreshFooter }

    /// Whether an Up or wheel-up may pull the header: only in a burst that began while the
    /// selection already rested at the top (a key held down to reach the top, or a flick of
    /// the wheel, stops there, as a fling bounces on a phone; a new press pulls).
    private func allowsPull(_ command: ListCommand) -> Bool {
        switch command {
        case .up, .wheelUp:
            let now = scheduler.now
            // The wheel scrolls the view, not the selection: for it, resting at the top is the view's.
            let atRest = list.isAtTop && (command != .up || list.selectedIndex == nil || list.selectedIndex == firstSelectableRow)
            let continues = pullInput.map { now < $0.time.advanced(by: .milliseconds(Int(options.repeatGap * 1000))) } ?? false
            let beganAtRest = continues ? (pullInput?.beganAtRest ?? false) : atRest
            pullInput = (now, beganAtRest)
            return beganAtRest
        default:
            pullInput = nil
            return true
        }
    }

    private var firstSelectableRow: Int? {
        (0..<min(list.rowCount, 64)).first { rows.isSelectable(at: $0) }
    }

    /// Counts the rows a move down asked for past the last loaded row of a line source that
    /// has more, and asks for the next page at once; any other move forgets them.
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
        guard footer is AutoRefreshFooter, state.hasMore, reactor?.source.printsSelection ?? false,
              let after = list.selectedIndex, after == list.rowCount - 1 else { return }
        let moved = after - (before ?? after)
        pendingRows += max(0, asked - moved)
        if pendingRows > 0 { reactor?.action.send(.loadMore) }
    }

    /// Moves the selection on by the rows asked for before they were loaded.
    private func completePendingRows() {
        guard pendingRows > 0, let selected = list.selectedIndex else { return }
        let target = min(list.rowCount - 1, selected + pendingRows)
        guard target > selected, list.select(row: target) else { return }
        pendingRows -= target - selected
        footerSelected = false
    }

    private func footerMoved(movingDown: Bool) {
        guard let auto = footer as? AutoRefreshFooter else { return }
        auto.viewDidMove(atBottom: list.isBottomAccessoryFullyVisible && list.rowCount > 0, movingDown: movingDown)
    }

    private func releasePulls() {
        header.release()
        backFooter?.release()
    }

    private func activate() {
        guard !footerSelected, let row = list.selectedIndex else {
            footer.activate()
            return
        }
        switch rows.target(at: row) {
        case .addComment(let cell):
            cell.action.send(.create)
        case .line(let line):
            reactor?.action.send(.choose(line))
        case .none:
            if row == list.rowCount - 1, list.isBottomAccessoryFullyVisible { footer.activate() }
        }
    }

    // MARK: - Rendering

    /// Draws the whole screen from the current state.
    public func render(on canvas: Canvas) {
        let size = canvas.size
        lastSize = size
        let layout = ScreenLayout(size: size)
        if list.viewportHeight != layout.listHeight { list.viewportHeight = layout.listHeight }
        if footerSelected, footer.isHidden || !list.isBottomAccessoryFullyVisible { footerSelected = false }
        list.showsSelection = !footerSelected

        if let row = layout.titleRow { drawTitle(on: canvas, row: row, width: size.columns) }

        let headerLines = headerView.lines(for: header, rows: list.topInset)
        list.draw(on: canvas, top: layout.listTop, height: layout.listHeight, width: size.columns) { [self] line, screenRow in
            switch line {
            case .topAccessory(let i):
                guard i < headerLines.count else { return }
                let isStateLine = headerLines.count == 1 || i == headerLines.count - 2
                canvas.draw(headerLines[i], row: screenRow, column: 0,
                            style: isStateLine ? headerView.titleStyle : headerView.detailStyle)
            case .bottomAccessory(let i):
                guard i == 0 else { return }
                if footerSelected {
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
        if state.isEmpty, !state.isRefreshing, layout.listHeight > 0, state.hasLoaded || state.failure != nil {
            let row = layout.listTop + min(list.topInset, layout.listHeight - 1)
            canvas.fillRow(row, style: .plain)
            let text = state.failure.map { strings.emptyAfterFailure(strings.toast(.refreshFailed(reason: $0))) } ?? strings.empty
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, size.columns - 1)), row: row, column: 0, style: .dim)
        }
        if let row = layout.statusRow { drawStatus(on: canvas, row: row, width: size.columns) }

        header.didRender()
        footer.didRender()
    }

    private func drawTitle(on canvas: Canvas, row: Int, width: Int) {
        let style = Style(bold: true, reverse: true)
        canvas.fillRow(row, style: style)
        let more = state.hasMore && state.hasLoaded && (reactor?.source.hasPages ?? true)
        let signature = state.itemCount * 2 + (more ? 1 : 0)
        if titleBar.count != signature || titleBar.width != width || titleBar.shift != list.horizontalOffset {
            var count = strings.itemCount(state.itemCount, more: more) + " "
            if list.horizontalOffset > 0 { count = strings.text(.columnOffset, String(list.horizontalOffset)) + "  " + count }
            let countWidth = TextWidth.of(count)
            let title = " PullFeed \(strings.separator) " + (reactor?.source.title ?? "")
            let room = max(0, width - countWidth - 1)
            titleBar = (signature, width, list.horizontalOffset, TextLayout.truncate(title, toWidth: room), room,
                        width > countWidth ? (count, width - countWidth) : nil)
        }
        canvas.draw(titleBar.title, row: row, column: 0, style: style, maxWidth: titleBar.room)
        if let (count, column) = titleBar.counter { canvas.draw(count, row: row, column: column, style: style) }
    }

    /// What Enter does on the selected row, for the help line; nil where it does nothing.
    private var enterHelp: AppText? {
        if footerSelected { return .helpLoadMore }
        guard let row = list.selectedIndex else { return nil }
        switch rows.target(at: row) {
        case .addComment: return .helpComment
        case .line: return .helpPrint
        case .none: return nil
        }
    }

    private func helpLine(enter: AppText?) -> String {
        if let line = helpLines[enter] { return line }
        let sideways = reactor?.source.printsSelection ?? false
        let line = FeedCommand.keyMap(strings: strings, enterHelp: enter, sideways: sideways).helpLine
        helpLines[enter] = line
        return line
    }

    private func drawStatus(on canvas: Canvas, row: Int, width: Int) {
        canvas.fillRow(row, style: .plain)
        if let toast {
            let toastText = strings.toast(toast.kind)
            var style = Style(bold: true)
            if toast.kind != .noMoreData, options.colors { style.foreground = .red }
            canvas.draw(" " + TextLayout.truncate(toastText, toWidth: max(0, width - 1)), row: row, column: 0, style: style)
        } else {
            let enter = enterHelp
            if helpText.width != width || helpText.enter != enter {
                helpText = (width, enter, " " + TextLayout.truncate(helpLine(enter: enter), toWidth: max(0, width - 1)))
            }
            canvas.draw(helpText.text, row: row, column: 0, style: .dim)
        }
    }
}
