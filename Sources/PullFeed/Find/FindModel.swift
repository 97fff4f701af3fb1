import SearchEngine
import TerminalUI

/// Search (`/`, `n`, `N`) and filter (`&`) as a value: the prompt, the last search, the work in
/// progress and what the status line says about it, the applied filter and where the selection
/// was before it. Events come in with the facts of the moment (`FindContext`: the list's, and
/// the feed's as the screen handed them); what has to be done to the rows, the source and the
/// list goes out as `FindEffect`s for an executor to carry out. Nothing here reads rows, waits or
/// touches the screen, so every decision is tested as a table. The work in progress is one
/// value, `work`: idle, a search walking rows, scanning the source, going through its pages or
/// waiting for the lines through its match, or the filter walking its rows or filling the screen.
///
/// A search walks the rows after the selection, then (for a line source with pages still
/// unread) the rest of the input: scanned without loading when the source can, else loaded page
/// by page and searched as it arrives (`PagedSearch`); a match found past the loaded lines is
/// selected once the lines through it are loaded (`PendingMatch`). Only then does it wrap to the
/// rows before the selection. A filter shows the rows its pattern matches, reusing the results
/// of the texts typed before (`FilterResults`), and loads pages while its rows do not fill the
/// screen. Esc or Ctrl-C stops any of it, keeping what was loaded.
struct FindModel {
    typealias Kind = FindPrompt.Kind

    /// Walks over at most this many rows run at once; longer ones in the background.
    static let syncRows = 20_000

    let strings: AppStrings

    /// The open prompt, if any.
    private(set) var prompt: FindPrompt?
    /// The last search's result for the status line ("Search wrapped to the top"), until the
    /// next key or for `Toast.duration` seconds, as long as a toast shows.
    var message: String? {
        didSet { messageGeneration &+= 1 }
    }
    /// Tells the message set last from earlier ones: the executor answers a new one with
    /// `messageExpired(generation)` `Toast.duration` seconds later, and only the
    /// last one's expiry takes the message away.
    private(set) var messageGeneration = 0
    var lastSearch: TextPattern?
    /// Whether the last search's matches are marked in the rows: from the search until an Esc
    /// clears them (`n`, `N` or a new search mark them again).
    var showsMatches = false
    /// The filter shown, if any.
    var filter: TextPattern?
    /// What search and filter are working on: one thing at a time.
    var work = Work.idle
    /// `n` and `N` pressed while a search runs (true for `N`), in order: as the search finds its
    /// match, the first of them searches on from there (a press is never lost, as in `less`).
    var queuedNext: [Bool] = []
    /// Filters computed while typing (a deleted character goes back to its result at once).
    var filterResults = FilterResults()
    /// The base row selected before the filter was set, selected again when it is removed.
    var filterOrigin: Int?
    /// Whether the filter loads pages to fill the screen (off after a failure or a cancel).
    var filterLoads = true
    /// The last walk's id: a result for any other is dropped.
    var nextWalkID = 0

    /// Whether `&` opens in fuzzy mode (`--fuzzy`).
    var fuzzyFilter = false
    /// Whether a fuzzy filter ranks its rows by score (off with `--no-sort`).
    var sortsFuzzy = true

    init(strings: AppStrings) {
        self.strings = strings
    }

    var isPrompting: Bool { prompt != nil }

    /// Whether a walk or a scan runs in the background (it can be cancelled).
    var hasBackgroundWork: Bool {
        switch work {
        case .searching(let walk, _, _), .scanning(let walk, _, _), .filtering(let walk, _, _, _): walk.background
        case .paging(_, _, let walk): walk?.background ?? false
        case .idle, .awaitingMatch, .filling: false
        }
    }

    /// Whether a search is working: walking rows in the background (a walk run at once is over
    /// before the next event), scanning the source, or loading its pages.
    var isSearching: Bool {
        switch work {
        case .searching(let walk, _, _): walk.background
        case .scanning, .paging, .awaitingMatch: true
        case .idle, .filtering, .filling: false
        }
    }

    /// Whether the filter's walk over its rows runs.
    var isFiltering: Bool {
        if case .filtering = work { true } else { false }
    }

    /// Whether the filter is being computed or a page to fill the screen is on its way.
    var isFilterWorking: Bool {
        switch work {
        case .filtering, .filling(loading: true): true
        default: false
        }
    }

    /// Whether a search or filter is working (Esc and Ctrl-C cancel it rather than quit).
    var isBusy: Bool { isSearching || isFilterWorking }

    /// Whether an Esc outside the prompt has something to undo (work in progress, the marked
    /// matches, the applied filter); only an Esc with nothing to undo quits.
    var canUndo: Bool { isBusy || showsMatches || filter != nil }

    /// The search whose matches are marked when no filter is shown.
    var shownSearch: TextPattern? { showsMatches ? lastSearch : nil }

    /// The search or filter text in use (`{q}` of a preview command): the prompt's while one is
    /// open, else the applied filter's, else the last search's; empty when there is none.
    var queryText: String { prompt?.text ?? filter?.text ?? lastSearch?.text ?? "" }

    /// What the status line says below the list when no prompt is open: the progress of the
    /// work, that the filter works, or the last message; nil for none.
    var statusText: String? {
        if let progress { return progress }
        if isFilterWorking { return strings.text(.filtering) }
        return message
    }

    /// The progress of the work in progress, when it has one to tell.
    private var progress: String? {
        switch work {
        case .searching(let walk, _, _), .filtering(let walk, _, _, _): walk.background ? searching(walk.rows) : nil
        case .scanning(_, _, let percent): strings.text(.searchingPercent, String(percent))
        case .paging(_, let lines, _): searching(lines)
        case .awaitingMatch(let pending): searching(pending.baseRow + 1)
        case .idle, .filling: nil
        }
    }

    /// The title's count while the filter's walk runs (`12,000+`), nil otherwise.
    var partialShownCount: String? {
        guard case .filtering(_, _, let found?, _) = work else { return nil }
        return AppStrings.grouped(found) + "+"
    }

    /// Takes `event` with the facts of the moment, and says what to do.
    mutating func handle(_ event: FindEvent, in context: FindContext) -> [FindEffect] {
        let wasPrompting = isPrompting
        var effects: [FindEffect] = []
        switch event {
        case .open(let kind):
            message = nil
            if kind == .filter, filter == nil { filterOrigin = context.selectedBaseRow }
            prompt = FindPrompt(kind: kind, fuzzy: kind == .filter && fuzzyFilter)
        case .promptInput(let input):
            effects += promptInput(input, in: context)
        case .keyPressed:
            message = nil
        case .next(let backward):
            guard let lastSearch else { break }
            // Searching again from the selection now would start where the search running
            // started, and find its match again: the press waits for that match.
            if isSearching {
                queuedNext.append(backward)
            } else {
                effects.append(.searchFromSelection(lastSearch, backward: backward))
            }
        case .cancel:
            effects += cancel(in: context)
        case .escape:
            effects += escape(in: context)
        case .search(let pattern, let backward, let space):
            effects += search(pattern, backward: backward, space: space, in: context)
        case .walkFinished(let id, let result):
            effects += walkFinished(id, result, in: context)
        case .filterProgress(let id, let found, let walked):
            guard case .filtering(let walk, let run, _, _) = work, walk.id == id else { break }
            work = .filtering(walk, run, found: found, walked: walked)
        case .scanProgress(let id, let percent):
            guard case .scanning(let walk, let run, _) = work, walk.id == id else { break }
            work = .scanning(walk, run, percent: percent)
        case .rowsWillReload(let replaced, let keeping, let dropped):
            effects += rowsWillReload(replaced: replaced, keeping: keeping, dropped: dropped, in: context)
        case .stateChanged:
            effects += stateChanged(in: context)
        case .loadFailed:
            filterLoads = false
            effects += stopFilling()
        case .messageExpired(let generation):
            guard generation == messageGeneration, message != nil else { break }
            message = nil
        }
        if isPrompting != wasPrompting { effects.insert(.holdAutoRefresh(isPrompting), at: 0) }
        return effects
    }

    // MARK: Prompt

    private mutating func promptInput(_ input: InputEvent, in context: FindContext) -> [FindEffect] {
        guard var current = prompt else { return [] }
        var effects: [FindEffect] = []
        switch current.handle(input) {
        case .none:
            prompt = current
        case .patternChanged:
            prompt = current
            if current.kind == .filter { effects += setFilter(current, in: context) }
        case .submitted:
            prompt = nil
            effects += submit(current, in: context)
        case .cancelled:
            prompt = nil
            if current.kind == .filter { effects += removeFilter(in: context) }
        case .mark(let down):
            prompt = current
            effects.append(.toggleMark(down: down))
        }
        return effects
    }

    private mutating func submit(_ prompt: FindPrompt, in context: FindContext) -> [FindEffect] {
        let (pattern, error) = prompt.parsed
        if let error {
            // Nothing changes: the filter stays as it was, no search is made.
            message = strings.text(.invalidPattern, error.reason)
            return []
        }
        filterResults.removeAll()
        switch prompt.kind {
        case .search:
            guard let pattern = pattern ?? lastSearch else { return [] }
            queuedNext.removeAll()
            return [.searchFromSelection(pattern, backward: false)]
        case .filter:
            return pattern == nil ? removeFilter(in: context) : []
        }
    }

    /// Esc or Ctrl-C: closes the prompt, or stops the work in progress keeping the rows loaded.
    private mutating func cancel(in context: FindContext) -> [FindEffect] {
        if let kind = prompt?.kind {
            prompt = nil
            filterResults.removeAll()
            return kind == .filter ? removeFilter(in: context) : []
        }
        guard isBusy else { return [] }
        // A walk in the background, the filter's too, is said to be a search cancelled.
        let wasSearching = hasBackgroundWork || isSearching
        let effects = stopWork()
        filterLoads = false
        if wasSearching { message = strings.text(.searchCancelled) }
        return effects
    }

    /// Esc outside the prompt undoes the find state one step, so that an Esc meant for a search
    /// that ends just before it cannot quit: work in progress stops (a search's matches go with
    /// it, as they would had it just ended), else the search's marked matches go, else the
    /// applied filter goes and the selection goes back.
    ///
    /// A kept filter still being computed (a walk over many rows, or pages of a stream it asks
    /// for) goes with its work: half a filter is nothing to keep, and one kept would go on
    /// filtering every row that arrives on the UI thread (`yes | pullfeed`, `&zqxj` Enter, Esc
    /// used a core for seconds).
    private mutating func escape(in context: FindContext) -> [FindEffect] {
        if isBusy {
            let wasSearching = isSearching
            let fillsFilter = filter != nil && !wasSearching
            var effects = cancel(in: context)
            if wasSearching { effects.insert(contentsOf: clearMatches(), at: 0) }
            if fillsFilter { effects += removeFilter(in: context) }
            return effects
        }
        if showsMatches { return clearMatches() }
        return removeFilter(in: context)
    }

    /// Takes the search's marks off the rows (the filter's, if one is shown, come back).
    private mutating func clearMatches() -> [FindEffect] {
        showsMatches = false
        return [.highlight(filter)]
    }

    /// Stops every walk, scan and load in progress, and forgets the `n` and `N` waiting for them.
    mutating func stopWork() -> [FindEffect] {
        queuedNext.removeAll()
        var effects: [FindEffect] = hasBackgroundWork ? [.cancelWork] : []
        // The pages are loaded by the reactor, as goals: it is told they are not wanted.
        switch work {
        case .awaitingMatch(let pending) where pending.requested: effects.append(.stopLoadingThrough)
        case .paging, .filling: effects.append(.stopLoadingAhead)
        default: break
        }
        work = .idle
        return effects
    }

    /// Stops the walk or scan in progress (a search going through pages goes on without it);
    /// its result, if it comes, is dropped.
    mutating func stopWalk() -> [FindEffect] {
        let running = hasBackgroundWork
        switch work {
        case .searching, .scanning, .filtering: work = .idle
        case .paging(let paged, let lines, _): work = .paging(paged, lines: lines, walk: nil)
        case .idle, .awaitingMatch, .filling: break
        }
        return running ? [.cancelWork] : []
    }

    /// The filter no longer has pages loaded.
    mutating func stopFilling() -> [FindEffect] {
        guard case .filling = work else { return [] }
        work = .idle
        return [.stopLoadingAhead]
    }

    /// Asks for a walk over `rows` rows (in the background when they are many, unless
    /// `background` says); the work is then `working(walk)`, and its result comes back with
    /// `walkFinished`.
    mutating func startWalk(_ kind: FindWalk.Kind, rows: Int, background: Bool? = nil, as working: (Walk) -> Work) -> [FindEffect] {
        nextWalkID += 1
        let walk = Walk(id: nextWalkID, background: background ?? (rows > Self.syncRows), rows: rows)
        work = working(walk)
        return [.walk(FindWalk(id: walk.id, kind: kind, background: walk.background))]
    }

    private mutating func walkFinished(_ id: Int, _ result: FindWalkResult, in context: FindContext) -> [FindEffect] {
        switch (work, result) {
        case (.searching(let walk, let run, let wrapping), .search(let found)) where walk.id == id:
            work = .idle
            return searchWalked(run, wrapping: wrapping, found: found, in: context)
        case (.paging(let paged, let lines, let walk?), .search(let found)) where walk.id == id:
            work = .paging(paged, lines: lines, walk: nil)
            return pagedRowsSearched(found: found, in: context)
        case (.scanning(let walk, let run, _), .scan(let scan)) where walk.id == id:
            work = .idle
            return scanned(run, scan, in: context)
        case (.filtering(let walk, let run, _, _), .filter(let matches, let ranking)) where walk.id == id:
            work = .idle
            filterResults.keep(run.pattern, matches: matches, through: run.through, ranking: ranking)
            return showFilter(run.pattern, matches: matches, through: run.through, selecting: run.selecting, walk: id, ranking: ranking)
        default:
            return []
        }
    }

    /// Sets the message for a search that found nothing; the `n` and `N` waiting for it would
    /// find nothing either.
    mutating func notFound(_ pattern: TextPattern) -> [FindEffect] {
        queuedNext.removeAll()
        message = strings.text(.patternNotFound, pattern.text)
        return []
    }

    /// A search found `row`: it is selected, and the first `n` or `N` pressed meanwhile searches
    /// on from it.
    mutating func found(_ row: FindRow) -> [FindEffect] {
        guard let lastSearch, !queuedNext.isEmpty else { return [.select(row)] }
        return [.select(row), .searchFromSelection(lastSearch, backward: queuedNext.removeFirst())]
    }
}
