import SearchEngine
import TerminalUI

/// What happens to search and filter: keys, the answers to `FindEffect`s, and the rows or the
/// source changing. `FindModel.handle(_:in:)` takes one with the facts of the moment.
enum FindEvent: Equatable {
    /// `/` or `&`: the prompt opens.
    case open(FindPrompt.Kind)
    /// A key or a paste while the prompt is open (typing, Enter, Esc).
    case promptInput(InputEvent)
    /// Any key outside the prompt.
    case keyPressed
    /// `n` or `N`: the last search again.
    case next(backward: Bool)
    /// Esc or Ctrl-C: the prompt closes, or the work in progress stops.
    case cancel
    /// Esc outside the prompt: the find state is undone one step (work in progress, else the
    /// search's marked matches, else the applied filter).
    case escape
    /// The answer to `searchFromSelection`: the rows to search and the selection among them.
    case search(TextPattern, backward: Bool, space: SearchSpace)
    /// A walk or a scan finished (not cancelled).
    case walkFinished(id: Int, FindWalkResult)
    /// A filter walk in the background has found `found` matches in the first `walked` rows.
    case filterProgress(id: Int, found: Int, walked: Int)
    /// A scan of the source has read `percent` of it.
    case scanProgress(id: Int, percent: Int)
    /// The rows are about to reload: rows were appended, or (`replaced`) they are new; then a
    /// filter, computed again, selects as `keeping` says (the first row when nil). `dropped`:
    /// they were replaced only because a stream dropped that many from its front (`--max-disk`),
    /// the others moving up by as many.
    case rowsWillReload(replaced: Bool, keeping: FilterSelection? = nil, dropped: Int = 0)
    /// The source's state or the rows changed (a page arrived, the list reloaded).
    case stateChanged
    /// A page failed to load.
    case loadFailed
    /// The message of `FindModel.messageGeneration` `generation` has shown for a toast's time.
    case messageExpired(generation: Int)
}

/// What a walk or a scan found.
enum FindWalkResult: Equatable {
    /// The row of the first match, nil if none.
    case search(found: Int?)
    /// The base rows the filter matches, and their order when it ranks them (a fuzzy filter).
    case filter(RowSet, ranking: FilterRanking? = nil)
    /// What the scan of the source found (nil: the source cannot scan).
    case scan(SourceScan?)
}

/// The rows a search walks: their count, the selected one among them, and whether they are
/// grouped lines with every section open (so a match in a folded section is found).
struct SearchSpace: Equatable {
    var rows: Int
    var selected: Int?
    var openRows = false
}
