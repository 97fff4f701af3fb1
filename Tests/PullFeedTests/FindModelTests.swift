@testable import PullFeed
import SearchEngine
import Testing
import TerminalUI

/// Search and filter as a value, without a screen: the events a screen sends, with the facts of
/// the moment, and the effects and status texts that come back. Walks are answered by hand (the
/// row a walk "found"), as the screen answers them after reading its rows.
@Suite struct FindModelTests {
    let strings = AppStrings(language: .english)

    func pattern(_ text: String) -> TextPattern { try! TextPattern(text, syntax: .regularExpression)! }

    func model() -> FindModel { FindModel(strings: strings) }

    /// A list of `rows` rows, all loaded; a line source with pages when `feed` is given.
    func context(rows: Int = 20, selected: Int? = nil, feed: FindContext.Feed? = nil) -> FindContext {
        FindContext(listRows: rows, baseRows: rows, selectedBaseRow: selected, fillsScreen: true, feed: feed)
    }

    /// Types `text` into the open prompt, one key at a time; the effects of the last key.
    @discardableResult
    func type(_ text: String, into model: inout FindModel, _ context: FindContext) -> [FindEffect] {
        var last: [FindEffect] = []
        for c in text { last = model.handle(.promptInput(.key(.character(c))), in: context) }
        return last
    }

    /// Opens the search prompt, types `text` and presses Enter: the model asks to search from
    /// the selection.
    func submitSearch(_ text: String, into model: inout FindModel, _ context: FindContext) {
        _ = model.handle(.open(.search), in: context)
        type(text, into: &model, context)
        #expect(model.handle(.promptInput(.key(.enter)), in: context)
                == [.holdAutoRefresh(false), .searchFromSelection(pattern(text), backward: false)])
    }

    /// The walk asked for among `effects`.
    func walk(in effects: [FindEffect]) -> FindWalk? {
        for case .walk(let walk) in effects { return walk }
        return nil
    }

    // MARK: Search

    /// The first walk starts after the selection (before it, backward; everything without a
    /// selection); a match is selected.
    @Test func searchWalksFromTheSelection() {
        let table: [(backward: Bool, selected: Int?, first: Range<Int>)] = [
            (false, 3, 4..<20), (true, 3, 0..<3), (false, nil, 0..<20), (true, nil, 0..<20), (false, 19, 20..<20),
        ]
        for (backward, selected, first) in table {
            var m = model()
            let x = pattern("x")
            let effects = m.handle(.search(x, backward: backward, space: SearchSpace(rows: 20, selected: selected)), in: context())
            #expect(effects == [.highlight(x), .walk(FindWalk(id: 1, kind: .search(x, rows: first, backward: backward, openRows: false), background: false))])
            #expect(m.lastSearch == x)
            #expect(m.handle(.walkFinished(id: 1, .search(found: 9)), in: context()) == [.select(.list(9))])
            #expect(m.statusText == nil && !m.isBusy)
        }
    }

    @Test func enterInTheSearchPromptSearchesFromTheSelection() {
        var m = model()
        #expect(m.handle(.open(.search), in: context()) == [.holdAutoRefresh(true)])
        #expect(m.isPrompting)
        type("l1", into: &m, context())
        #expect(m.queryText == "l1")
        #expect(m.handle(.promptInput(.key(.enter)), in: context())
                == [.holdAutoRefresh(false), .searchFromSelection(pattern("l1"), backward: false)])
        #expect(!m.isPrompting)
    }

    /// Nothing after the selection: the rows before it are walked, and a match there says the
    /// search wrapped.
    @Test func aSearchWrapsBothWays() {
        let table: [(backward: Bool, wrap: Range<Int>, message: String)] = [
            (false, 0..<4, "Search wrapped to the top"),
            (true, 3..<20, "Search wrapped to the bottom"),
        ]
        for (backward, wrap, message) in table {
            var m = model()
            let x = pattern("x")
            _ = m.handle(.search(x, backward: backward, space: SearchSpace(rows: 20, selected: 3)), in: context())
            let wrapping = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context())
            #expect(wrapping == [.walk(FindWalk(id: 2, kind: .search(x, rows: wrap, backward: backward, openRows: false), background: false))])
            #expect(m.handle(.walkFinished(id: 2, .search(found: 1)), in: context()) == [.select(.list(1))])
            #expect(m.statusText == message)
            // The next key takes the message away.
            #expect(m.handle(.keyPressed, in: context()) == [])
            #expect(m.statusText == nil)
        }
    }

    @Test func aSearchWithNoMatchSaysSoAndSelectsNothing() {
        var m = model()
        let x = pattern("zzz")
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 2)), in: context())
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context())
        #expect(m.handle(.walkFinished(id: 2, .search(found: nil)), in: context()) == [])
        #expect(m.statusText == "Pattern not found: zzz")
    }

    /// A message goes when its time is up: only the expiry of the message set last takes it
    /// away (the same message set again starts its time again).
    @Test func aMessageGoesWhenTheLastOnesTimeIsUp() {
        var m = model()
        let x = pattern("zzz")
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 2)), in: context())
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context())
        _ = m.handle(.walkFinished(id: 2, .search(found: nil)), in: context())
        let first = m.messageGeneration
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 2)), in: context())
        _ = m.handle(.walkFinished(id: 3, .search(found: nil)), in: context())
        _ = m.handle(.walkFinished(id: 4, .search(found: nil)), in: context())
        #expect(m.messageGeneration != first)
        #expect(m.handle(.messageExpired(generation: first), in: context()) == [])
        #expect(m.statusText == "Pattern not found: zzz")
        #expect(m.handle(.messageExpired(generation: m.messageGeneration), in: context()) == [])
        #expect(m.statusText == nil)
    }

    @Test func nextAndPreviousRepeatTheLastSearchOnly() {
        var m = model()
        #expect(m.handle(.next(backward: false), in: context()) == [])
        #expect(m.handle(.next(backward: true), in: context()) == [])
        #expect(m.statusText == nil && m.lastSearch == nil)
        submitSearch("l1", into: &m, context())
        _ = m.handle(.search(pattern("l1"), backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context())
        #expect(m.handle(.next(backward: true), in: context()) == [.searchFromSelection(pattern("l1"), backward: true)])
        #expect(m.handle(.next(backward: false), in: context()) == [.searchFromSelection(pattern("l1"), backward: false)])
    }

    @Test func anEmptySearchRepeatsTheLastAndAnInvalidOneSearchesNothing() {
        var m = model()
        submitSearch("ab", into: &m, context())
        _ = m.handle(.search(pattern("ab"), backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context())
        _ = m.handle(.open(.search), in: context())
        #expect(m.handle(.promptInput(.key(.enter)), in: context()) == [.holdAutoRefresh(false), .searchFromSelection(pattern("ab"), backward: false)])
        _ = m.handle(.open(.search), in: context())
        type("(", into: &m, context())
        #expect(m.handle(.promptInput(.key(.enter)), in: context()) == [.holdAutoRefresh(false)])
        #expect(m.statusText?.hasPrefix("Invalid pattern: ") == true)
    }

    /// Grouped lines with a folded section are searched with every section open, and the
    /// rows there are the ones selected (the screen unfolds the section); no page is loaded.
    @Test func aSearchInOpenRowsSelectsAnOpenRowAndWrapsThere() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(grouped: true, hasMore: true)
        let effects = m.handle(.search(x, backward: false, space: SearchSpace(rows: 30, selected: 5, openRows: true)), in: context(feed: feed))
        #expect(walk(in: effects)?.kind == .search(x, rows: 6..<30, backward: false, openRows: true))
        let wrapping = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        #expect(wrapping == [.walk(FindWalk(id: 2, kind: .search(x, rows: 0..<6, backward: false, openRows: true), background: false))])
        #expect(m.handle(.walkFinished(id: 2, .search(found: 2)), in: context(feed: feed)) == [.select(.open(2))])
    }

    // MARK: Past the loaded rows

    /// A source with more pages and no scan: the pages load one by one and each is searched as
    /// it arrives; the match in a later page is selected.
    @Test func aSearchPastTheLoadedRowsLoadsPagesUntilItFindsTheMatch() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        #expect(m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed)) == [.loadAhead(.search)])
        #expect(m.isBusy)
        #expect(m.statusText == "Searching… 20 lines — Esc cancels")
        var loading = feed
        loading.isLoadingMore = true
        loading.loadsAhead = true
        #expect(m.handle(.stateChanged, in: context(feed: loading)) == [])
        // A page arrives: its rows are searched; the source loads the next one by itself.
        let effects = m.handle(.stateChanged, in: context(rows: 40, feed: loading))
        #expect(effects == [.walk(FindWalk(id: 2, kind: .search(x, rows: 20..<40, backward: false, openRows: false), background: false))])
        #expect(m.handle(.walkFinished(id: 2, .search(found: nil)), in: context(rows: 40, feed: loading)) == [])
        #expect(m.statusText == "Searching… 40 lines — Esc cancels")
        _ = m.handle(.stateChanged, in: context(rows: 60, feed: loading))
        // Found: the source is told the pages are no longer wanted.
        #expect(m.handle(.walkFinished(id: 3, .search(found: 55)), in: context(rows: 60, feed: loading)) == [.stopLoadingAhead, .select(.list(55))])
        #expect(!m.isBusy && m.statusText == nil)
    }

    /// The progress of a search through many lines groups its count as every count does.
    @Test func aSearchsProgressGroupsItsCount() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        _ = m.handle(.stateChanged, in: context(rows: 7_999_999, feed: feed))
        _ = m.handle(.walkFinished(id: 2, .search(found: nil)), in: context(rows: 7_999_999, feed: feed))
        #expect(m.statusText == "Searching… 7,999,999 lines — Esc cancels")
        let scanning = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: scanning))
        _ = m.handle(.walkFinished(id: 3, .search(found: nil)), in: context(feed: scanning))
        _ = m.handle(.walkFinished(id: 4, .scan(.found(1_234_566))), in: context(feed: scanning))
        #expect(m.statusText == "Searching… 1,234,567 lines — Esc cancels")
    }

    /// A stream drops lines from its front (`--max-disk`) while a search goes through its
    /// pages: the search goes on, and searches only the rows that arrived after those it
    /// searched, moved up by as many as were dropped. A refresh's new rows still stop it.
    @Test func aPagedSearchGoesOnWhenAStreamDropsItsFirstLines() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(hasMore: true, isOpen: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        #expect(m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed)) == [.loadAhead(.search)])
        _ = m.handle(.stateChanged, in: context(rows: 40, feed: feed))
        #expect(m.handle(.walkFinished(id: 2, .search(found: nil)), in: context(rows: 40, feed: feed)) == [])
        // 30 lines dropped and 50 arrived: 40 - 30 rows were searched, 60 are new.
        #expect(m.handle(.rowsWillReload(replaced: true, dropped: 30), in: context(rows: 70, feed: feed)) == [])
        #expect(m.isSearching && m.statusText != strings.text(.searchCancelled))
        let effects = m.handle(.stateChanged, in: context(rows: 70, feed: feed))
        #expect(effects == [.walk(FindWalk(id: 3, kind: .search(x, rows: 10..<70, backward: false, openRows: false), background: false))])
        #expect(m.handle(.walkFinished(id: 3, .search(found: 65)), in: context(rows: 70, feed: feed)) == [.stopLoadingAhead, .select(.list(65))])
        // A drop while the walk over the rows after the selection runs (many rows, in the
        // background): the walk starts again from the selection, and the search goes on.
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 50_000, selected: 0)), in: context(rows: 50_000, feed: feed))
        #expect(m.hasBackgroundWork)
        let restarted = m.handle(.rowsWillReload(replaced: true, dropped: 30), in: context(rows: 49_990, feed: feed))
        #expect(restarted == [.cancelWork, .searchFromSelection(x, backward: false)])
        #expect(m.statusText != strings.text(.searchCancelled))
        // Rows a refresh replaced are another matter: the search stops.
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 5, .search(found: nil)), in: context(feed: feed))
        #expect(m.isSearching)
        _ = m.handle(.rowsWillReload(replaced: true), in: context(rows: 20, feed: feed))
        #expect(!m.isSearching && m.statusText == strings.text(.searchCancelled))
    }

    /// The source read to its end without a match: the rows before the start are searched.
    @Test func aPagedSearchWrapsOnceTheSourceIsReadToItsEnd() {
        var m = model()
        let x = pattern("x")
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 4)), in: context(feed: .init(hasMore: true)))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: .init(hasMore: true)))
        let ended = m.handle(.stateChanged, in: context(feed: .init(hasMore: false)))
        #expect(ended == [.walk(FindWalk(id: 2, kind: .search(x, rows: 0..<5, backward: false, openRows: false), background: false))])
        #expect(m.handle(.walkFinished(id: 2, .search(found: 3)), in: context()) == [.select(.list(3))])
        #expect(m.statusText == "Search wrapped to the top")
    }

    /// A source that scans its input finds the line without loading; the lines through it are
    /// loaded, then it is selected.
    @Test func aScanFindsAMatchPastTheLoadedLinesAndItIsSelectedOnceLoaded() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        #expect(m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed)) == [.scan(id: 2, x, after: 20)])
        #expect(m.statusText == "Searching… 0% — Esc cancels")
        #expect(m.handle(.scanProgress(id: 2, percent: 40), in: context(feed: feed)) == [])
        #expect(m.statusText == "Searching… 40% — Esc cancels")
        #expect(m.handle(.walkFinished(id: 2, .scan(.found(500))), in: context(feed: feed)) == [.loadThrough(500)])
        #expect(m.statusText == "Searching… 501 lines — Esc cancels")
        // Asked once: the reactor loads the pages through it (its goal), page after page.
        var loading = feed
        loading.isLoadingMore = true
        loading.loadsThroughLine = true
        #expect(m.handle(.stateChanged, in: context(feed: loading)) == [])
        var pursuing = feed
        pursuing.loadsThroughLine = true
        #expect(m.handle(.stateChanged, in: context(rows: 500, feed: pursuing)) == [])
        // The line itself is enough.
        #expect(m.handle(.stateChanged, in: context(rows: 501, feed: pursuing)) == [.select(.base(500))])
        #expect(!m.isBusy && m.statusText == nil)
        // Backward, a match past the loaded lines is after the start: the search wrapped.
        _ = m.handle(.search(x, backward: true, space: SearchSpace(rows: 20, selected: 10)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 3, .search(found: nil)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 4, .scan(.found(30))), in: context(feed: feed))
        #expect(m.handle(.stateChanged, in: context(rows: 40, feed: feed)) == [.select(.base(30))])
        #expect(m.statusText == "Search wrapped to the bottom")
    }

    @Test func aScanThatFindsNothingWrapsAndOneThatCannotScanLoadsPages() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 9)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        #expect(walk(in: m.handle(.walkFinished(id: 2, .scan(.notFound)), in: context(feed: feed)))?.kind
                == .search(x, rows: 0..<10, backward: false, openRows: false))
        _ = m.handle(.next(backward: false), in: context(feed: feed))
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 9)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 4, .search(found: nil)), in: context(feed: feed))
        #expect(m.handle(.walkFinished(id: 5, .scan(nil)), in: context(feed: feed)) == [.loadAhead(.search)])
    }

    /// The line scanned is gone by the time it is loaded (the input shrank): not found.
    @Test func aPendingMatchThatNeverLoadsIsNotFound() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 2, .scan(.found(500))), in: context(feed: feed))
        #expect(m.handle(.stateChanged, in: context(rows: 300, feed: .init(hasMore: false))) == [])
        #expect(m.statusText == "Pattern not found: x")
    }

    /// The reactor gave the lines up (a page added nothing: the input shrank since it was
    /// scanned): not found, and not asked again.
    @Test func aPendingMatchTheReactorGaveUpIsNotFound() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        #expect(m.handle(.walkFinished(id: 2, .scan(.found(500))), in: context(feed: feed)) == [.loadThrough(500)])
        #expect(m.handle(.stateChanged, in: context(rows: 300, feed: feed)) == [])
        #expect(m.statusText == "Pattern not found: x")
    }

    /// Esc stops the search: nothing more is loaded, the rows loaded stay, and a late result
    /// of the cancelled scan changes nothing.
    @Test func cancelStopsTheSearchAndKeepsWhatWasLoaded() {
        var m = model()
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        #expect(m.isBusy)
        #expect(m.handle(.cancel, in: context(feed: feed)) == [.cancelWork])
        #expect(!m.isBusy && m.statusText == "Search cancelled")
        #expect(m.handle(.walkFinished(id: 2, .scan(.found(500))), in: context(feed: feed)) == [])
        #expect(m.handle(.stateChanged, in: context(rows: 40, feed: feed)) == [])
        // A paged search too: no more pages, nothing taken away.
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 40, selected: 0)), in: context(rows: 40, feed: .init(hasMore: true)))
        #expect(m.handle(.walkFinished(id: 3, .search(found: nil)), in: context(rows: 40, feed: .init(hasMore: true))) == [.loadAhead(.search)])
        #expect(m.handle(.cancel, in: context(rows: 40, feed: .init(hasMore: true))) == [.stopLoadingAhead])
        #expect(m.handle(.stateChanged, in: context(rows: 60, feed: .init(hasMore: true))) == [])
        #expect(m.statusText == "Search cancelled")
        // With nothing in progress, cancel has nothing to stop.
        #expect(m.handle(.cancel, in: context()) == [])
    }

    /// A walk over many rows runs in the background and the status line says so.
    @Test func progressWhileAWalkRunsInTheBackground() {
        var m = model()
        let x = pattern("x")
        let rows = FindModel.syncRows + 1
        let effects = m.handle(.search(x, backward: false, space: SearchSpace(rows: rows + 1, selected: 0)), in: context(rows: rows + 1))
        #expect(walk(in: effects)?.background == true)
        #expect(m.isBusy)
        #expect(m.statusText == "Searching… \(AppStrings.grouped(rows)) lines — Esc cancels")
        #expect(m.handle(.walkFinished(id: 1, .search(found: 7)), in: context(rows: rows + 1)) == [.select(.list(7))])
        #expect(!m.isBusy && m.statusText == nil)
    }

    /// `n` and `N` pressed while a search still runs are not lost (they were: each began the
    /// search again from the same selection, so `n n n` moved one match): they wait, and each
    /// searches from the match the one before it found, in order, as in `less`.
    @Test func nextAndPreviousWhileASearchRunsWaitTheirTurn() {
        var m = model()
        let x = pattern("x")
        let rows = FindModel.syncRows * 2
        let c = context(rows: rows)
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: rows, selected: 0)), in: c)
        #expect(m.handle(.next(backward: false), in: c) == [])
        #expect(m.handle(.next(backward: true), in: c) == [])
        #expect(m.isBusy)
        #expect(m.handle(.walkFinished(id: 1, .search(found: 7)), in: c)
                == [.select(.list(7)), .searchFromSelection(x, backward: false)])
        let second = m.handle(.search(x, backward: false, space: SearchSpace(rows: rows, selected: 7)), in: c)
        #expect(walk(in: second)?.id == 2)
        #expect(m.handle(.walkFinished(id: 2, .search(found: 30_000)), in: c)
                == [.select(.list(30_000)), .searchFromSelection(x, backward: true)])
        _ = m.handle(.search(x, backward: true, space: SearchSpace(rows: rows, selected: 30_000)), in: c)
        #expect(m.handle(.walkFinished(id: 3, .search(found: 7)), in: c) == [.select(.list(7))])
        #expect(!m.isBusy)

        // Esc forgets them with the search; a search that finds nothing ends them too.
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: rows, selected: 7)), in: c)
        _ = m.handle(.next(backward: false), in: c)
        _ = m.handle(.cancel, in: c)
        #expect(!m.isBusy)
        #expect(m.handle(.next(backward: false), in: c) == [.searchFromSelection(x, backward: false)])
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: rows, selected: 7)), in: c)
        _ = m.handle(.next(backward: false), in: c)
        #expect(m.handle(.walkFinished(id: 5, .search(found: nil)), in: c) == [walkAt(6, wrap: 0..<8)])
        #expect(m.handle(.walkFinished(id: 6, .search(found: nil)), in: c) == [])
        #expect(m.statusText == "Pattern not found: x")
        #expect(m.handle(.next(backward: false), in: c) == [.searchFromSelection(x, backward: false)])
    }

    /// The walk (id `id`) of a search for "x" over the rows before its start, `wrap`.
    private func walkAt(_ id: Int, wrap: Range<Int>) -> FindEffect {
        .walk(FindWalk(id: id, kind: .search(pattern("x"), rows: wrap, backward: false, openRows: false), background: false))
    }

    // MARK: Filter

    /// Each character filters again, from the rows of the shorter text; a deleted character
    /// goes back to the earlier result at once (no walk).
    @Test func aFilterTypedCharacterByCharacterReusesShorterResults() {
        var m = model()
        let (e, er) = (pattern("e"), pattern("er"))
        let (eRows, erRows) = (RowSet([1, 4, 7, 9]), RowSet([4, 9]))
        var c = context(rows: 100, selected: 7)
        #expect(m.handle(.open(.filter), in: c) == [.holdAutoRefresh(true)])
        #expect(type("e", into: &m, c) == [.walk(FindWalk(id: 1, kind: .filter(e, through: 100, candidates: nil), background: false))])
        #expect(m.handle(.walkFinished(id: 1, .filter(eRows)), in: c)
                == [.showFilter(e, matches: eRows, through: 100, selecting: .base(7), walk: 1)])
        #expect(m.filter == e && m.queryText == "e")
        c.filterCovered = 100
        c.filterShown = eRows
        c.listRows = eRows.count
        #expect(type("r", into: &m, c) == [.walk(FindWalk(id: 2, kind: .filter(er, through: 100, candidates: eRows), background: false))])
        _ = m.handle(.walkFinished(id: 2, .filter(erRows)), in: c)
        c.filterShown = erRows
        c.listRows = erRows.count
        #expect(m.handle(.promptInput(.key(.backspace)), in: c) == [.showFilter(e, matches: eRows, through: 100, selecting: .base(7), walk: nil)])
        // More rows loaded since: the kept results are for fewer rows, so a walk runs.
        c.baseRows = 120
        #expect(walk(in: type("r", into: &m, c))?.kind == .filter(er, through: 120, candidates: nil))
    }

    /// A filter whose rows do not fill the screen asks for pages until they do, and stops
    /// asking after a failed page or Esc.
    /// A fuzzy filter (`--fuzzy`) selects its best row (the first) rather than keeping the
    /// selection, narrows from the shorter text's rows, and a Backspace shows the earlier rows
    /// in their ranked order at once; a ranking older than the newest four is dropped, and its
    /// text then walks again (from its rows) to be ranked.
    @Test func aFuzzyFilterSelectsItsBestRowAndKeepsItsRankings() throws {
        var m = model()
        m.fuzzyFilter = true
        let fuzzy = { (text: String) in try! TextPattern(text, syntax: .fuzzy)! }
        var c = context(rows: 100, selected: 7)
        _ = m.handle(.open(.filter), in: c)
        #expect(m.prompt?.syntax == .fuzzy)
        #expect(type("a", into: &m, c) == [.walk(FindWalk(id: 1, kind: .filter(fuzzy("a"), through: 100, candidates: nil), background: false))])
        let aRows = RowSet([2, 5, 9])
        let aRanking = FilterRanking(keys: [FuzzyQuery.rankKey(score: 40, length: 3, row: 9), FuzzyQuery.rankKey(score: 30, length: 3, row: 2),
                                            FuzzyQuery.rankKey(score: 30, length: 3, row: 5)])
        #expect(aRanking.rows == [9, 2, 5])
        #expect(m.handle(.walkFinished(id: 1, .filter(aRows, ranking: aRanking)), in: c)
                == [.showFilter(fuzzy("a"), matches: aRows, through: 100, selecting: nil, walk: 1, ranking: aRanking)])
        c.filterCovered = 100
        c.filterShown = aRows
        c.filterRanking = aRanking
        #expect(walk(in: type("b", into: &m, c))?.kind == .filter(fuzzy("ab"), through: 100, candidates: aRows))
        _ = m.handle(.walkFinished(id: 2, .filter(RowSet([9]), ranking: FilterRanking(keys: [FuzzyQuery.rankKey(score: 50, length: 3, row: 9)]))), in: c)
        #expect(m.handle(.promptInput(.key(.backspace)), in: c)
                == [.showFilter(fuzzy("a"), matches: aRows, through: 100, selecting: nil, walk: nil, ranking: aRanking)])
        // Four more ranked texts: the ranking of `a` is no longer kept.
        for (i, text) in ["c", "d", "e", "f"].enumerated() {
            _ = m.handle(.promptInput(.key(.ctrl("u"))), in: c)
            _ = type(text, into: &m, c)
            _ = m.handle(.walkFinished(id: 3 + i, .filter(RowSet([1]), ranking: FilterRanking(keys: [FuzzyQuery.rankKey(score: 1, length: 1, row: 1)]))), in: c)
        }
        _ = m.handle(.promptInput(.key(.ctrl("u"))), in: c)
        #expect(walk(in: type("a", into: &m, c))?.kind == .filter(fuzzy("a"), through: 100, candidates: aRows))
    }

    @Test func aFilterLoadsPagesUntilItFillsTheScreen() {
        for stop in [FindEvent.loadFailed, .cancel] { filterFill(stoppedBy: stop) }
    }

    func filterFill(stoppedBy stop: FindEvent) {
        var m = model()
        let e = pattern("e")
        let feed = FindContext.Feed(hasMore: true)
        var c = context(rows: 100, selected: 0, feed: feed)
        c.fillsScreen = false
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([3]))), in: c)
        c.filterCovered = 100
        c.filterShown = RowSet([3])
        #expect(m.handle(.stateChanged, in: c) == [.loadAhead(.filter)])
        #expect(m.isBusy && m.statusText == "Filtering… — Esc cancels")
        // The source loads page after page (its goal): nothing more is asked.
        c.feed?.loadsAhead = true
        c.feed?.isLoadingMore = true
        #expect(m.handle(.stateChanged, in: c) == [])
        // The page arrives: appended rows are filtered.
        c.baseRows = 200
        #expect(m.handle(.rowsWillReload(replaced: false), in: c) == [.extendFilter])
        c.filterCovered = 200
        #expect(m.handle(.stateChanged, in: c) == [])
        // A page that brings nothing (a file counted no further yet): the source waits for
        // rows to come by themselves, and the filter says it works no longer meanwhile.
        c.feed?.isLoadingMore = false
        #expect(m.handle(.stateChanged, in: c) == [])
        #expect(!m.isBusy && m.statusText == nil)
        c.baseRows = 250
        c.feed?.isLoadingMore = true
        _ = m.handle(.rowsWillReload(replaced: false), in: c)
        c.filterCovered = 250
        #expect(m.handle(.stateChanged, in: c) == [])
        #expect(m.isBusy)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        #expect(m.filter == e)
        #expect(m.handle(stop, in: c) == [.stopLoadingAhead])
        #expect(!m.isBusy && m.statusText == nil)
        #expect(m.handle(.stateChanged, in: c) == [])
        // Rows that fill the screen ask for nothing either.
        var filled = c
        filled.fillsScreen = true
        _ = m.handle(.open(.filter), in: filled)
        type("x", into: &m, filled)
        _ = m.handle(.walkFinished(id: 2, .filter(RowSet(0..<50))), in: filled)
        #expect(m.handle(.stateChanged, in: filled) == [])
    }

    /// The rows the source loaded for the filter fill the screen: the filter stops its goal.
    @Test func aFilterStopsLoadingOnceItFillsTheScreen() {
        var m = model()
        var c = context(rows: 100, selected: 0, feed: FindContext.Feed(hasMore: true))
        c.fillsScreen = false
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([3]))), in: c)
        c.filterCovered = 100
        #expect(m.handle(.stateChanged, in: c) == [.loadAhead(.filter)])
        c.feed?.loadsAhead = true
        c.fillsScreen = true
        #expect(m.handle(.stateChanged, in: c) == [.stopLoadingAhead])
        #expect(!m.isBusy)
        // Asked again once it no longer fills the screen; no more to come: it stops asking.
        c.fillsScreen = false
        c.feed?.loadsAhead = false
        #expect(m.handle(.stateChanged, in: c) == [.loadAhead(.filter)])
        c.feed = FindContext.Feed(hasMore: false)
        #expect(m.handle(.stateChanged, in: c) == [.stopLoadingAhead])
    }

    /// Esc takes an applied filter away and the selection goes back where it was before the
    /// filter; Esc in the filter prompt does the same.
    @Test func escRemovesTheFilterAndRestoresTheOriginRow() {
        var m = model()
        var c = context(rows: 100, selected: 42)
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([1, 4]))), in: c)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        c.selectedBaseRow = 4
        #expect(m.canUndo)
        #expect(m.handle(.escape, in: c) == [.removeFilter(selecting: 42)])
        #expect(m.filter == nil && m.queryText == "")
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 2, .filter(RowSet([1, 4]))), in: c)
        #expect(m.handle(.promptInput(.key(.escape)), in: c) == [.holdAutoRefresh(false), .removeFilter(selecting: 4)])
        // No filter, nothing to take away: Esc quits.
        #expect(!m.canUndo)
        #expect(m.handle(.escape, in: c) == [])
    }

    /// Esc undoes the find state one step a press, so that an Esc meant to cancel a search
    /// that ends just before it clears what the search shows instead of quitting: a search
    /// in progress stops and its matches go, else the search's matches go (the filter's come
    /// back), else the filter goes; only then is there nothing to undo.
    @Test func escUndoesASearchItsMatchesAndTheFilterOneStepAPress() {
        let x = pattern("x")
        let feed = FindContext.Feed(scansWithoutLoading: true, hasMore: true)
        // A search that ended: its matches go, then nothing is left.
        var m = model()
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context())
        _ = m.handle(.walkFinished(id: 1, .search(found: 9)), in: context())
        #expect(m.canUndo && m.shownSearch == x)
        #expect(m.handle(.escape, in: context()) == [.highlight(nil)])
        #expect(!m.canUndo && m.shownSearch == nil)
        #expect(m.handle(.escape, in: context()) == [])
        // `n` marks them again.
        #expect(m.handle(.next(backward: false), in: context()) == [.searchFromSelection(x, backward: false)])
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 9)), in: context())
        #expect(m.shownSearch == x)
        // A search still running (a scan past the loaded lines): one Esc stops it and takes
        // its matches away, as if it had ended just before.
        m = model()
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 20, selected: 0)), in: context(feed: feed))
        _ = m.handle(.walkFinished(id: 1, .search(found: nil)), in: context(feed: feed))
        #expect(m.isBusy)
        #expect(m.handle(.escape, in: context(feed: feed)) == [.highlight(nil), .cancelWork])
        #expect(!m.canUndo && m.statusText == "Search cancelled")
        // A filter kept with Enter and a search in it: the search's matches, then the filter.
        m = model()
        var c = context(rows: 100, selected: 42)
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([1, 4]))), in: c)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        let e = pattern("e")
        _ = m.handle(.search(x, backward: false, space: SearchSpace(rows: 2, selected: 0)), in: c)
        _ = m.handle(.walkFinished(id: 2, .search(found: 1)), in: c)
        c.selectedBaseRow = 4
        #expect(m.handle(.escape, in: c) == [.highlight(e)])
        #expect(m.filter == e && m.canUndo)
        #expect(m.handle(.escape, in: c) == [.removeFilter(selecting: 42)])
        #expect(!m.canUndo && m.shownSearch == nil)
        // Ctrl-C (`cancel`) with nothing running still has nothing to stop.
        #expect(m.handle(.cancel, in: c) == [])
    }

    /// Tab and Shift-Tab in the filter prompt mark the selected row and move; the prompt and
    /// the filter stay as they are.
    @Test func tabInTheFilterPromptMarksAndKeepsThePromptOpen() {
        var m = model()
        let c = context(rows: 100, selected: 3)
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        #expect(m.handle(.promptInput(.key(.tab)), in: c) == [.toggleMark(down: true)])
        #expect(m.handle(.promptInput(.key(.backTab)), in: c) == [.toggleMark(down: false)])
        #expect(m.isPrompting && m.prompt?.text == "e")
    }

    /// New rows replace the old: a search over them stops, and the filter starts again on
    /// the new rows with nothing selected.
    @Test func replacedRowsStopTheSearchAndFilterAgain() {
        var m = model()
        let e = pattern("e")
        var c = context(rows: 100, selected: 0, feed: .init(hasMore: true))
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([1]))), in: c)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        _ = m.handle(.search(pattern("x"), backward: false, space: SearchSpace(rows: 1, selected: 0)), in: c)
        _ = m.handle(.walkFinished(id: 2, .search(found: nil)), in: c)
        #expect(m.isSearching)
        c.baseRows = 50
        // The search's pages are no longer wanted.
        #expect(m.handle(.rowsWillReload(replaced: true), in: c)
                == [.stopLoadingAhead, .clearFilterRows(e), .walk(FindWalk(id: 3, kind: .filter(e, through: 50, candidates: nil), background: false))])
        #expect(m.statusText == "Filtering… — Esc cancels")
        #expect(m.handle(.walkFinished(id: 3, .filter(RowSet([2]))), in: c) == [.showFilter(e, matches: RowSet([2]), through: 50, selecting: nil, walk: 3)])
        #expect(m.statusText == "Search cancelled")
    }

    /// Rows replaced under the filter by a refresh that keeps the place: the filter, computed
    /// again (in the background for many rows), selects the place's item. A second refresh
    /// before it is done (the list shows no row, so the screen has no place) keeps the same
    /// place; one that goes back to the top keeps none.
    @Test func aFilterComputedAgainOverReplacedRowsKeepsThePlace() {
        var m = model()
        let e = pattern("e")
        let rows = FindModel.syncRows * 2
        let c = context(rows: rows, selected: 0)
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([1, 40]))), in: c)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        let place = ListPlace(index: 1, identity: AnyHashable(UInt64(40)), screenRow: 12)
        #expect(walk(in: m.handle(.rowsWillReload(replaced: true, keeping: .place(place)), in: c))?.background == true)
        #expect(m.handle(.rowsWillReload(replaced: true, keeping: .place(nil)), in: c)
                == [.clearFilterRows(e), .cancelWork, .walk(FindWalk(id: 3, kind: .filter(e, through: rows, candidates: nil), background: true))])
        #expect(m.handle(.walkFinished(id: 3, .filter(RowSet([2, 41]))), in: c)
                == [.showFilter(e, matches: RowSet([2, 41]), through: rows, selecting: .place(place), walk: 3)])
        #expect(m.statusText == nil, "no search was cancelled")

        _ = m.handle(.rowsWillReload(replaced: true, keeping: .place(place)), in: c)
        _ = m.handle(.rowsWillReload(replaced: true), in: c)
        #expect(m.handle(.walkFinished(id: 5, .filter(RowSet([3]))), in: c)
                == [.showFilter(e, matches: RowSet([3]), through: rows, selecting: nil, walk: 5)])
    }

    /// A filter walk over many rows: the title counts the matches found so far.
    @Test func aLongFilterWalkCountsItsMatchesAsItGoes() {
        var m = model()
        let rows = FindModel.syncRows * 2
        let c = context(rows: rows)
        _ = m.handle(.open(.filter), in: c)
        let effects = type("e", into: &m, c)
        #expect(walk(in: effects)?.background == true)
        #expect(m.partialShownCount == nil)
        #expect(m.handle(.filterProgress(id: 1, found: 1200, walked: 5000), in: c) == [])
        #expect(m.partialShownCount == "1,200+")
        #expect(m.statusText == "Searching… \(AppStrings.grouped(rows)) lines — Esc cancels")
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([1]))), in: c)
        #expect(m.partialShownCount == nil && m.statusText == nil)
    }

    /// Esc on a kept filter still being computed (it loads the next pages of a stream to fill
    /// the screen) stops its work and removes it in one press: a half-computed filter kept
    /// would go on filtering every row that arrives.
    @Test func escOnAKeptFilterStillComputedRemovesIt() {
        var m = model()
        let feed = FindContext.Feed(scansWithoutLoading: false, hasMore: true)
        let c = FindContext(listRows: 20, baseRows: 20, selectedBaseRow: 7, fillsScreen: false, feed: feed)
        _ = m.handle(.open(.filter), in: c)
        type("e", into: &m, c)
        _ = m.handle(.walkFinished(id: 1, .filter(RowSet([]))), in: c)
        _ = m.handle(.promptInput(.key(.enter)), in: c)
        #expect(m.handle(.stateChanged, in: c) == [.loadAhead(.filter)])
        #expect(m.isBusy && m.filter == pattern("e"), "the kept filter loads more to fill the screen")
        #expect(m.handle(.escape, in: c) == [.stopLoadingAhead, .removeFilter(selecting: 7)])
        #expect(m.filter == nil && !m.isBusy && !m.canUndo)
    }
}
