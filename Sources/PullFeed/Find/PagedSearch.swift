import SearchEngine

/// A search going through a source's pages as they load (the rows loaded had no match): which
/// rows to search when rows arrive, and when the rows before the start are searched (wrap). The
/// source loads the pages itself, as the goal `LoadGoal.ahead` the search set: the search reads
/// what arrives, stops the goal when it finds its match, and wraps once the goal ended (the
/// input read through). A value: the controller carries out its steps and the decisions are
/// tested as a table.
struct PagedSearch: Equatable {
    var pattern: TextPattern
    var backward: Bool
    /// List rows searched so far.
    var searchedThrough: Int
    /// The rows before the start, searched once the input is read to its end.
    var wrap: Range<Int>
    /// The feed's count of ended `.ahead` goals when the search set its own: a change says it
    /// ended.
    var aheadEnds: Int

    /// What to do once the rows that arrived are searched.
    enum Step: Equatable {
        /// Nothing now: the source still loads the pages.
        case none
        /// The input is read to its end: search the rows before the start (`wrap`).
        case wrap
    }

    /// The list rows to search now that the list has `rowCount` rows, if any arrived since the
    /// last call.
    mutating func newRows(rowCount: Int) -> Range<Int>? {
        guard rowCount > searchedThrough else { return nil }
        defer { searchedThrough = rowCount }
        return searchedThrough..<rowCount
    }

    /// The next step, from what the feed says of its goals and its lines.
    func next(_ feed: FindContext.Feed) -> Step {
        guard !feed.loadsAhead, !feed.isBusy else { return .none }
        // The goal ended; or there is nothing the source could load (a kept result shown in
        // place of the live lines).
        if feed.aheadEnds != aheadEnds || !feed.hasMore && !feed.isOpen { return .wrap }
        return .none
    }

    /// `count` rows were dropped from the front of the list (a stream past `--max-disk`): the
    /// rows after them moved up by as many.
    mutating func rowsDropped(_ count: Int) {
        let up = { (row: Int) in max(0, row - count) }
        searchedThrough = up(searchedThrough)
        wrap = up(wrap.lowerBound)..<up(wrap.upperBound)
    }
}
