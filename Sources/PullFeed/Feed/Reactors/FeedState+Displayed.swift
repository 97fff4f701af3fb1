/// A source's state as the list shows it: a kept result in place of the live lines while one
/// is shown (`[`, `]`), the rows a result removed among its rows (`d`). The live state goes on
/// underneath (its refreshes, schedule, toasts); the history keeps the live lines.
extension FeedState {
    /// This state with what `history` says laid over it (itself when live and plain).
    package var displayed: FeedState {
        if let past = history.past {
            var shown = self
            shown.show(removedRowsShown ?? past.result)
            // The kept result is whole and read: nothing to load, follow or count.
            shown.hasMore = false
            shown.isOpen = false
            shown.isCounting = false
            shown.isWatched = false
            shown.tailStart = nil
            shown.dropped = 0
            shown.arrivedFrom = nil
            shown.isFollowing = false
            shown.goals = LoadGoals()
            shown.refreshKeepsPlace = true
            return shown
        }
        guard history.moved || history.showsRemoved else { return self }
        var shown = self
        if let withRemoved = removedRowsShown { shown.show(withRemoved) }
        if history.moved { shown.refreshKeepsPlace = true }
        return shown
    }

    /// Whether the result shown removed rows or changed a row's text, which `d` shows.
    package var shownResultRemovedRows: Bool {
        if let past = history.past { return past.removedRows }
        return changes.isComparison && (changes.goneCount > 0 || !changes.changedItems.isEmpty) && !previousLines.isEmpty
    }

    /// Names the result shown, for what is built for it (`HistoryView.withRemoved`): a kept
    /// one's serial, or the live lines' version.
    var shownResultKey: Int { history.past?.result.serial ?? itemsVersion }

    /// The shown result with its removed rows among its rows, while `d` shows them and they
    /// are built for it.
    private var removedRowsShown: ResultLines? {
        guard history.showsRemoved, let built = history.withRemoved, built.of == shownResultKey else { return nil }
        return built.lines
    }

    private mutating func show(_ result: ResultLines) {
        lines = result.lines
        headerLines = result.headerLines
        changes = result.changes
        previousLines = result.previousLines
        lineSections = result.lineSections
        generation = result.serial
        itemsVersion = result.serial
    }
}
