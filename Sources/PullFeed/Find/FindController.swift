import PullToRefresh
import SearchEngine
import TerminalText
import TerminalUI

/// Search (`/`, `n`, `N`) and filter (`&`) on the feed screen: runs `FindModel`, which decides,
/// on an `EventRuntime` — the walks over the rows (at once, or off the loop's thread when they
/// are long) and the scans of the source are its jobs, the message's expiry its timer, and a
/// render follows every event — and carries out the rest of the effects on the
/// list (the filtered rows, the selection); it draws the prompt or the status line.
///
/// It is fed, and reaches for nothing: the screen hands it the feed's facts with each state
/// (`feedDidChange(_:)`), the source a search may scan (`scannableSource`), and what to do with
/// the loads it asks for (`onFeedAction`). Rows are searched in the list's own indices (the
/// filtered rows while a filter is set), or for grouped lines with a folded section, in the rows
/// with every section open. Esc or Ctrl-C (`cancel()`) stops the work in progress, keeping what
/// was loaded.
final class FindController {
    typealias Kind = FindPrompt.Kind

    /// Search and filter as a value: what the user asked for and the work in progress.
    private(set) var model: FindModel
    /// Runs the model: its walks and scans, its timers, a render after every event.
    let runtime: EventRuntime<FindEvent, Job>
    /// Called when a prompt opens (true) or closes (false): refreshing by itself waits meanwhile.
    var onPromptOpen: (Bool) -> Void = { _ in }
    /// What the model asks of the feed (the next pages, the lines through a match or no longer,
    /// a section unfolded): the screen sends it to its reactor.
    var onFeedAction: (FeedReactor.Action) -> Void = { _ in }
    /// The source a search may scan past the loaded lines without loading them (nil: none).
    var scannableSource: (any FeedSource)?
    /// Tab (true) or Shift-Tab in the filter prompt: mark the selected row and move.
    var onToggleMark: (_ down: Bool) -> Void = { _ in }

    /// What the runtime holds: the walk or scan in progress, the message's expiry.
    enum Job: Hashable {
        case walk, message
    }

    private let list: ListView
    private let refreshable: RefreshableList
    private let rows: FeedRows
    private let filtered: FilteredListSource
    private let strings: AppStrings
    /// The feed's facts as the screen last handed them (nil before its first state).
    private var feed: FindContext.Feed?
    /// The search's rows with every section open (grouped lines with a folded section).
    private var openRows: UnfoldedRows?
    /// The rows the last filter walk read: its matches are shown with their section headers.
    private var filterBase: (id: Int, snapshot: any ListTextSnapshot)?
    /// The filter of grouped lines, in their rows with every section open, and its rows as
    /// the list shows them now (nil while no filter is set, or the lines are not grouped).
    private var sectionFilter: SectionFilter?
    private var sectionProjection: SectionFilter.Projection?

    /// `fuzzy`: `&` reads a fuzzy query (`--fuzzy`); `sortsFuzzy`: a fuzzy filter ranks its
    /// rows (off with `--no-sort`).
    init(list: ListView, refreshable: RefreshableList, rows: FeedRows, filtered: FilteredListSource,
         strings: AppStrings, scheduler: LoopScheduler, fuzzy: Bool = false, sortsFuzzy: Bool = true) {
        self.list = list
        self.refreshable = refreshable
        self.rows = rows
        self.filtered = filtered
        self.strings = strings
        model = FindModel(strings: strings)
        model.fuzzyFilter = fuzzy
        model.sortsFuzzy = sortsFuzzy
        runtime = EventRuntime(scheduler: scheduler, label: "pullfeed.find")
        runtime.handler = { [unowned self] in handle($0) }
        rows.keptCount = { [weak self] section in
            guard let kept = self?.sectionProjection?.kept, section < kept.count else { return nil }
            return kept[section]
        }
    }

    var isPrompting: Bool { model.isPrompting }
    /// Whether a search or filter is working (Esc and Ctrl-C cancel it rather than quit).
    var isBusy: Bool { model.isBusy }
    /// The search or filter text in use (`{q}` of a preview command).
    var queryText: String { model.queryText }

    /// The title's count while filtering: the items shown (sections for articles, the lines
    /// kept for grouped lines, folded or not). O(1): the filtered list counts its headers as
    /// it grows. While a walk over many rows runs, the matches found so far (`12,000,000+`).
    var shownItemCount: String? {
        if let partial = model.partialShownCount { return partial }
        guard filtered.isFiltering else { return nil }
        if filtered.ranking != nil { return String(filtered.rowCount) }
        if let sectionProjection { return AppStrings.grouped(sectionProjection.keptLines) }
        let headers = filtered.shownHeaderCount
        return AppStrings.grouped(headers > 0 || rows.rowCount > 0 && rows.row(at: 0).kind == .sectionHeader ? headers : filtered.rowCount)
    }

    // MARK: Events

    /// Opens the prompt for `kind` (empty; the filter stays as it is until the text changes).
    func open(_ kind: Kind) { send(.open(kind)) }
    /// Any key outside the prompt: the last message goes.
    func keyPressed() { send(.keyPressed) }
    /// A key or a paste while the prompt is open.
    func handlePrompt(_ event: InputEvent) { send(.promptInput(event)) }
    /// `n` / `N`: the last search again, forward or backward.
    func next(backward: Bool) { send(.next(backward: backward)) }

    /// Esc or Ctrl-C: stops the work in progress (keeping the rows loaded) or closes the
    /// prompt. Returns whether there was anything to stop.
    @discardableResult
    func cancel() -> Bool {
        let anything = model.isPrompting || model.isBusy
        send(.cancel)
        return anything
    }

    /// Esc outside the prompt: undoes the find state one step (a search in progress, the
    /// matches marked, the filter kept with Enter); false when there is nothing to undo.
    func escape() -> Bool {
        guard model.canUndo else { return false }
        send(.escape)
        return true
    }

    /// Before the list reloads after the rows changed (`replaced`: they are new, and a filter,
    /// computed again, then selects as `keeping` says; `dropped`: only that many were dropped
    /// from the front).
    func rowsWillReload(replaced: Bool, keeping: FilterSelection?, dropped: Int = 0) {
        send(.rowsWillReload(replaced: replaced, keeping: keeping, dropped: dropped))
    }
    /// Sections were folded or unfolded: a filter shows its rows in the sections as they fold.
    func foldsDidChange() {
        guard sectionFilter != nil else { return }
        showSectionFilter()
    }

    /// A new state of the feed, before its rows reload: its facts.
    func feedDidChange(_ feed: FindContext.Feed) { self.feed = feed }
    /// After every state of the feed, once its rows are reloaded.
    func stateDidChange() { send(.stateChanged) }
    /// A page failed to load: the filter stops asking for more.
    func loadFailed() { send(.loadFailed) }

    private func send(_ event: FindEvent) {
        runtime.send(event)
    }

    /// One event: the model decides, the effects are carried out. A new message goes after a
    /// toast's time, as every status message does.
    private func handle(_ event: FindEvent) {
        let message = model.messageGeneration
        for effect in model.handle(event, in: context()) { perform(effect) }
        if model.messageGeneration != message, model.message != nil {
            runtime.send(.messageExpired(generation: model.messageGeneration), after: Toast.duration, as: .message)
        }
    }

    /// The base row of the selection (nil while the list has not caught up with its rows).
    private var selectedBaseRow: Int? {
        list.selectedIndex.flatMap { $0 < filtered.rowCount ? filtered.baseIndex(of: $0) : nil }
    }

    private func context() -> FindContext {
        var context = FindContext(
            listRows: filtered.rowCount, baseRows: rows.rowCount, selectedBaseRow: selectedBaseRow,
            filterCovered: sectionFilter?.covered ?? filtered.coveredCount, filterShown: sectionFilter?.matches ?? filtered.shown,
            filterRanking: sectionFilter.map(\.ranking) ?? filtered.ranking,
            fillsScreen: list.rowCount > 0 && !list.isBottomAccessoryFullyVisible)
        if rows.sectionRows != nil { context.filterRows = rows.filterRowCount }
        context.feed = feed
        return context
    }

    // MARK: Effects

    /// Lines shown above a match that comes into view.
    static let matchContext = 3

    private func perform(_ effect: FindEffect) {
        switch effect {
        case .holdAutoRefresh(let paused): onPromptOpen(paused)
        case .searchFromSelection(let pattern, let backward): search(pattern, backward: backward)
        case .highlight(let pattern): list.highlight = pattern
        case .walk(let walk): run(walk)
        case .scan(let id, let pattern, let loaded): scan(id: id, pattern, after: loaded)
        case .cancelWork: runtime.cancel(.walk)
        case .loadAhead(let purpose): onFeedAction(.loadAhead(purpose))
        case .stopLoadingAhead: onFeedAction(.stopLoadingAhead)
        case .loadThrough(let row): onFeedAction(.loadThrough(row))
        case .stopLoadingThrough: onFeedAction(.stopLoadingThrough)
        case .select(let row): select(row)
        case .toggleMark(let down): onToggleMark(down)
        case .showFilter(let pattern, let matches, let through, let selecting, let walk, let ranking):
            showFilter(pattern, matches: matches, through: through, selecting: selecting, walk: walk, ranking: ranking)
        case .clearFilterRows(let pattern):
            setSectionFilter(nil)
            filtered.setFilter(pattern, matches: [], headers: [], through: 0)
        case .extendFilter: extendFilter()
        case .removeFilter(let origin): removeFilter(selecting: origin)
        }
    }

    /// Measures the rows to search from the selection. Grouped lines are searched with every
    /// section open; a match in a folded one unfolds it.
    private func search(_ pattern: TextPattern, backward: Bool) {
        openRows = filtered.isFiltering ? nil : rows.unfoldedRows()
        let count = openRows?.snapshot.rowCount ?? filtered.rowCount
        let selected = list.selectedIndex.map { openRows?.openRow(ofShown: $0) ?? $0 }
        send(.search(pattern, backward: backward, space: SearchSpace(rows: count, selected: selected, openRows: openRows != nil)))
    }

    /// Walks rows for the model, at once or in the background (`FindJobs`); the result comes
    /// back as `walkFinished`.
    private func run(_ walk: FindWalk) {
        switch walk.kind {
        case .search(let pattern, let range, let backward, let open):
            let snapshot: any ListTextSnapshot = open ? openRows?.snapshot ?? filtered.textSnapshot() : filtered.textSnapshot()
            runtime.run(.walk, inBackground: walk.background,
                        FindJobs.search(id: walk.id, pattern, in: snapshot, range: range, backward: backward))
        case .filter(let pattern, let through, let candidates):
            let base = rows.filterTextSnapshot()
            filterBase = (walk.id, base)
            runtime.run(.walk, inBackground: walk.background,
                        FindJobs.filter(id: walk.id, pattern, in: base, through: through, among: candidates, ranks: model.ranks(pattern)))
        }
    }

    /// Scans the source's lines after the first `loaded` in the background (nothing to scan:
    /// the search waits, as for a source that cannot).
    private func scan(id: Int, _ pattern: TextPattern, after loaded: Int) {
        guard let scannableSource else { return }
        runtime.run(.walk, FindJobs.scan(id: id, pattern, in: scannableSource, after: loaded))
    }

    private func select(_ row: FindRow) {
        switch row {
        case .list(let index):
            select(index)
        case .open(let index):
            guard let openRows else { return select(index) }
            if let section = openRows.foldedSection(ofOpenRow: index) { onFeedAction(.unfold(section.name)) }
            select(rows.shownRow(ofOpenRow: index, in: openRows) ?? index)
        case .base(let baseRow):
            select(filtered.firstShown(atOrAfter: baseRow))
        }
    }

    /// Selects list row `index`, or the first selectable row after it (a match in a section
    /// header is reported on its first row). A match out of view comes in near the top, a few
    /// lines below it, with the lines after it in view (as `less` shows one); a row wrapped
    /// taller than the view is scrolled to its match.
    private func select(_ index: Int) {
        var row = index
        while row < list.rowCount, !filtered.isSelectable(at: row) { row += 1 }
        if row >= list.rowCount { row = index }
        refreshable.select(row: row, contextAbove: Self.matchContext)
        list.revealHighlight(inRow: row)
    }

    /// Shows the base rows `matches` (of the rows walk `walk` read, else of the rows now), in
    /// the order of `ranking` when given, the selection as `selecting` says (on the first row
    /// when nil, or when its base row does not show).
    private func showFilter(_ pattern: TextPattern, matches: RowSet, through: Int, selecting: FilterSelection?, walk: Int?,
                            ranking: FilterRanking?) {
        let base = filterBase.flatMap { $0.id == walk ? $0.snapshot : nil } ?? rows.textSnapshot()
        filterBase = nil
        if rows.sectionRows != nil {
            setSectionFilter(SectionFilter(matches: matches, covered: through, ranking: ranking))
            showSectionFilter(pattern)
        } else if let ranking {
            filtered.setFilter(pattern, matches: matches, ranking: ranking, headers: base.sectionHeaders, through: through)
        } else {
            filtered.setFilter(pattern, matches: matches, headers: base.sectionHeaders, through: through)
        }
        extendFilter()
        list.highlight = pattern
        switch selecting {
        case .place(let place?)?:
            // Found by identity among the rows the filter keeps (or the row at its index).
            refreshable.reloadData(keeping: place)
        case .lastRow?:
            refreshable.reloadData(keepingSelection: false)
            refreshable.selectLastRow()
        case .base(let baseRow)?:
            refreshable.reloadData(keepingSelection: false)
            if let row = filtered.index(ofBase: baseRow) { refreshable.select(row: row) }
        case .place(nil)?, nil:
            refreshable.reloadData(keepingSelection: false)
        }
        send(.stateChanged)
    }

    /// Shows every row again, the selection on base row `origin` (or the last row).
    private func removeFilter(selecting origin: Int?) {
        setSectionFilter(nil)
        filtered.removeFilter()
        list.highlight = model.shownSearch
        refreshable.reloadData(keepingSelection: false)
        if let origin, list.rowCount > 0 { select(min(origin, list.rowCount - 1)) }
    }

    /// Filters base rows appended since the filter last looked (on the UI thread: pages are
    /// at most a few tens of thousands of lines); a ranked filter ranks each into its place.
    private func extendFilter() {
        if sectionFilter != nil { return extendSectionFilter() }
        guard let pattern = filtered.pattern, filtered.coveredCount < rows.rowCount else { return }
        let snapshot = rows.textSnapshot()
        let range = filtered.coveredCount..<snapshot.rowCount
        if filtered.ranking != nil, let query = pattern.fuzzy {
            filtered.appendRanked(ListFinder.rankKeys(query, in: snapshot, range: range), through: range.upperBound)
            return
        }
        let matches = ListFinder.matchingRows(pattern, in: snapshot, range: range) ?? []
        filtered.appendMatches(matches, headers: snapshot.sectionHeaders, through: range.upperBound)
    }

    /// `extendFilter()` for grouped lines, in their rows with every section open.
    private func extendSectionFilter() {
        guard var filter = sectionFilter, let pattern = filtered.pattern, filter.covered < rows.filterRowCount else { return }
        let snapshot = rows.filterTextSnapshot()
        let range = filter.covered..<snapshot.rowCount
        if filter.ranking != nil, let query = pattern.fuzzy {
            filter.appendRanked(ListFinder.rankKeys(query, in: snapshot, range: range), through: range.upperBound)
        } else {
            filter.append(ListFinder.matchingRows(pattern, in: snapshot, range: range) ?? [], through: range.upperBound)
        }
        setSectionFilter(filter)
        showSectionFilter(pattern)
    }

    private func setSectionFilter(_ filter: SectionFilter?) {
        sectionFilter = filter
        if filter == nil { sectionProjection = nil }
    }

    /// Shows the grouped lines' filter in the rows as they fold now (`pattern`: the filter's,
    /// by default the one shown).
    private func showSectionFilter(_ pattern: TextPattern? = nil) {
        guard let filter = sectionFilter, let map = rows.sectionRows, let pattern = pattern ?? filtered.pattern else { return }
        let projection = filter.project(onto: map)
        sectionProjection = projection
        if let ranking = projection.ranking {
            filtered.setFilter(pattern, matches: projection.rows, ranking: ranking, through: rows.rowCount)
        } else {
            filtered.setFilter(pattern, matches: projection.rows, headers: [], through: rows.rowCount)
        }
    }

    // MARK: Drawing

    /// Draws the prompt, the progress or the message on the status line; false if there is
    /// none (the screen draws its own status).
    func drawStatus(on canvas: any Canvas, row: Int, width: Int) -> Bool {
        if let prompt = model.prompt {
            prompt.draw(on: canvas, row: row, width: width, strings: strings)
            return true
        }
        guard let text = model.statusText else { return false }
        canvas.fillRow(row, style: .plain)
        canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, width - 1)), row: row, column: 0, style: .bold)
        return true
    }
}
