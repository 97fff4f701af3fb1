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

/// The feed's view: title bar, the sectioned list with pull-to-refresh attached
/// (`RefreshableList`: the header above the rows, the footer below them, every pull, release
/// and load-more mechanic), and the status line (key help, or a toast). It turns keys into
/// list commands and reactor actions, and draws only from the reactor's state, into any
/// `Canvas` (the terminal, or a `MemoryScreen` in tests).
///
/// The reactor's state owns whether a refresh or a load runs and whether there is more; one
/// `RefreshableList.bind(activity:refresh:loadMore:)` call drives the header and footer from it
/// and turns their requests into `.refresh` / `.loadMore` actions.
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
    /// The list with its header and footer attached.
    public let refreshable: RefreshableList
    public var list: ListView { refreshable.list }
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
    private var state = FeedReactor.State()
    private var toast: Toast?
    /// Following the end of a line source (End, or the selection on the last row).
    private var follower = EndFollower()
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
        let list = ListView(dataSource: rows)
        if !options.unicode { list.selectionMarker = ">" }
        refreshable = RefreshableList(
            list: list, scheduler: scheduler, header: header, footer: footer,
            headerView: RefreshHeaderView(language: options.language, glyphs: glyphs, formatter: formatter),
            footerView: RefreshFooterView(language: options.language, glyphs: glyphs))
        refreshable.repeatGap = options.repeatGap
        refreshable.onChange = { [weak self] in self?.onNeedsRender() }
    }

    // MARK: - Binding

    public func bind(reactor: FeedReactor) {
        titleBar.width = -1
        refreshable.showsFooter = reactor.source.hasPages
        reactor.state
            .sink { [weak self] in self?.apply($0) }
            .store(in: &cancellables)
        refreshable.bind(
            activity: reactor.state.map(\.activity).removeDuplicates(),
            refresh: { [weak reactor] in reactor?.action.send(.refresh) },
            loadMore: { [weak reactor] in reactor?.action.send(.loadMore) }
        )
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

    /// Brings the rows in line with a new state (the header and footer follow through the
    /// binding).
    private func apply(_ new: FeedReactor.State) {
        let old = state
        state = new
        let (oldRows, oldSelected) = (list.rowCount, list.selectedIndex)
        rows.update(from: new, strings: strings)
        if new.itemsVersion != old.itemsVersion || rows.rowCount != list.rowCount {
            // Input that cannot be read again comes back whole: the place stays.
            let keepsPlace = new.generation == old.generation || keepsPlaceOnRefresh
            refreshable.reloadData(keepingSelection: keepsPlace)
            if keepsPlace, let tailStart = old.tailStart, new.tailStart == nil {
                EndFollower.keepDistanceToEnd(list: list, oldSelected: oldSelected, oldRows: oldRows, tailStart: tailStart)
            }
            if follower.keepsEnd(hasMore: new.hasMore), list.rowCount > 0 { _ = list.apply(.end) }
        }
        if new.isRefreshing, !old.isRefreshing, !keepsPlaceOnRefresh { refreshable.scrollToTop() }
        if follower.loadsToEnd, !new.isLoadingMore {
            _ = list.apply(.end)
            if new.hasMore { reactor?.action.send(.loadRest) } else { follower.reachedEnd() }
        }
        onNeedsRender()
    }

    private var keepsPlaceOnRefresh: Bool { reactor?.source.keepsPlaceOnRefresh ?? false }

    private func show(_ toast: Toast?) {
        self.toast = toast
        // Following the end retries nothing: a failed page stops it (else a broken source
        // would be asked again and again), and so does a move past the loaded rows.
        if case .loadMoreFailed? = toast?.kind {
            follower.stop()
            refreshable.cancelPendingRows()
        }
        onNeedsRender()
    }

    // MARK: - Input

    /// Handles one input event.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            guard let command = keyMap.action(for: key) else {
                refreshable.releasePulls()
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
            refreshable.releasePulls()
            refreshable.cancelPendingRows()
            follower.stop()
            if !keepsPlaceOnRefresh { refreshable.scrollToTop() }
            reactor?.action.send(.refresh)
            onNeedsRender()
        case .activate:
            refreshable.releasePulls()
            activate()
        case .quit:
            onQuit()
        case .redraw:
            onRedraw()
            onNeedsRender()
        }
    }

    private func move(_ command: ListCommand) {
        refreshable.apply(command)
        follower.moved(command, list: list, linesSource: reactor?.source.printsSelection ?? false, hasMore: state.hasMore)
        if follower.loadsToEnd { reactor?.action.send(.loadRest) }
        onNeedsRender()
    }

    private func activate() {
        if refreshable.activateFooter() { return }
        guard let row = list.selectedIndex else { return }
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
        if let row = layout.titleRow { drawTitle(on: canvas, row: row, width: size.columns) }
        refreshable.draw(on: canvas, top: layout.listTop, height: layout.listHeight, width: size.columns)
        if state.isEmpty, !state.isRefreshing, layout.listHeight > 0, state.hasLoaded || state.failure != nil {
            let row = layout.listTop + min(list.topInset, layout.listHeight - 1)
            canvas.fillRow(row, style: .plain)
            let text = state.failure.map { strings.emptyAfterFailure(strings.toast(.refreshFailed(reason: $0))) }
                ?? (state.isOpen ? strings.text(.emptyWaiting) : strings.empty)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, size.columns - 1)), row: row, column: 0, style: .dim)
        }
        if let row = layout.statusRow { drawStatus(on: canvas, row: row, width: size.columns) }
    }

    private func drawTitle(on canvas: Canvas, row: Int, width: Int) {
        let style = Style(bold: true, reverse: true)
        canvas.fillRow(row, style: style)
        let more = state.hasMore && state.hasLoaded && (reactor?.source.hasPages ?? true)
        let following = follower.isFollowing && (state.isOpen || state.isCounting || (reactor?.source.readsFromEnd ?? false))
        let signature = state.itemCount * 8 + (more ? 1 : 0) + (following ? 2 : 0) + (state.isCounting ? 4 : 0)
        if titleBar.count != signature || titleBar.width != width || titleBar.shift != list.horizontalOffset {
            var count = strings.itemCount(state.itemCount, more: more, counting: state.isCounting) + " "
            if list.horizontalOffset > 0 { count = strings.text(.columnOffset, String(list.horizontalOffset)) + "  " + count }
            let countWidth = TextWidth.of(count)
            let title = " PullFeed \(strings.separator) " + (reactor?.source.title ?? "") + (following ? strings.text(.following) : "")
            let room = max(0, width - countWidth - 1)
            titleBar = (signature, width, list.horizontalOffset, TextLayout.truncate(title, toWidth: room), room,
                        width > countWidth ? (count, width - countWidth) : nil)
        }
        canvas.draw(titleBar.title, row: row, column: 0, style: style, maxWidth: titleBar.room)
        if let (count, column) = titleBar.counter { canvas.draw(count, row: row, column: column, style: style) }
    }

    /// What Enter does on the selected row, for the help line; nil where it does nothing.
    private var enterHelp: AppText? {
        if refreshable.isFooterSelected { return .helpLoadMore }
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
