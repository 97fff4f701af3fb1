import SearchEngine
import TerminalUI

/// What `FindModel` asks its executor to do: the walks over rows and scans of the source it
/// cannot do itself (they read the rows, and the long ones run in the background), the loads it
/// wants, and the changes to the list (selection, filtered rows). The executor answers some of
/// them with an event: a walk or scan with `walkFinished`, `searchFromSelection` with `search`,
/// `showFilter` with `stateChanged`. None asks for a frame: one is drawn
/// after every event the executor's runtime handles.
enum FindEffect: Equatable {
    /// A prompt opened (true) or closed (false): refreshing by itself waits while one is open.
    case holdAutoRefresh(Bool)
    /// Search for the pattern from the selection: the executor measures the rows to search
    /// and answers with `FindEvent.search`.
    case searchFromSelection(TextPattern, backward: Bool)
    /// Marks the pattern's matches in the list (nil: none).
    case highlight(TextPattern?)
    /// Walk rows (at once, or in the background when `walk.background`) and answer with
    /// `walkFinished(walk.id, …)` unless cancelled.
    case walk(FindWalk)
    /// Scan the source's lines after the first `after` without loading them, in the
    /// background, reporting `scanProgress`, and answer with `walkFinished(id, .scan(…))`.
    case scan(id: Int, TextPattern, after: Int)
    /// Cancel the walk or scan in progress.
    case cancelWork
    /// Have the source load the lines past the loaded ones, page after page, for a search or
    /// a filter (`LoadGoal.ahead`).
    case loadAhead(LoadAhead.Purpose)
    /// The lines asked for with `loadAhead` are no longer wanted.
    case stopLoadingAhead
    /// Ask the source for the lines through base row `row`.
    case loadThrough(Int)
    /// The lines asked for with `loadThrough` are no longer wanted.
    case stopLoadingThrough
    /// Select a row found by a search.
    case select(FindRow)
    /// Mark or unmark the selected row and move down (or up) one, the prompt staying open
    /// (with `-m`; nothing without it).
    case toggleMark(down: Bool)
    /// Show the base rows `matches` of the first `through` (the rows walk `walk` read, or the
    /// rows now when nil), the filter's matches highlighted, the selection as `selecting` says
    /// (the first row when nil), in the order of `ranking` when it ranks them; then answer with
    /// `stateChanged`.
    case showFilter(TextPattern, matches: RowSet, through: Int, selecting: FilterSelection?, walk: Int?, ranking: FilterRanking? = nil)
    /// The rows changed under the filter: it shows nothing until it is computed again.
    case clearFilterRows(TextPattern)
    /// Filter the base rows appended since the filter last looked.
    case extendFilter
    /// Show every row again, the last search's matches marked if they were, the selection on base row
    /// `selecting` (or the last row).
    case removeFilter(selecting: Int?)
}

/// Where the selection goes when a filter's rows are shown.
enum FilterSelection: Equatable {
    /// On this base row if it shows (the row selected while the filter is typed).
    case base(Int)
    /// The item of this place on its line of the view, as a refresh keeps it: the rows were
    /// replaced under the filter, which shows none of them until it has filtered them again
    /// (in the background when they are many). Nil: the list showed no row when the rows were
    /// replaced (the filter was still being computed): what that computation was to select.
    case place(ListPlace?)
    /// The last row (the user follows the end).
    case lastRow
}

/// A row a search found, in the rows it searched.
enum FindRow: Equatable {
    /// A row of the list as shown (the filtered rows while a filter is set).
    case list(Int)
    /// A row of grouped lines with every section open: its section unfolds if it is folded.
    case open(Int)
    /// A base row (a source line past the loaded ones when it was found): the first row shown
    /// at or after it.
    case base(Int)
}

/// A walk over rows that `FindModel` asks for.
struct FindWalk: Equatable {
    enum Kind: Equatable {
        /// The first match of the pattern in `rows` (the last one when `backward`), in the
        /// list's rows, or in the rows with every section open when `openRows`.
        case search(TextPattern, rows: Range<Int>, backward: Bool, openRows: Bool)
        /// The base rows the pattern matches among the first `through`, among `candidates`
        /// only when given (the matches of a pattern it refines).
        case filter(TextPattern, through: Int, candidates: RowSet?)
    }

    var id: Int
    var kind: Kind
    /// Whether it walks so many rows that it runs in the background (and can be cancelled).
    var background: Bool
}
