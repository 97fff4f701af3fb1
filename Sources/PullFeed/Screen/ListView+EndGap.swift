import TerminalUI

extension ListView {
    /// Brings the selection back to the same line when the lines read from the end of a file
    /// (after a gap, from `tailStart` on) are replaced by the counted ones: a selection after
    /// the gap keeps its distance to the end (it was on row `oldSelected` of `oldRows`).
    func keepDistanceToEnd(oldSelected: Int?, oldRows: Int, after tailStart: Int) {
        guard let selected = oldSelected, selected > tailStart else { return }
        let target = rowCount - (oldRows - selected)
        if target >= 0, target < rowCount { _ = select(row: target) }
    }
}
