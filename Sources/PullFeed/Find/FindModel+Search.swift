import SearchEngine

/// Search: the rows after the selection, then the source's unread lines (scanned, or loaded
/// page by page), then the rows before the selection.
extension FindModel {
    mutating func search(_ pattern: TextPattern, backward: Bool, space: SearchSpace, in context: FindContext) -> [FindEffect] {
        // The presses still waiting wait for this search (one of them asked for it).
        let queued = queuedNext
        var effects = stopWork()
        queuedNext = queued
        message = nil
        lastSearch = pattern
        showsMatches = true
        effects.append(.highlight(pattern))
        let count = space.rows
        let selected = space.selected ?? (backward ? count : -1)
        let first = backward ? 0..<max(0, min(count, selected)) : min(count, selected + 1)..<count
        let wrap = backward ? min(count, max(0, selected))..<count : 0..<max(0, min(count, selected + 1))
        let run = SearchRun(pattern: pattern, backward: backward, wrap: wrap, openRows: space.openRows)
        effects += startWalk(.search(pattern, rows: first, backward: backward, openRows: space.openRows), rows: first.count) {
            .searching($0, run, wrapping: false)
        }
        return effects
    }

    /// A walk of `run` over the rows after the selection (or, `wrapping`, before it) found
    /// `found`.
    mutating func searchWalked(_ run: SearchRun, wrapping: Bool, found: Int?, in context: FindContext) -> [FindEffect] {
        let row: (Int) -> FindRow = { run.openRows ? .open($0) : .list($0) }
        if let found {
            if wrapping { message = strings.text(run.backward ? .searchWrappedBottom : .searchWrappedTop) }
            return self.found(row(found))
        }
        if wrapping { return notFound(run.pattern) }
        // Grouped lines searched with every section open: their pages are not searched.
        return run.openRows ? searchWrapped(run, in: context) : searchUnloaded(run, in: context)
    }

    /// The rows before the start, after the rest found nothing.
    private mutating func searchWrapped(_ run: SearchRun, in context: FindContext) -> [FindEffect] {
        let range = run.openRows ? run.wrap : run.wrap.clamped(to: 0..<context.listRows)
        return startWalk(.search(run.pattern, rows: range, backward: run.backward, openRows: run.openRows), rows: range.count) {
            .searching($0, run, wrapping: true)
        }
    }

    /// The lines not loaded yet, for a line source that has more.
    private mutating func searchUnloaded(_ run: SearchRun, in context: FindContext) -> [FindEffect] {
        guard let feed = context.feed, feed.pages, feed.hasMore || feed.isOpen, feed.hasLoaded else {
            return searchWrapped(run, in: context)
        }
        // A scan finds a source line; grouped lines are not in source order, so their pages load.
        guard filter == nil, feed.scansWithoutLoading, !feed.grouped else {
            return startPagedSearch(run, in: context)
        }
        nextWalkID += 1
        work = .scanning(Walk(id: nextWalkID, background: true, rows: 0), run, percent: 0)
        return [.scan(id: nextWalkID, run.pattern, after: context.baseRows)]
    }

    mutating func scanned(_ run: SearchRun, _ scan: SourceScan?, in context: FindContext) -> [FindEffect] {
        switch scan {
        case nil:
            return startPagedSearch(run, in: context)
        case .found(let line):
            work = .awaitingMatch(PendingMatch(baseRow: line, backward: run.backward, pattern: run.pattern))
            return stateChanged(in: context)
        case .notFound:
            return searchWrapped(run, in: context)
        case .cancelled:
            return []
        }
    }

    /// The search's progress, `Searching… 8,000,000 lines — Esc cancels`: the count grouped as
    /// every other count is.
    func searching(_ lines: Int) -> String {
        strings.text(.searching, AppStrings.grouped(lines))
    }

    /// The source loads its pages for the search (`LoadGoal.ahead`), which reads them as they
    /// arrive.
    private mutating func startPagedSearch(_ run: SearchRun, in context: FindContext) -> [FindEffect] {
        let paged = PagedSearch(pattern: run.pattern, backward: run.backward, searchedThrough: context.listRows, wrap: run.wrap,
                                aheadEnds: context.feed?.aheadEnds ?? 0)
        work = .paging(paged, lines: context.baseRows, walk: nil)
        return [.loadAhead(.search)]
    }

    /// After every state: a search through the pages goes on, a match past the loaded rows
    /// is selected once loaded, and a filter loads pages while it does not fill the screen
    /// (not while a walk or a scan runs: one thing at a time).
    mutating func stateChanged(in context: FindContext) -> [FindEffect] {
        guard let feed = context.feed else { return [] }
        switch work {
        case .paging(var paged, let lines, _):
            guard let arrived = paged.newRows(rowCount: context.listRows) else { return pagedStep(feed, in: context) }
            // Pages are at most a few tens of thousands of lines: searched at once.
            let rows = arrived.clamped(to: 0..<context.listRows)
            return startWalk(.search(paged.pattern, rows: rows, backward: false, openRows: false), rows: rows.count, background: false) {
                .paging(paged, lines: lines, walk: $0)
            }
        case .awaitingMatch(var pending):
            if context.baseRows > pending.baseRow {
                work = .idle
                if pending.backward { message = strings.text(.searchWrappedBottom) }
                return found(.base(pending.baseRow))
            }
            guard !feed.isBusy, !feed.loadsThroughLine else { return [] }
            if !feed.hasMore || pending.requested {
                // The reactor gave the lines up: the input shrank since it was scanned.
                work = .idle
                return notFound(pending.pattern)
            }
            pending.requested = true
            work = .awaitingMatch(pending)
            return [.loadThrough(pending.baseRow)]
        case .idle, .filling:
            return loadForFilter(in: context)
        case .searching, .scanning, .filtering:
            return []
        }
    }

    /// The rows of a paged search that arrived were searched.
    mutating func pagedRowsSearched(found: Int?, in context: FindContext) -> [FindEffect] {
        guard case .paging(let paged, _, let walk) = work else { return [] }
        if let found {
            work = .idle
            if paged.backward { message = strings.text(.searchWrappedBottom) }
            return [.stopLoadingAhead] + self.found(.list(found))
        }
        work = .paging(paged, lines: context.baseRows, walk: walk)
        guard let feed = context.feed else { return [] }
        return pagedStep(feed, in: context)
    }

    private mutating func pagedStep(_ feed: FindContext.Feed, in context: FindContext) -> [FindEffect] {
        guard case .paging(let paged, _, _) = work else { return [] }
        switch paged.next(feed) {
        case .none:
            return []
        case .wrap:
            work = .idle
            return searchWrapped(SearchRun(pattern: paged.pattern, backward: paged.backward, wrap: paged.wrap), in: context)
        }
    }
}
