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
package final class FeedScreen: ReactorView {
    package typealias Reactor = FeedReactor

    /// How the screen looks and behaves (from the command line).
    package struct Options {
        package var language: RefreshLanguage = .english
        package var footer: RefreshFooterKind = .auto
        package var releaseDelay: Double = 0.5
        /// Up presses (or wheel steps) closer together than this are one press held down or
        /// one flick: a burst that arrives at the top does not pull; only a press that begins
        /// while the selection rests at the top does.
        package var repeatGap: Double = 0.12
        package var colors = true
        package var unicode = true
        /// The time zone the last-updated time is shown in.
        package var timeZone = LastUpdatedFormatter.localTimeZone()
        /// The preview pane (`--preview`, and the demo's articles); nil: none.
        package var preview: PreviewSettings?
        /// Tab and Shift-Tab mark rows, and Enter prints every marked line (`--multi`).
        package var multi = false
        /// Keys bound to actions (`--bind`); they win over the built-in keys.
        package var bindings = BindingList()
        package init() {}
    }

    package let reactorViewStorage = ReactorViewStorage<FeedReactor>()
    /// The list with its header and footer attached.
    package let refreshable: RefreshableList
    package var list: ListView { refreshable.list }
    package let header: RefreshHeader
    package let footer: RefreshFooter
    package let options: Options
    package let strings: AppStrings
    package let keyMap: KeyMap<FeedCommand>

    /// Called when something visible changed; the app renders on its next turn.
    package var onNeedsRender: () -> Void = {}
    /// Called for `q`/Esc/Ctrl-C.
    package var onQuit: () -> Void = {}
    /// Called for Ctrl-L: the terminal should repaint everything on the next frame.
    package var onRedraw: () -> Void = {}
    /// Called when the user chose a line with Enter (line sources); with marks (`--multi`),
    /// the marked lines, one a line.
    package var onChoose: ([UInt8]) -> Void = { _ in }
    /// Fills in the placeholders of a bound key's command (`{}`, `{1}`, `{q}`, `{+}`, see
    /// `RowTemplate`) from what was selected when the key was pressed; the app sets one that
    /// splits fields on `--delimiter`.
    package var expandCommand: (String, BoundCommandContext) -> String = { command, context in
        context.expand(command, delimiter: nil)
    }
    /// Runs what keys bound with `--bind` do; its `commands` run their commands.
    package private(set) lazy var boundActions = BoundActionRunner(target: BoundActionRunner.Target(
        perform: { [weak self] in self?.perform($0) },
        toggleMark: { [weak self] in self?.toggleMark() },
        togglePreview: { [weak self] in
            guard let self else { return }
            if self.preview == nil { self.reactor?.action.send(.toast(.noPreview)) } else { self.perform(.togglePreview) }
        },
        toast: { [weak self] in self?.reactor?.action.send(.toast($0)) }))

    let rows = FeedRows()
    /// The rows as shown: all of them, or those the filter keeps.
    let filtered: FilteredListSource
    /// Search and filter.
    let find: FindController
    /// The full list of keys (`?`) while it covers the screen.
    private var keysPage: KeysPage?
    private(set) var state = FeedReactor.State()
    private var toast: Toast?
    /// The help line for each thing Enter can do, made on first use.
    private var helpLines: [AppText?: KeyMap<FeedCommand>] = [:]
    private var titleBar = TitleBar()
    /// The status line's key help as last cut to fit, and the width it was cut for.
    private var helpText = (width: -1, enter: AppText?.none, text: "")
    /// The preview pane and the runs of its command, if the app has one.
    let preview: PreviewController?

    /// `previewRunner` runs preview commands (default: as processes).
    package init(scheduler: LoopScheduler, options: Options = Options(), now: @escaping () -> Date = Date.init,
                 previewRunner: PreviewRunning? = nil) {
        self.options = options
        strings = AppStrings(language: options.language, unicode: options.unicode)
        keyMap = FeedCommand.keyMap(strings: strings, multi: options.multi, bindings: options.bindings)
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
        filtered = FilteredListSource(base: rows)
        rows.keptCount = { [unowned filtered] range in
            filtered.isFiltering ? filtered.shown.rank(of: range.upperBound) - filtered.shown.rank(of: range.lowerBound) : nil
        }
        let list = ListView(dataSource: filtered)
        if !options.unicode { list.selectionMarker = ">" }
        list.stickyHeaders = true
        // The data's SGR, OSC 8 and `ESC[K` sequences: drawn as colours and links (and nothing),
        // or taken out with --no-color / NO_COLOR.
        list.escapes = options.colors ? .styles : .removed
        refreshable = RefreshableList(
            list: list, scheduler: scheduler, header: header, footer: footer,
            headerView: RefreshHeaderView(language: options.language, glyphs: glyphs, formatter: formatter),
            footerView: RefreshFooterView(language: options.language, glyphs: glyphs))
        find = FindController(list: list, refreshable: refreshable, rows: rows, filtered: filtered,
                              strings: strings, scheduler: scheduler)
        preview = options.preview.map {
            PreviewController(settings: $0, runner: previewRunner ?? ProcessPreviewRunner(scheduler: scheduler), scheduler: scheduler)
        }
        refreshable.repeatGap = options.repeatGap
        refreshable.onChange = { [weak self] in self?.onNeedsRender() }
        find.onPromptOpen = { [weak self] open in self?.reactor?.action.send(.holdSchedule(open)) }
        find.reactor = { [weak self] in self?.reactor }
        preview?.onNeedsRender = { [weak self] in self?.onNeedsRender() }
        find.onNeedsRender = { [weak self] in
            self?.previewFollowsSelection()
            self?.onNeedsRender()
        }
    }

    // MARK: - Binding

    package func bind(reactor: FeedReactor) {
        let source = reactor.currentState.source
        refreshable.showsFooter = source.hasPages
        // A command's run has no pages, but while it runs its footer says so.
        if !source.hasPages { refreshable.footerView.waitingTitle = strings.text(.commandRunning) }
        reactor.state
            .sink { [weak self] in self?.show(state: $0) }
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
    private func show(state new: FeedReactor.State) {
        let old = state
        state = new
        // Taken before the rows change, and only when a reload may keep it (it names the item).
        let mayKeepPlace = new.generation != old.generation || new.lineSections != nil || new.dropped != old.dropped
        let place = mayKeepPlace ? list.place : nil
        let (oldRows, oldSelected) = (list.rowCount, list.selectedIndex)
        rows.update(from: new, strings: strings)
        if new.itemsVersion != old.itemsVersion {
            find.rowsWillReload(replaced: new.generation != old.generation || new.dropped > old.dropped)
        }
        if new.itemsVersion != old.itemsVersion || filtered.rowCount != list.rowCount {
            let reload = RowReload(from: old, to: new, place: place, filtering: find.shownItemCount != nil)
            switch reload.mode {
            case .keeping(let place): refreshable.reloadData(keeping: place)
            case .keepingSelection(let keeps): refreshable.reloadData(keepingSelection: keeps)
            }
            if let tailStart = reload.keepsDistanceToEndAfter {
                list.keepDistanceToEnd(oldSelected: oldSelected, oldRows: oldRows, after: tailStart)
            }
            if reload.selectsEnd, list.rowCount > 0 { _ = list.apply(.end) }
        }
        if new.headerLines.count != old.headerLines.count { list.viewportHeight = paneLayout(for: lastSize).listHeight }
        if !new.source.hasPages { refreshable.showsFooter = new.activity.isWaitingForMore }
        find.stateDidChange()
        previewFollowsSelection()
        onNeedsRender()
    }

    private func show(_ toast: Toast?) {
        self.toast = toast
        // A failed page stops following (the reactor's part) and the moves made past the
        // loaded rows.
        if case .loadMoreFailed? = toast?.kind {
            refreshable.cancelPendingRows()
            find.loadFailed()
        }
        onNeedsRender()
    }

    // MARK: - Input

    /// Handles one input event.
    package func handle(_ event: InputEvent) {
        if keysPage != nil, event.isInput {
            if keysPage?.handle(event, size: lastSize) != true { keysPage = nil }
            onNeedsRender()
            return
        }
        if find.isPrompting, event.isInput {
            find.handlePrompt(event)
            return
        }
        defer { previewFollowsSelection() }
        switch event {
        case .key(let key):
            find.keyPressed()
            // Ctrl-C never comes here: the main loop takes it as an interrupt (`interrupt()`).
            if find.isBusy, key == .escape {
                find.cancel()
                return
            }
            // Esc takes an applied filter away first; the next Esc quits.
            if key == .escape, find.removeAppliedFilter() { return }
            guard let command = keyMap.action(for: key) else {
                refreshable.releasePulls()
                return
            }
            perform(command)
        case .mouse(let mouse):
            if previewTakes(mouse) { return }
            switch mouse.kind {
            case .wheelUp: move(.wheelUp(1))
            case .wheelDown: move(.wheelDown(1))
            case .press(.left):
                let top = layout(for: lastSize).listTop
                move(.click(screenRow: mouse.row - top))
                unfoldSelectedHeader()
            default: break
            }
        case .paste:
            // Pasted text is never keys: the list has nothing to type into.
            break
        case .resize(let size):
            lastSize = size
            list.viewportHeight = paneLayout(for: size).listHeight
            onNeedsRender()
        }
    }

    /// Ctrl-C (the key, or SIGINT; `MainLoop.onInterrupt`): cancels a search, a filter's loading or the prompt; false when there
    /// is none (the app quits).
    package func interrupt() -> Bool {
        find.cancel()
    }

    /// The size of the last frame (mouse rows are relative to it).
    package private(set) var lastSize = Size(columns: 80, rows: 24)

    package func perform(_ command: FeedCommand) {
        switch command {
        case .move(let listCommand):
            move(listCommand)
        case .refresh:
            refreshable.releasePulls()
            refreshable.cancelPendingRows()
            reactor?.action.send(.refreshKeepingPlace)
            onNeedsRender()
        case .togglePause:
            reactor?.action.send(.togglePause)
        case .activate:
            refreshable.releasePulls()
            activate()
        case .quit:
            onQuit()
        case .redraw:
            onRedraw()
            onNeedsRender()
        case .search:
            refreshable.releasePulls()
            stopFollowing()
            find.open(.search)
        case .filter:
            refreshable.releasePulls()
            stopFollowing()
            find.open(.filter)
        case .nextMatch, .previousMatch:
            refreshable.releasePulls()
            stopFollowing()
            find.next(backward: command == .previousMatch)
        case .togglePreview:
            guard let preview else { return }
            if !preview.model.isOpen { preview.send(.select(previewRequest())) }
            preview.send(.toggle)
            list.viewportHeight = paneLayout(for: lastSize).listHeight
            onNeedsRender()
        case .scrollPreview(let lines):
            guard let pane = paneLayout(for: lastSize).pane else { return }
            preview?.send(.scroll(by: lines, height: pane.height))
        case .fold, .foldOthers, .unfoldAll:
            refreshable.releasePulls()
            fold(command)
        case .showKeys:
            refreshable.releasePulls()
            keysPage = KeysPage(keyMap: keyMap, strings: strings)
            onNeedsRender()
        case .toggleMark(let down):
            refreshable.releasePulls()
            toggleMark()
            move(down ? .down : .up)
        case .bound(let actions):
            refreshable.releasePulls()
            let context = boundCommandContext()
            boundActions.run(actions[...]) { [weak self] in self?.expandCommand($0, context) ?? $0 }
        }
    }

    /// Leaves following (Home to the new rows; a search or a filter, as `less +F` does, so
    /// that what arrives next does not pull the selection off the match).
    private func stopFollowing() {
        reactor?.action.send(.follow(false))
    }

    private func move(_ command: ListCommand) {
        // Home goes first to the newest items when they are above the view.
        if command == .home, let first = rows.firstNewRow, list.line(ofRow: first) < list.scrollOffset {
            stopFollowing()
            refreshable.select(row: first)
            return
        }
        refreshable.apply(command)
        // Where the selection went: End, or any move onto the last row, follows the end; any
        // other leaves it (the reactor decides what that loads).
        if state.source.isLineSource {
            let onLast = list.rowCount > 0 && list.selectedIndex == list.rowCount - 1
            reactor?.action.send(command == .end ? .followEnd : .follow(onLast))
        }
        onNeedsRender()
    }

    private func activate() {
        if refreshable.activateFooter() { return }
        if options.multi, !state.marks.isEmpty {
            reactor?.action.send(.choose(state.markedLineBytes))
            return
        }
        guard let row = list.selectedIndex else { return }
        switch rows.target(at: filtered.baseIndex(of: row)) {
        case .addComment(let cell):
            cell.action.send(.create)
        case .line(let shown):
            // Printed whole (a row shows a very long line cut) as the bytes read, without the
            // sequences drawn as colours, links or nothing (SGR, OSC 8, `ESC[K`), as `fzf
            // --ansi` does.
            let line = rows.wholeLineBytes(at: filtered.baseIndex(of: row)) ?? Array(shown.utf8)
            reactor?.action.send(.choose(TextWalker.removingDrawnSequences(from: line)))
        case .section(let name):
            reactor?.action.send(.unfold(name))
        case .none:
            if row == list.rowCount - 1, list.isBottomAccessoryFullyVisible { footer.activate() }
        }
    }

    // MARK: - Rendering

    /// Draws the whole screen from the current state.
    package func render(on canvas: Canvas) {
        let size = canvas.size
        lastSize = size
        let layout = layout(for: size)
        let panes = preview?.layout(screen: layout) ?? PreviewLayout(screen: layout)
        let (listWidth, listHeight) = (panes.listWidth, panes.listHeight)
        if let row = layout.titleRow { drawTitle(on: canvas, row: row, width: size.columns) }
        for (line, row) in zip(state.headerLines, layout.fixedRows) { drawFixedLine(line, on: canvas, row: row, width: listWidth) }
        refreshable.draw(on: canvas, top: layout.listTop, height: listHeight, width: listWidth)
        if state.isEmpty, !state.isRefreshing, listHeight > 0, state.hasLoaded || state.failure != nil {
            let row = layout.listTop + min(list.topInset, listHeight - 1)
            canvas.fill(row: row, column: 0, width: listWidth, style: .plain)
            let text = state.failure.map { strings.emptyAfterFailure(strings.toast(.refreshFailed(reason: $0))) }
                ?? (state.isOpen ? strings.text(.emptyWaiting) : strings.empty)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, listWidth - 1)), row: row, column: 0, style: .dim)
        }
        if let preview, let pane = panes.pane {
            preview.paneSize = (pane.width, pane.height)
            PreviewPane(escapes: list.escapes, unicode: options.unicode, colors: options.colors)
                .draw(preview.model, layout: panes, strings: strings, on: canvas)
        }
        if let row = layout.statusRow, !find.drawStatus(on: canvas, row: row, width: size.columns) {
            drawStatus(on: canvas, row: row, width: size.columns, previewHidden: panes.hidden)
        }
        keysPage?.draw(on: canvas)
    }

    func layout(for size: Size) -> ScreenLayout {
        ScreenLayout(size: size, fixedLines: state.headerLines.count)
    }


    /// A header line (`--header-lines`), in the column of the rows' text and scrolled sideways
    /// with them.
    private func drawFixedLine(_ line: String, on canvas: Canvas, row: Int, width: Int) {
        canvas.fillRow(row, style: .plain)
        guard width > 1 else { return }
        let text = TextSanitizer.sanitize(String(line.prefix(list.horizontalOffset + width)))
        let shown = TextLayout.truncate(String(text.dropFirst(list.horizontalOffset)), toWidth: width - 1)
        canvas.draw(shown, row: row, column: 1, style: Style(underline: true), maxWidth: width - 1)
    }

    private func drawTitle(on canvas: Canvas, row: Int, width: Int) {
        let content = TitleBar.Content(
            sourceTitle: state.source.title, itemCount: state.itemCount, shownCount: find.shownItemCount,
            more: state.hasMore && state.hasLoaded && state.source.hasPages, counting: state.isCounting,
            following: state.followsGrowingInput, columnOffset: list.horizontalOffset,
            every: state.autoRefresh?.interval, paused: state.autoRefresh?.isPaused ?? false, dropped: state.dropped,
            marked: state.marks.count)
        titleBar.draw(content, strings: strings, on: canvas, row: row, width: width)
    }

    /// What Enter does on the selected row, for the help line; nil where it does nothing.
    private var enterHelp: AppText? {
        if refreshable.isFooterSelected { return .helpLoadMore }
        guard let row = list.selectedIndex else { return nil }
        switch rows.target(at: filtered.baseIndex(of: row)) {
        case .addComment: return .helpComment
        case .line: return .helpPrint
        case .section, .none: return nil
        }
    }

    private func helpLine(enter: AppText?, width: Int) -> String {
        if let map = helpLines[enter] { return map.helpLine(fittingWidth: width) }
        let map = FeedCommand.keyMap(strings: strings, enterHelp: enter, sideways: state.source.isLineSource, live: state.autoRefresh != nil,
                                     preview: preview != nil, multi: options.multi, bindings: options.bindings)
        helpLines[enter] = map
        return map.helpLine(fittingWidth: width)
    }

    private func drawStatus(on canvas: Canvas, row: Int, width: Int, previewHidden: PreviewLayout.Hidden?) {
        canvas.fillRow(row, style: .plain)
        if state.isRefreshing, !refreshable.isHeaderInView {
            // The header is out of sight: the refresh shows here.
            let view = refreshable.headerView
            let text = view.glyphs.spinnerFrame(header.spinner.tick) + " " + view.titles.header(.refreshing)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, width - 1)), row: row, column: 0, style: .plain)
        } else if let toast {
            let toastText = strings.toast(toast.kind)
            var style = Style(bold: true)
            if toast.isFailure, options.colors { style.foreground = .red }
            canvas.draw(" " + TextLayout.truncate(toastText, toWidth: max(0, width - 1)), row: row, column: 0, style: style)
        } else if let previewHidden {
            let text = strings.text(previewHidden == .tooNarrow ? .previewNarrow : .previewShort)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, width - 1)), row: row, column: 0, style: .dim)
        } else {
            let enter = enterHelp
            if helpText.width != width || helpText.enter != enter {
                let room = max(0, width - 1)
                helpText = (width, enter, " " + TextLayout.truncate(helpLine(enter: enter, width: room), toWidth: room))
            }
            canvas.draw(helpText.text, row: row, column: 0, style: .dim)
        }
    }
}
