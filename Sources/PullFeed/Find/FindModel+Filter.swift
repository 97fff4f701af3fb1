import SearchEngine

/// Filter: the rows the pattern matches, computed again as the text changes (from the results
/// of shorter texts when it can), extended as rows arrive, and pages loaded while the rows shown
/// do not fill the screen.
extension FindModel {
    /// The prompt's text changed: the filter follows it (all rows for the empty text). An
    /// invalid text changes nothing: the prompt says why, the filter stays as it was.
    mutating func setFilter(_ prompt: FindPrompt, in context: FindContext) -> [FindEffect] {
        let (parsed, error) = prompt.parsed
        if error != nil { return [] }
        guard let pattern = parsed else { return removeFilter(in: context) }
        // A ranked filter shows its best row first, selected (as fzf does); another keeps the
        // row selected while it shows.
        let selecting = ranks(pattern) ? nil : context.selectedBaseRow.map(FilterSelection.base)
        return refilter(pattern, selecting: selecting, keepsApplied: true, in: context)
    }

    /// Whether the filter `pattern` shows its rows ranked by score: a fuzzy one with a term
    /// that is not inverse, unless sorting is off.
    func ranks(_ pattern: TextPattern) -> Bool {
        sortsFuzzy && pattern.fuzzy?.ranks == true
    }

    /// Filters the rows with `pattern`: at once when a result for it is kept, else from the
    /// fewest rows a kept result allows (in the background when they are many). The applied
    /// filter's rows are kept first (`keepsApplied`) if they cover every row.
    mutating func refilter(_ pattern: TextPattern, selecting: FilterSelection?, keepsApplied: Bool, in context: FindContext) -> [FindEffect] {
        var effects = stopWork()
        filterLoads = true
        let through = context.filterRowCount
        if keepsApplied, let applied = filter, context.filterCovered == through {
            filterResults.keep(applied, matches: context.filterShown, through: through, ranking: context.filterRanking)
        }
        let known = filterResults.best(for: pattern, through: through)
        // A kept result that lost its ranking only narrows the walk.
        if let known, known.pattern == pattern, known.ranking != nil || !ranks(pattern) {
            return effects + showFilter(pattern, matches: known.matches, through: through, selecting: selecting, walk: nil,
                                        ranking: known.ranking)
        }
        let run = FilterRun(pattern: pattern, through: through, selecting: selecting)
        effects += startWalk(.filter(pattern, through: through, candidates: known?.matches), rows: known?.matches.count ?? through) {
            .filtering($0, run, found: nil, walked: nil)
        }
        return effects
    }

    mutating func showFilter(_ pattern: TextPattern, matches: RowSet, through: Int, selecting: FilterSelection?, walk: Int?,
                             ranking: FilterRanking? = nil) -> [FindEffect] {
        filter = pattern
        return [.showFilter(pattern, matches: matches, through: through, selecting: selecting, walk: walk, ranking: ranking)]
    }

    /// Shows every row again, the selection back on the row it was on before the filter.
    mutating func removeFilter(in context: FindContext) -> [FindEffect] {
        let effects = stopWalk() + stopFilling()
        guard filter != nil else {
            filterOrigin = nil
            return effects
        }
        let origin = filterOrigin ?? context.selectedBaseRow
        filterOrigin = nil
        filter = nil
        return effects + [.removeFilter(selecting: origin)]
    }

    /// Before the list reloads after the rows changed: a filter takes in appended rows, or
    /// starts again on replaced ones, then selects as `keeping` says; a search in progress
    /// over replaced rows stops.
    mutating func rowsWillReload(replaced: Bool, keeping: FilterSelection?, dropped: Int = 0, in context: FindContext) -> [FindEffect] {
        // A stream dropped lines from its front while a search goes through its pages: the rows
        // moved up, and the search goes on from the same line (else a long search of a stream
        // past `--max-disk` stopped itself).
        if dropped > 0, filter == nil, context.feed?.grouped == false {
            switch work {
            case .paging(var paged, let lines, let walk) where !hasBackgroundWork:
                paged.rowsDropped(dropped)
                work = .paging(paged, lines: lines, walk: walk)
                return []
            case .searching(_, let run, _) where !run.openRows:
                // A walk over many rows was under way (the user searched while the stream read
                // on): its rows moved, so it starts again from the selection, where the list kept
                // it, rather than stopping.
                let queued = queuedNext
                let effects = stopWork()
                queuedNext = queued
                return effects + [.searchFromSelection(run.pattern, backward: run.backward)]
            default:
                break
            }
        }
        guard replaced else {
            guard filter != nil, !isFiltering, context.filterCovered < context.filterRowCount else { return [] }
            return [.extendFilter]
        }
        var selecting = keeping
        // The place to keep, while the filter of the rows before was still computed (the list
        // showed none of them): the place that computation was to keep.
        if case .place(nil)? = keeping {
            selecting = nil
            if case .filtering(_, let run, _, _) = work, case .place? = run.selecting { selecting = run.selecting }
        }
        filterResults.removeAll()
        var effects: [FindEffect] = []
        if isSearching {
            effects += stopWork()
            message = strings.text(.searchCancelled)
        }
        guard let pattern = filter else { return effects }
        effects.append(.clearFilterRows(pattern))
        return effects + refilter(pattern, selecting: selecting, keepsApplied: false, in: context)
    }

    /// Has the source load pages while the filtered rows do not fill the screen (line sources),
    /// as the goal `LoadGoal.ahead`: the source asks for page after page, and waits for lines
    /// that come by themselves when one brought none (a file still counted past its lines
    /// counted so far); the filter stops it once the screen is full.
    mutating func loadForFilter(in context: FindContext) -> [FindEffect] {
        guard filter != nil, filterLoads, let feed = context.feed, feed.pages, feed.hasLoaded, feed.hasMore,
              !feed.isRefreshing, !context.fillsScreen else {
            return stopFilling()
        }
        let asks = if case .filling = work { !feed.loadsAhead } else { true }
        work = .filling(loading: asks || feed.isLoadingMore)
        return asks ? [.loadAhead(.filter)] : []
    }
}
