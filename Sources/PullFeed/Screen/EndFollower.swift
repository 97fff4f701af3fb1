import TerminalUI

/// Following the end of a line source, as `less +F` and `tail -f` do: End, or any move that
/// lands on the last row, follows; any move that leaves it stops. While it follows, rows
/// appended (lines that arrive on a stream or are appended to a file) keep the selection on
/// the last row, so they stay in view. End also keeps loading the rest while more can be read.
struct EndFollower {
    /// The selection stays on the last row as rows are appended.
    private(set) var isFollowing = false
    /// End was pressed: the rest is loaded page after page while there is more.
    private(set) var loadsToEnd = false

    /// After a move: follows when it ended on the last row (End always), of a line source.
    mutating func moved(_ command: ListCommand, list: ListView, linesSource: Bool, hasMore: Bool) {
        let onLast = list.rowCount > 0 && list.selectedIndex == list.rowCount - 1
        isFollowing = linesSource && (command == .end || onLast)
        loadsToEnd = linesSource && command == .end && hasMore
    }

    /// Stops following (a refresh, a failed load).
    mutating func stop() {
        isFollowing = false
        loadsToEnd = false
    }

    /// Stops loading the rest (nothing more to load now), still following what arrives.
    mutating func reachedEnd() {
        loadsToEnd = false
    }

    /// Loads the rest again while following an open input that has more to read (a stream
    /// that paused and goes on): a reader that reads only as far as it is asked would
    /// otherwise stop a little past the last request.
    mutating func resumeLoading() {
        if isFollowing { loadsToEnd = true }
    }

    /// Whether rows appended now should move the selection to the last row: while following
    /// what arrives on its own (nothing left to load) or while End loads the rest.
    func keepsEnd(hasMore: Bool) -> Bool {
        isFollowing && (loadsToEnd || !hasMore)
    }

    /// Brings the selection of `list` (rows reloaded from a list in which the selection was at
    /// `old.selected` of `old.rows`) back to the same line when the lines read from the end of a
    /// file are replaced by the counted ones: rows after the gap keep their distance to the end.
    static func keepDistanceToEnd(list: ListView, oldSelected: Int?, oldRows: Int, tailStart: Int) {
        guard let selected = oldSelected, selected > tailStart else { return }
        let target = list.rowCount - (oldRows - selected)
        if target >= 0, target < list.rowCount { _ = list.select(row: target) }
    }
}
