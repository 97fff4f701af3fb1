import SearchEngine

/// A search going through a source's pages as they load (the rows loaded had no match): which
/// rows to search when rows arrive, and what to do next — ask for more, wait a moment, or take
/// the input as read to its end and search the rows before the start (wrap). A value: the
/// controller carries out its steps and the decisions are tested as a table.
struct PagedSearch: Equatable {
    var pattern: TextPattern
    var backward: Bool
    /// List rows searched so far.
    var searchedThrough: Int
    /// The rows before the start, searched once the input is read to its end.
    var wrap: Range<Int>
    /// The base row count when the last page was asked for.
    var requestedAt: Int?
    /// Pages in a row that brought nothing from an input that is still open.
    var emptyPages = 0
    /// Waits to ask such an input again.
    var isWaiting = false

    /// How often an open input that had nothing more is asked again before the search takes
    /// it as read to its end: a pipe is empty for a moment between a fast writer's writes, and
    /// only a pause of `emptyPagesBeforeEnd` retries `retryMilliseconds` apart ends the search
    /// (an input that never pauses is searched until the match, as `less` does, or until Esc).
    static let emptyPagesBeforeEnd = 3
    static let retryMilliseconds = 40

    /// What to do once the rows that arrived are searched.
    enum Step: Equatable {
        /// Nothing now: a load or a refresh is running, or a retry is due later.
        case none
        /// Ask the source for the rest.
        case load
        /// Ask again after `retryMilliseconds`, then call `retryDue()`.
        case retryLater
        /// The input is read to its end: search the rows before the start (`wrap`).
        case wrap
    }

    /// The list rows to search now that the list has `rowCount` rows, if any arrived since the
    /// last call (an arrival also ends any wait for an empty input).
    mutating func newRows(rowCount: Int) -> Range<Int>? {
        guard rowCount > searchedThrough else { return nil }
        defer {
            searchedThrough = rowCount
            emptyPages = 0
            isWaiting = false
        }
        return searchedThrough..<rowCount
    }

    /// The next step, from the source's state: whether a load or refresh runs (`busy`), whether
    /// it may have more (`hasMore`), whether its input is still open (`isOpen`), and how many
    /// base rows are loaded (`baseRows`).
    mutating func next(busy: Bool, hasMore: Bool, isOpen: Bool, baseRows: Int) -> Step {
        guard !busy, !isWaiting else { return .none }
        let ended = !hasMore && !isOpen
        let broughtNothing = requestedAt == baseRows
        if isOpen, broughtNothing, emptyPages + 1 < Self.emptyPagesBeforeEnd {
            emptyPages += 1
            isWaiting = true
            return .retryLater
        }
        if ended || broughtNothing { return .wrap }
        requestedAt = baseRows
        return .load
    }

    /// `count` rows were dropped from the front of the list (a stream past `--max-disk`): the
    /// rows after them moved up by as many.
    mutating func rowsDropped(_ count: Int) {
        let up = { (row: Int) in max(0, row - count) }
        searchedThrough = up(searchedThrough)
        requestedAt = requestedAt.map(up)
        wrap = up(wrap.lowerBound)..<up(wrap.upperBound)
    }

    /// The wait for an empty input is over: the next step asks it again.
    mutating func retryDue() {
        guard isWaiting else { return }
        isWaiting = false
        requestedAt = nil
    }
}
