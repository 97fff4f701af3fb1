import SearchEngine

/// The facts `FindModel` reads with each event: the list's rows and selection, the filter as
/// the list shows it (read from the list), and what the source can do and is doing (as the
/// screen handed them with the last state).
struct FindContext: Equatable {
    /// Rows in the list (the filtered rows while a filter is set).
    var listRows = 0
    /// Rows loaded from the source (before filtering).
    var baseRows = 0
    /// The base row of the selection (nil while the list has not caught up with its rows).
    var selectedBaseRow: Int?
    /// The rows a filter walks when they are not the base rows (grouped lines: with every
    /// section open, so that what it matched outlives folding).
    var filterRows: Int?
    /// The rows the filter has looked at, and those it matched (base rows, or the rows it walks).
    var filterCovered = 0
    var filterShown = RowSet()
    /// The order of the rows the filter shows, when it ranks them.
    var filterRanking: FilterRanking?
    /// The rows a filter walks.
    var filterRowCount: Int { filterRows ?? baseRows }
    /// Whether the rows shown fill the screen (the bottom of the list is not in view).
    var fillsScreen = false
    /// The source, nil while there is none.
    var feed: Feed?

    /// What the source can do and is doing.
    struct Feed: Equatable {
        /// A line source that loads in pages.
        var pages = true
        /// It can look for a match past the loaded lines without loading them.
        var scansWithoutLoading = false
        /// Its lines are grouped in sections (not in source order).
        var grouped = false
        var hasLoaded = true
        var hasMore = false
        /// Its input is still open (more may come).
        var isOpen = false
        var isLoadingMore = false
        var isRefreshing = false
        /// The reactor still loads the pages through a line a search found (`LoadGoal.line`).
        var loadsThroughLine = false
        /// The reactor loads the pages a search or a filter asked for (`LoadGoal.ahead`).
        var loadsAhead = false
        /// How many such goals ended by themselves (`LoadGoals.aheadEnds`).
        var aheadEnds = 0

        var isBusy: Bool { isLoadingMore || isRefreshing }
    }
}

extension FindContext.Feed {
    /// What the feed's state `state` says (the screen hands it with each state it shows).
    init(_ state: FeedState) {
        pages = state.source.isLineSource && state.source.hasPages
        scansWithoutLoading = state.source.scansWithoutLoading
        grouped = state.lineSections != nil
        hasLoaded = state.hasLoaded
        hasMore = state.hasMore
        isOpen = state.isOpen
        isLoadingMore = state.isLoadingMore
        isRefreshing = state.isRefreshing
        if case .line? = state.loadGoal { loadsThroughLine = true }
        loadsAhead = state.loadsAhead
        aheadEnds = state.goals.aheadEnds
    }
}
