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
    /// The title bar's texts as last laid out, and the item count and width they were made for.
    private var titleBar: (count: Int, width: Int, title: String, room: Int, counter: (String, Int)?) = (-1, -1, "", 0, nil)
    /// The status line's key help as last cut to fit, and the width it was cut for.
    private var helpText = (width: -1, text: "")

    public init(scheduler: LoopScheduler, options: Options = Options(), now: @escaping () -> Date = Date.init) {
        self.options = options
        strings = AppStrings(language: options.language, unicode: options.unicode)
        keyMap = FeedCommand.keyMap(unicode: options.unicode)
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
            list.reloadData(keepingSelection: new.generation == old.generation)
            footer.hasContent = !new.isEmpty
            rowsChanged = true
        }
        header.lastUpdated = new.lastUpdated

        if new.isRefreshing != old.isRefreshing {
            if new.isRefreshing {
                list.scrollToTop()
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
        if case .loadMoreFailed? = toast?.kind { followsEnd = false }
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
            list.scrollToTop()
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
        let outcome = list.apply(command)
        let movingDown: Bool
        switch command {
        case .down, .pageDown, .end, .wheelDown: movingDown = true
        default: movingDown = false
        }
        followsEnd = command == .end && state.hasMore && (reactor?.source.printsSelection ?? false)

        switch outcome {
        case .overscrollTop(let rows):
            backFooter?.release()
            header.pull(by: rows)
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
                    footerView.draw(footer, on: canvas, row: screenRow, style: style)
                    canvas.draw(String(list.selectionMarker), row: screenRow, column: 0, style: style, maxWidth: 1)
                } else {
                    footerView.draw(footer, on: canvas, row: screenRow)
                }
            case .row:
                break
            }
        }
        if state.isEmpty, state.hasLoaded, !state.isRefreshing, layout.listHeight > 0 {
            let row = layout.listTop + min(list.topInset, layout.listHeight - 1)
            canvas.fillRow(row, style: .plain)
            canvas.draw(" " + strings.empty, row: row, column: 0, style: .dim)
        }
        if let row = layout.statusRow { drawStatus(on: canvas, row: row, width: size.columns) }

        header.didRender()
        footer.didRender()
    }

    private func drawTitle(on canvas: Canvas, row: Int, width: Int) {
        let style = Style(bold: true, reverse: true)
        canvas.fillRow(row, style: style)
        if titleBar.count != state.itemCount || titleBar.width != width {
            let count = strings.itemCount(state.itemCount) + " "
            let countWidth = TextWidth.of(count)
            let title = " PullFeed \(strings.separator) " + (reactor?.source.title ?? "")
            let room = max(0, width - countWidth - 1)
            titleBar = (state.itemCount, width, TextLayout.truncate(title, toWidth: room), room,
                        width > countWidth ? (count, width - countWidth) : nil)
        }
        canvas.draw(titleBar.title, row: row, column: 0, style: style, maxWidth: titleBar.room)
        if let (count, column) = titleBar.counter { canvas.draw(count, row: row, column: column, style: style) }
    }

    private func drawStatus(on canvas: Canvas, row: Int, width: Int) {
        canvas.fillRow(row, style: .plain)
        if let toast {
            let toastText = strings.toast(toast.kind)
            var style = Style(bold: true)
            if toast.kind != .noMoreData, options.colors { style.foreground = .red }
            canvas.draw(" " + TextLayout.truncate(toastText, toWidth: max(0, width - 1)), row: row, column: 0, style: style)
        } else {
            if helpText.width != width {
                helpText = (width, " " + TextLayout.truncate(keyMap.helpLine, toWidth: max(0, width - 1)))
            }
            canvas.draw(helpText.text, row: row, column: 0, style: .dim)
        }
    }
}
