import SearchEngine

/// The work search and filter do, one thing at a time, and what each part of it is for.
extension FindModel {
    /// The work in progress. Each case holds what its result is for and what the status line
    /// says of it.
    enum Work: Equatable {
        /// Nothing runs.
        case idle
        /// A walk over the rows for a search: those after the selection, or (`wrapping`) those
        /// before it.
        case searching(Walk, SearchRun, wrapping: Bool)
        /// A scan of the source past the loaded lines, `percent` of it read.
        case scanning(Walk, SearchRun, percent: Int)
        /// A search going through the source's pages as they load, `lines` searched so far;
        /// `walk`: the walk over the rows that arrived, while it runs.
        case paging(PagedSearch, lines: Int, walk: Walk?)
        /// A match found past the loaded lines: selected once the lines through it are loaded.
        case awaitingMatch(PendingMatch)
        /// The filter's walk over its rows; in the background, the matches `found` in the first
        /// rows `walked` so far.
        case filtering(Walk, FilterRun, found: Int?, walked: Int?)
        /// The filter has the source load pages so that its rows fill the screen; `loading`: a
        /// page is on its way (else the source waits for lines to come by themselves).
        case filling(loading: Bool)
    }

    /// A walk over rows whose result is awaited.
    struct Walk: Equatable {
        var id: Int
        var background: Bool
        /// Rows it walks (the status line counts them).
        var rows: Int
    }

    /// One search: its pattern and direction, and the rows before its start, searched last.
    struct SearchRun: Equatable {
        var pattern: TextPattern
        var backward: Bool
        var wrap: Range<Int>
        var openRows = false
    }

    /// A filter being computed: the rows of `pattern` among the first `through`, the selection
    /// then as `selecting` says.
    struct FilterRun: Equatable {
        var pattern: TextPattern
        var through: Int
        var selecting: FilterSelection?
    }

    /// A match found past the loaded lines (a base row).
    struct PendingMatch: Equatable {
        var baseRow: Int
        var backward: Bool
        /// The lines through it were asked for (the reactor loads them, page after page).
        var requested = false
        var pattern: TextPattern
    }
}
