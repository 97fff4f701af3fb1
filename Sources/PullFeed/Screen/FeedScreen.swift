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
/// `RefreshableList.bind` call reloads the rows for each state, then drives the header and footer
/// from it, and turns their requests into `.refresh` / `.loadMore` actions. It owns what the user asked
/// for, too: following the end and loading up to it, whether a refresh keeps the place,
/// refreshing by itself (`--every`). The screen says where the selection went (`.followEnd`,
/// `.follow(_:)`), reloads the rows as the new state calls for (`RowReload`), and draws.
///
/// By concern: this file binds and shows state; `+Input` turns events into commands and
/// actions, `+Drawing` draws the frame, `+Preview`, `+Sections` and `+Actions` hold the
/// screen's side of the preview pane, folds, marks and bound keys.
package final class FeedScreen: ReactorView {
    package typealias Reactor = FeedReactor

    package let reactorViewStorage = ReactorViewStorage<FeedReactor>()
    /// The list with its header and footer attached.
    package let refreshable: RefreshableList
    package var list: ListView { refreshable.list }
    package let header: RefreshHeader
    package let footer: RefreshFooter
    package let options: Options
    package let strings: AppStrings
    package let keyMap: KeyMap<FeedCommand>
    /// The time zone the title's time of the last refresh is shown in (nil: local time).
    let timeZone: TimeZone?

    /// Called after every event the screen, its list, search and filter or the preview handled
    /// (a key, a state, a timer, work that finished): the app renders on its next turn.
    package var onRender: () -> Void = {} {
        didSet {
            runtime.onRender = onRender
            refreshable.onChange = onRender
            preview?.runtime.onRender = onRender
        }
    }
    /// Called for `q`/Esc/Ctrl-C.
    package var onQuit: () -> Void = {}
    /// Called when a source's `--alert` matched a new line: the terminal's bell rings.
    package var onBell: () -> Void = {}
    /// Called for Ctrl-L: the terminal should repaint everything on the next frame.
    package var onRedraw: () -> Void = {}
    /// Called when the user chose a line with Enter (line sources); with marks (`--multi`),
    /// the marked lines, one a line.
    package var onChoose: ([UInt8]) -> Void = { _ in }
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
    var keysPage: KeysPage?
    /// The reactor's state as last shown.
    private(set) var state = FeedState()
    /// Between a new state's rows and their reload: the state shown before, and the selection
    /// the reload moves.
    private var shownUpdate: (old: FeedState, selection: (() -> Void)?) = (FeedState(), nil)
    var titleBar = TitleBar()
    /// The status line, with the key help for each thing Enter can do.
    lazy var statusLine = StatusLine { [unowned self] enter in
        FeedCommand.keyMap(strings: strings, enterHelp: enter, sideways: state.source.isLineSource && !list.wrapsLines, live: state.autoRefresh != nil,
                           preview: preview != nil, multi: options.multi, sources: state.sourceSections != nil,
                           history: state.source.keepsHistory, bindings: options.bindings)
    }
    /// The size of the last frame (mouse rows are relative to it).
    package internal(set) var lastSize = Size(columns: 80, rows: 24)
    /// The preview pane and the runs of its command, if the app has one.
    let preview: PreviewController?
    /// The line-number column is shown (`#`, `--line-numbers`).
    var showsLineNumbers: Bool
    /// Handles the screen's events (`Event`), each followed by a render, and turns the
    /// sources' spinner.
    let runtime: EventRuntime<Event, Timer>
    /// The frame of the spinner the refreshing sources' headers show (several sources).
    private var spinnerTick = 0
    private let glyphs: RefreshGlyphs

    /// What the screen handles, one at a time on its runtime: each is followed by a render.
    enum Event {
        /// A key, a click, a paste or a resize.
        case input(InputEvent)
        /// What a key does, also for a bound key's chain and the refresh signal.
        case command(FeedCommand)
        /// A state's rows were reloaded: what follows them.
        case rowsShown
        /// A toast was shown (the status line draws it from the state).
        case toast(Toast?)
        /// The sources' spinner turned.
        case spinnerTicked
        /// Search or filter handled an event: the selection may have moved.
        case findHandled
    }

    /// The screen's timer.
    enum Timer: Hashable {
        case spinner
    }

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
        // Only a pull shows the header: a refresh begun any other way (a key, --every, a
        // signal, a file reloaded) shows in the status line and moves no row.
        header.showsOwnerRefreshes = false
        let glyphs: RefreshGlyphs = options.unicode ? .unicode : .ascii
        self.glyphs = glyphs
        runtime = EventRuntime(scheduler: scheduler, label: "pullfeed.screen")
        timeZone = options.timeZone
        let formatter = LastUpdatedFormatter(language: options.language, timeZone: timeZone, now: now)
        let (strings, timeZone) = (strings, timeZone)
        rows.historyText = { strings.history($0, timeZone: timeZone) }
        filtered = FilteredListSource(base: rows)
        let list = ListView(dataSource: filtered)
        if !options.unicode {
            list.selectionMarker = ">"
            list.wrapMarker = "> "
        }
        list.wrapsLines = options.wrap
        showsLineNumbers = options.lineNumbers
        list.stickyHeaders = true
        // The data's SGR, OSC 8 and `ESC[K` sequences: drawn as colours and links (and nothing),
        // or taken out with --no-color / NO_COLOR.
        list.escapes = options.colors ? .styles : .removed
        refreshable = RefreshableList(
            list: list, scheduler: scheduler, header: header, footer: footer,
            headerView: RefreshHeaderView(language: options.language, glyphs: glyphs, formatter: formatter),
            footerView: RefreshFooterView(language: options.language, glyphs: glyphs))
        find = FindController(list: list, refreshable: refreshable, rows: rows, filtered: filtered,
                              strings: strings, scheduler: scheduler, fuzzy: options.fuzzy, sortsFuzzy: options.sortsFuzzy)
        preview = options.preview.map {
            PreviewController(settings: $0, runner: previewRunner ?? ProcessPreviewRunner(scheduler: scheduler), scheduler: scheduler)
        }
        refreshable.repeatGap = options.repeatGap
        runtime.handler = { [unowned self] in handleEvent($0) }
        find.onPromptOpen = { [weak self] open in self?.reactor?.action.send(.holdSchedule(open)) }
        find.onFeedAction = { [weak self] in self?.reactor?.action.send($0) }
        find.onToggleMark = { [weak self] down in
            guard let self, self.options.multi else { return }
            self.perform(.toggleMark(down: down))
        }
        find.runtime.onRender = { [weak self] in self?.runtime.send(.findHandled) }
    }

    /// One event of the screen's.
    private func handleEvent(_ event: Event) {
        switch event {
        case .input(let input): handleInput(input)
        case .command(let command): handleCommand(command)
        case .rowsShown: rowsDidUpdate()
        case .toast(let toast):
            // A failed page stops following (the reactor's part; the list forgets the moves made
            // past the loaded rows itself).
            if case .loadMoreFailed? = toast?.kind { find.loadFailed() }
        case .spinnerTicked:
            spinnerTick &+= 1
            rows.spinnerFrame = glyphs.spinnerFrames[spinnerTick % glyphs.spinnerFrames.count]
        case .findHandled:
            previewFollowsSelection()
        }
    }

    // MARK: - Binding

    package func bind(reactor: FeedReactor) {
        let source = reactor.currentState.source
        // Several sources read to their ends by themselves: no footer asks for more.
        let several = reactor.currentState.sourceSections != nil
        refreshable.showsFooter = source.hasPages && !several
        // A command's run has no pages, but while it runs its footer says so.
        if !source.hasPages { refreshable.footerView.waitingTitle = strings.text(.commandRunning) }
        find.scannableSource = reactor.scannableSource
        refreshable.bind(
            state: reactor.state.map(\.shown),
            rows: { [weak self] in self?.rows(for: $0) ?? .unchanged },
            didUpdateRows: { [weak self] _ in self?.runtime.send(.rowsShown) },
            activity: \.activity,
            refresh: { [weak reactor] in reactor?.action.send(.refresh) },
            loadMore: { [weak reactor] in reactor?.action.send(.loadMore) }
        )
        .store(in: &cancellables)
        reactor.pulse(\.$toast)
            .dropFirst()
            .sink { [weak self] in self?.runtime.send(.toast($0)) }
            .store(in: &cancellables)
        reactor.pulse(\.$alert)
            .dropFirst()
            .compactMap { $0 }
            .sink { [weak self] _ in self?.onBell() }
            .store(in: &cancellables)
        reactor.pulse(\.$chosenLine)
            .compactMap { $0 }
            .sink { [weak self] in self?.onChoose($0) }
            .store(in: &cancellables)
    }

    /// Brings the rows in line with a new state and says how the list reloads them (the
    /// binding reloads, then calls `rowsDidUpdate()`; the header and footer follow after).
    private func rows(for new: FeedState) -> ListReload {
        let old = state
        state = new
        find.feedDidChange(FindContext.Feed(new))
        let ranked = filtered.ranking != nil
        let place = RowReload.mayKeepPlace(from: old, to: new) || ranked ? refreshable.place : nil
        let (oldRows, oldSelected) = (list.rowCount, list.selectedIndex)
        rows.update(from: new, strings: strings)
        updateNumberWidth()
        if new.folds != old.folds { find.foldsDidChange() }
        let reload = RowReload(from: old, to: new, place: place, filtering: find.shownItemCount != nil, ranked: ranked)
        if new.itemsVersion != old.itemsVersion {
            let dropped = new.generation == old.generation ? new.dropped - old.dropped : 0
            find.rowsWillReload(replaced: RowReload.replacesRows(from: old, to: new), keeping: reload.filterKeeps, dropped: dropped)
        }
        shownUpdate = (old, nil)
        guard new.itemsVersion != old.itemsVersion || filtered.rowCount != list.rowCount else { return .unchanged }
        shownUpdate.selection = { [unowned self] in
            if reload.selectsEnd {
                refreshable.selectLastRow()
            } else if let row = reload.selection(rowCount: list.rowCount, oldRows: oldRows, oldSelected: oldSelected) {
                refreshable.select(row: row)
            }
        }
        switch reload.mode {
        case .keeping(let place): return .keeping(place)
        case .keepingSelection(let keeps): return .keepingSelection(keeps)
        }
    }

    /// What follows the rows of a new state once they are reloaded: the selection the reload
    /// moves, the list's height, the footer of a source without pages, find, the preview and
    /// the sources' spinner.
    private func rowsDidUpdate() {
        let (old, selection) = shownUpdate
        shownUpdate = (state, nil)
        selection?()
        if state.headerLines.count != old.headerLines.count { list.viewportHeight = paneLayout(for: lastSize).listHeight }
        if !state.source.hasPages, state.sourceSections == nil { refreshable.showsFooter = state.activity.isWaitingForMore }
        find.stateDidChange()
        previewFollowsSelection()
        turnSpinner()
    }

    /// The sources' headers show a turning spinner while one of them refreshes: a frame every
    /// 80 ms, and no timer otherwise.
    private func turnSpinner() {
        let spins = state.sourceSections?.contains { $0.isRefreshing || $0.isLoading } ?? false
        rows.spinnerFrame = glyphs.spinnerFrames[spinnerTick % glyphs.spinnerFrames.count]
        guard spins != runtime.isActive(.spinner) else { return }
        if spins {
            runtime.send(.spinnerTicked, every: 0.08, as: .spinner)
        } else {
            runtime.cancel(.spinner)
        }
    }
}
