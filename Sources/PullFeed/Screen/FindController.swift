import Dispatch
import OpenCombine
import PullToRefresh
import TerminalUI

/// Search (`/`, `n`, `N`) and filter (`&`) for the feed screen: the prompt on the status
/// line, the walks over the rows, the filtered view, and the status messages.
///
/// Rows are searched in the list's own indices (the filtered rows while a filter is set). For
/// a line source with pages still unread, a search that finds nothing in the loaded rows goes
/// on through the rest: a source that can scan its input without loading it
/// (`FeedSource.scanForMatch`) does, and only the pages up to the match are loaded; any other
/// is loaded page by page (as End does) and each page searched as it arrives. A filter loads
/// pages while its rows do not fill the screen. Walks over many rows run on a background queue;
/// Esc or Ctrl-C (`cancel()`) stops any of this, keeping what was loaded.
final class FindController {
    typealias Kind = FindPrompt.Kind

    /// The open prompt, if any.
    private(set) var prompt: FindPrompt? {
        didSet { if (prompt == nil) != (oldValue == nil) { onPromptOpen(prompt != nil) } }
    }
    /// Called when a prompt opens (true) or closes (false): refreshing by itself waits meanwhile.
    var onPromptOpen: (Bool) -> Void = { _ in }
    /// The last search's result for the status line ("Search wrapped to the top"), until the
    /// next key.
    private(set) var message: String?
    private(set) var lastSearch: TextPattern?

    /// The search or filter text in use (`{q}` of a preview command): the prompt's while one is
    /// open, else the applied filter's, else the last search's; empty when there is none.
    var queryText: String { prompt?.text ?? filtered.pattern?.text ?? lastSearch?.text ?? "" }

    /// Rows at most this many are searched on the UI thread; more go to the background queue.
    static let syncRows = 20_000

    private let list: ListView
    private let refreshable: RefreshableList
    private let rows: FeedRows
    private let filtered: FilteredListSource
    private let strings: AppStrings
    private let scheduler: LoopScheduler
    /// Concurrent: a walk stuck in one long call (a regular expression that backtracks over
    /// a megabyte line) cannot hold up the next one once it is cancelled.
    private let queue = DispatchQueue(label: "pullfeed.find", qos: .userInitiated, attributes: .concurrent)
    var reactor: () -> FeedReactor? = { nil }
    var onNeedsRender: () -> Void = {}

    /// The work in progress (a background walk or a scan of the source), cancelled by `cancel`.
    private var token: CancellationToken?
    /// What the status line says while work is in progress.
    private var progress: String?
    /// A search going through the source's pages as they load.
    private var pagedSearch: PagedSearch?
    /// A match found past the loaded lines (a base row index): selected once it is loaded.
    private var pendingMatch: PendingMatch?
    /// Filters computed while typing, so a deleted character goes back to its result at once
    /// and a longer text starts from the matches of a shorter one (see `FilterResults`).
    private var filterResults = FilterResults()
    /// The base row selected before the filter was set, selected again when it is removed.
    private var filterOrigin: Int?
    /// Whether the filter loads pages to fill the screen (off after a failure or a cancel).
    private var filterLoads = true
    /// The filter has asked for a page that has not come yet.
    private var filterLoading = false
    /// The filter's walk over the rows runs in the background.
    private var filterPending = false {
        didSet { if !filterPending { partialCount = nil } }
    }
    /// While the filter's walk runs: the matches found and the rows walked so far.
    private var partialCount: (found: Int, walked: Int)?

    /// Tells the retry last scheduled for a paged search from earlier ones.
    private var pagedSearchGeneration = 0

    private struct PendingMatch {
        var baseRow: Int
        var backward: Bool
        var requestedAt: Int?
        var pattern: TextPattern
    }

    init(list: ListView, refreshable: RefreshableList, rows: FeedRows, filtered: FilteredListSource,
         strings: AppStrings, scheduler: LoopScheduler) {
        self.list = list
        self.refreshable = refreshable
        self.rows = rows
        self.filtered = filtered
        self.strings = strings
        self.scheduler = scheduler
    }

    var isPrompting: Bool { prompt != nil }

    /// The base row of the selection (nil while the list has not caught up with its rows).
    private var selectedBaseRow: Int? {
        list.selectedIndex.flatMap { $0 < filtered.rowCount ? filtered.baseIndex(of: $0) : nil }
    }

    /// Whether a search or filter is working (Esc and Ctrl-C cancel it rather than quit).
    var isBusy: Bool { token != nil || pagedSearch != nil || pendingMatch != nil || filterLoading || filterPending }

    /// The title's count while filtering: the items shown (sections for articles) and loaded.
    /// O(1): the filtered list counts its headers as it grows.
    /// While a walk over many rows runs, the matches found so far (`12000000+`).
    var shownItemCount: String? {
        if let partialCount, filterPending { return "\(partialCount.found)+" }
        guard filtered.isFiltering else { return nil }
        let headers = filtered.shownHeaderCount
        return String(headers > 0 || rows.rowCount > 0 && rows.row(at: 0).kind == .sectionHeader ? headers : filtered.rowCount)
    }

    // MARK: Keys

    /// Opens the prompt for `kind` (empty; the filter stays as it is until the text changes).
    func open(_ kind: Kind) {
        message = nil
        if kind == .filter, !filtered.isFiltering {
            filterOrigin = selectedBaseRow
        }
        prompt = FindPrompt(kind: kind)
        onNeedsRender()
    }

    /// Any key outside the prompt: the last message goes.
    func keyPressed() { message = nil }

    /// A key or a paste while the prompt is open.
    func handlePrompt(_ event: InputEvent) {
        guard var current = prompt else { return }
        let outcome = current.handle(event)
        switch outcome {
        case .none:
            prompt = current
        case .patternChanged:
            prompt = current
            if current.kind == .filter { setFilter(current) }
        case .submitted:
            prompt = nil
            submit(current)
        case .cancelled:
            prompt = nil
            if current.kind == .filter { removeFilter() }
        }
        onNeedsRender()
    }

    private func submit(_ prompt: FindPrompt) {
        let (pattern, error) = prompt.parsed
        if let error {
            // Nothing changes: the filter stays as it was, no search is made.
            message = strings.text(.invalidPattern, error.reason)
            return
        }
        filterResults.removeAll()
        switch prompt.kind {
        case .search:
            if let pattern = pattern ?? lastSearch { search(pattern, backward: false) }
        case .filter:
            if pattern == nil { removeFilter() }
        }
    }

    /// `n` / `N`: the last search again, forward or backward.
    func next(backward: Bool) {
        guard let lastSearch else { return }
        search(lastSearch, backward: backward)
    }

    /// Esc or Ctrl-C: stops the work in progress (keeping the rows loaded) or closes the
    /// prompt. Returns whether there was anything to stop.
    @discardableResult
    func cancel() -> Bool {
        if let kind = prompt?.kind {
            prompt = nil
            filterResults.removeAll()
            if kind == .filter { removeFilter() }
            onNeedsRender()
            return true
        }
        guard isBusy else { return false }
        let wasSearching = token != nil || pagedSearch != nil || pendingMatch != nil
        stopWork()
        filterLoads = false
        if wasSearching { message = strings.text(.searchCancelled) }
        onNeedsRender()
        return true
    }

    private func stopWork() {
        token?.cancel()
        token = nil
        progress = nil
        pagedSearch = nil
        pendingMatch = nil
        filterLoading = false
        filterPending = false
    }

    // MARK: Search

    func search(_ pattern: TextPattern, backward: Bool) {
        stopWork()
        message = nil
        lastSearch = pattern
        list.highlight = pattern
        // Grouped lines are searched with every section open; a match in a folded one unfolds it.
        let unfolded = filtered.isFiltering ? nil : rows.unfoldedRows()
        let snapshot = unfolded?.snapshot ?? filtered.textSnapshot()
        let count = snapshot.rowCount
        let selected = list.selectedIndex.map { unfolded?.openRow(ofShown: $0) ?? $0 } ?? (backward ? count : -1)
        let first = backward ? 0..<max(0, min(count, selected)) : min(count, selected + 1)..<count
        let wrap = backward ? min(count, max(0, selected))..<count : 0..<max(0, min(count, selected + 1))
        run(rows: first.count, { token in
            ListFinder.firstMatch(pattern, in: snapshot, range: first, backward: backward, isCancelled: { token.isCancelled })
        }, then: { [unowned self] found in
            if let found {
                self.select(found, in: unfolded)
            } else if let unfolded {
                self.searchWrapped(pattern, backward: backward, range: wrap, in: unfolded)
            } else {
                self.searchUnloaded(pattern, backward: backward, wrap: wrap)
            }
        })
        onNeedsRender()
    }

    /// The rows not loaded yet, for a line source that has more.
    private func searchUnloaded(_ pattern: TextPattern, backward: Bool, wrap: Range<Int>) {
        guard let reactor = reactor(), reactor.source.isLineSource, reactor.source.hasPages,
              reactor.currentState.hasMore || reactor.currentState.isOpen, reactor.currentState.hasLoaded else {
            searchWrapped(pattern, backward: backward, range: wrap)
            return
        }
        // A scan finds a source line; grouped lines are not in source order, so their pages load.
        guard !filtered.isFiltering, reactor.source.scansWithoutLoading, reactor.currentState.lineSections == nil else {
            startPagedSearch(pattern, backward: backward, wrap: wrap)
            return
        }
        let token = CancellationToken()
        self.token = token
        progress = strings.text(.searchingPercent, "0")
        let loaded = rows.rowCount
        let box = UncheckedSendable((self, reactor.source, scheduler))
        queue.async {
            let (controller, source, scheduler) = box.value
            var reported = -1
            let result = source.scanForMatch(after: loaded, pattern: pattern, token: token) { fraction in
                let percent = Int(fraction * 100)
                guard percent != reported else { return }
                reported = percent
                scheduler.schedule {
                    guard controller.token === token else { return }
                    controller.progress = controller.strings.text(.searchingPercent, String(percent))
                    controller.onNeedsRender()
                }
            }
            scheduler.schedule {
                guard controller.token === token, !token.isCancelled else { return }
                controller.token = nil
                controller.progress = nil
                switch result {
                case nil:
                    controller.startPagedSearch(pattern, backward: backward, wrap: wrap)
                case .found(let line):
                    controller.pendingMatch = PendingMatch(baseRow: line, backward: backward, requestedAt: nil, pattern: pattern)
                    controller.progress = controller.strings.text(.searching, String(line + 1))
                    controller.stateDidChange()
                case .notFound:
                    controller.searchWrapped(pattern, backward: backward, range: wrap)
                case .cancelled:
                    break
                }
                controller.onNeedsRender()
            }
        }
    }

    private func startPagedSearch(_ pattern: TextPattern, backward: Bool, wrap: Range<Int>) {
        pagedSearchGeneration += 1
        pagedSearch = PagedSearch(pattern: pattern, backward: backward, searchedThrough: filtered.rowCount, wrap: wrap)
        progress = strings.text(.searching, String(rows.rowCount))
        stateDidChange()
    }

    /// The part of the loaded rows before the start, after the rest found nothing.
    private func searchWrapped(_ pattern: TextPattern, backward: Bool, range: Range<Int>, in unfolded: UnfoldedRows? = nil) {
        let snapshot = unfolded?.snapshot ?? filtered.textSnapshot()
        let range = range.clamped(to: 0..<snapshot.rowCount)
        run(rows: range.count, { token in
            ListFinder.firstMatch(pattern, in: snapshot, range: range, backward: backward, isCancelled: { token.isCancelled })
        }, then: { [unowned self] found in
            if let found {
                self.select(found, in: unfolded)
                self.message = self.strings.text(backward ? .searchWrappedBottom : .searchWrappedTop)
            } else {
                self.notFound(pattern)
            }
        })
    }

    private func notFound(_ pattern: TextPattern) {
        message = strings.text(.patternNotFound, pattern.text)
        onNeedsRender()
    }

    /// Selects row `index` of `unfolded` (grouped lines with every section open), unfolding
    /// its section first if it is folded; list row `index` without `unfolded`.
    private func select(_ index: Int, in unfolded: UnfoldedRows?) {
        guard let unfolded else { return select(index) }
        if let section = unfolded.foldedSection(ofOpenRow: index) { reactor()?.action.send(.unfold(section.name)) }
        select(rows.shownRow(ofOpenRow: index, in: unfolded) ?? index)
    }

    /// Selects list row `index`, or the first selectable row after it (a match in a section
    /// header is reported on its first row).
    private func select(_ index: Int) {
        var row = index
        while row < list.rowCount, !filtered.isSelectable(at: row) { row += 1 }
        if row >= list.rowCount { row = index }
        refreshable.releasePulls()
        list.select(row: row)
        refreshable.onChange()
        onNeedsRender()
    }

    /// Runs `work` at once when it walks few rows, else on the background queue, and hands
    /// its result to `then` on the UI thread unless it was cancelled (`work` returns nil).
    private func run<T>(rows count: Int, _ work: @escaping @Sendable (CancellationToken) -> T?,
                        then: @escaping (T) -> Void) {
        let token = CancellationToken()
        if count <= Self.syncRows {
            if let result = work(token) { then(result) }
            return
        }
        self.token = token
        if progress == nil { progress = strings.text(.searching, String(count)) }
        let result = ResultBox<T>()
        let deliver: () -> Void = { [weak self] in
            guard let self, self.token === token, !token.isCancelled else { return }
            self.token = nil
            self.progress = nil
            if let value = result.value { then(value) }
            self.onNeedsRender()
        }
        let box = UncheckedSendable((scheduler, deliver))
        queue.async {
            result.value = work(token)
            box.value.0.schedule(box.value.1)
        }
    }

    // MARK: Filter

    /// Shows only the rows with `text` (all rows for the empty text), keeping the selection
    /// on its row if it still shows, else on the first row shown.
    /// An invalid text changes nothing: the prompt says why, the filter stays as it was.
    private func setFilter(_ prompt: FindPrompt) {
        let (parsed, error) = prompt.parsed
        if error != nil { return }
        guard let pattern = parsed else {
            removeFilter()
            return
        }
        refilter(pattern)
    }

    /// Filters the rows with `pattern`: at once when a result for it is kept, else from the
    /// fewest rows a kept result allows (in the background when they are many).
    private func refilter(_ pattern: TextPattern) {
        stopWork()
        filterLoads = true
        let selectedBase = selectedBaseRow
        let base = rows.textSnapshot()
        let baseCount = base.rowCount
        if filtered.isFiltering, filtered.coveredCount == baseCount, let applied = filtered.pattern {
            filterResults.keep(applied, matches: filtered.shown, through: baseCount)
        }
        let known = filterResults.best(for: pattern, through: baseCount)
        if let known, known.pattern == pattern {
            showFilter(pattern, matches: known.matches, base: base, selectedBase: selectedBase)
            return
        }
        let candidates = known?.matches
        filterPending = true
        let box = UncheckedSendable((self, scheduler))
        run(rows: candidates?.count ?? baseCount, { token -> RowSet? in
            let last = Locked(DispatchTime.now().uptimeNanoseconds)
            return ListFinder.matchingRowSet(pattern, in: base, range: 0..<baseCount, among: candidates, progress: { walked, found in
                // The count so far, for the title, at most ten times a second.
                let now = DispatchTime.now().uptimeNanoseconds
                guard last.withLock({ previous in
                    // Another thread may have taken a later time in between.
                    guard now > previous, now - previous > 100_000_000 else { return false }
                    previous = now
                    return true
                }) else { return }
                let (controller, scheduler) = box.value
                scheduler.schedule {
                    guard controller.token === token, !token.isCancelled else { return }
                    controller.partialCount = (found, walked)
                    controller.onNeedsRender()
                }
            }, isCancelled: { token.isCancelled })
        }, then: { [unowned self] matches in
            self.filterResults.keep(pattern, matches: matches, through: baseCount)
            self.showFilter(pattern, matches: matches, base: base, selectedBase: selectedBase)
        })
        onNeedsRender()
    }

    /// Shows the rows `matches` of `base`, the selection on `selectedBase` if it shows.
    private func showFilter(_ pattern: TextPattern, matches: RowSet, base: any ListTextSnapshot, selectedBase: Int?) {
        filterPending = false
        partialCount = nil
        filtered.setFilter(pattern, matches: matches, headers: base.sectionHeaders, through: base.rowCount)
        extendFilter()
        list.highlight = pattern
        refreshable.reloadData(keepingSelection: false)
        if let selectedBase, let row = filtered.index(ofBase: selectedBase) { list.select(row: row) }
        loadForFilter()
        onNeedsRender()
    }

    /// Esc outside the prompt: removes the filter kept with Enter (the selection goes back);
    /// false when there is none.
    func removeAppliedFilter() -> Bool {
        guard filtered.isFiltering else { return false }
        removeFilter()
        return true
    }

    /// Shows every row again, the selection back on the row it was on before the filter.
    private func removeFilter() {
        filterPending = false
        filterLoading = false
        token?.cancel()
        token = nil
        progress = nil
        guard filtered.isFiltering else {
            filterOrigin = nil
            return
        }
        let current = selectedBaseRow
        let origin = filterOrigin ?? current
        filterOrigin = nil
        filtered.removeFilter()
        list.highlight = lastSearch
        refreshable.reloadData(keepingSelection: false)
        if let origin, list.rowCount > 0 {
            let row = min(origin, list.rowCount - 1)
            if !list.select(row: row) { select(row) }
        }
        onNeedsRender()
    }

    /// Filters base rows appended since the filter last looked (on the UI thread: pages are
    /// at most a few tens of thousands of lines).
    private func extendFilter() {
        guard let pattern = filtered.pattern, !filterPending, filtered.coveredCount < rows.rowCount else { return }
        let snapshot = rows.textSnapshot()
        let range = filtered.coveredCount..<snapshot.rowCount
        let matches = ListFinder.matchingRows(pattern, in: snapshot, range: range) ?? []
        filtered.appendMatches(matches, headers: snapshot.sectionHeaders, through: range.upperBound)
    }

    /// Asks for the next page while the filtered rows do not fill the screen (line sources).
    private func loadForFilter() {
        guard filtered.isFiltering, filterLoads, !filterPending, let reactor = reactor() else {
            filterLoading = false
            return
        }
        let state = reactor.currentState
        guard reactor.source.isLineSource, reactor.source.hasPages, state.hasLoaded, state.hasMore,
              !state.isRefreshing else {
            filterLoading = false
            return
        }
        guard !state.isLoadingMore else { return }
        let fills = list.rowCount > 0 && !list.isBottomAccessoryFullyVisible
        filterLoading = !fills
        if !fills {
            progress = nil
            reactor.action.send(.loadRest)
        }
    }

    // MARK: Rows arriving

    /// Before the list reloads after the rows changed: a filter takes in appended rows, or
    /// starts again on replaced ones; a search in progress over replaced rows stops.
    func rowsWillReload(replaced: Bool) {
        guard replaced else {
            extendFilter()
            return
        }
        filterResults.removeAll()
        let wasSearching = token != nil || pagedSearch != nil || pendingMatch != nil
        if wasSearching {
            stopWork()
            message = strings.text(.searchCancelled)
        }
        if let pattern = filtered.pattern {
            filtered.setFilter(pattern, matches: [], headers: [], through: 0)
            filterPending = false
            refilter(pattern)
        }
    }

    /// After every state: a search through the pages goes on, a match past the loaded rows
    /// is selected once loaded, and a filter loads pages while it does not fill the screen.
    func stateDidChange() {
        guard let reactor = reactor() else { return }
        let state = reactor.currentState
        if var paged = pagedSearch {
            if let arrived = paged.newRows(rowCount: filtered.rowCount) {
                pagedSearch = paged
                let snapshot = filtered.textSnapshot()
                if let found = ListFinder.firstMatch(paged.pattern, in: snapshot, range: arrived.clamped(to: 0..<snapshot.rowCount)) ?? nil {
                    pagedSearch = nil
                    progress = nil
                    select(found)
                    if paged.backward { message = strings.text(.searchWrappedBottom) }
                    return
                }
                progress = strings.text(.searching, String(rows.rowCount))
            }
            let step = paged.next(busy: state.isLoadingMore || state.isRefreshing, hasMore: state.hasMore,
                                  isOpen: state.isOpen, baseRows: rows.rowCount)
            pagedSearch = paged
            switch step {
            case .none:
                break
            case .load:
                reactor.action.send(.loadRest)
            case .retryLater:
                pagedSearchGeneration += 1
                let generation = pagedSearchGeneration
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(PagedSearch.retryMilliseconds))) { [weak self] in
                    guard let self, self.pagedSearchGeneration == generation else { return }
                    self.pagedSearch?.retryDue()
                    self.stateDidChange()
                }
            case .wrap:
                pagedSearch = nil
                progress = nil
                searchWrapped(paged.pattern, backward: paged.backward, range: paged.wrap)
            }
            return
        }
        if var pending = pendingMatch {
            if rows.rowCount > pending.baseRow {
                pendingMatch = nil
                progress = nil
                select(filtered.firstShown(atOrAfter: pending.baseRow))
                if pending.backward { message = strings.text(.searchWrappedBottom) }
                return
            }
            guard !state.isLoadingMore, !state.isRefreshing else { return }
            if !state.hasMore || pending.requestedAt == rows.rowCount {
                // The input shrank since it was scanned.
                pendingMatch = nil
                progress = nil
                notFound(pending.pattern)
                return
            }
            pending.requestedAt = rows.rowCount
            pendingMatch = pending
            reactor.action.send(.loadThrough(pending.baseRow))
            return
        }
        loadForFilter()
    }

    /// A page failed to load: the filter stops asking for more.
    func loadFailed() {
        filterLoads = false
        filterLoading = false
    }

    // MARK: Drawing

    /// Draws the prompt, the progress or the message on the status line; false if there is
    /// none (the screen draws its own status).
    func drawStatus(on canvas: any Canvas, row: Int, width: Int) -> Bool {
        if let prompt {
            prompt.draw(on: canvas, row: row, width: width, strings: strings)
            return true
        }
        let text: String
        if let progress, isBusy {
            text = progress
        } else if filterLoading || filterPending {
            text = strings.text(.filtering)
        } else if let message {
            text = message
        } else {
            return false
        }
        canvas.fillRow(row, style: .plain)
        canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, width - 1)), row: row, column: 0, style: .bold)
        return true
    }
}

/// A background walk's result, written on the queue before the UI thread reads it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
