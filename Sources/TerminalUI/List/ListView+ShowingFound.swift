/// Selecting a row that was looked for (a search's match), shown the way a pager shows it.
extension ListView {
    /// Selects row `index` as a pager shows what a search found: a row already in view stays
    /// on its line; a row out of view comes in `contextAbove` lines below the view's first line
    /// (fewer in a short view, and never past the end), so the lines after it are in view, as
    /// `less` puts a match at the top of the screen (a plain `select(row:)` would leave it on
    /// the view's edge, the last line when it lies below). Returns whether the row is now
    /// selected.
    @discardableResult
    public func select(row index: Int, contextAbove: Int) -> Bool {
        guard index >= 0, index < rowCount, dataSource.isSelectable(at: index) else { return false }
        selectedIndex = index
        if viewportHeight > 0, !isRowVisible(index) {
            let above = max(0, min(contextAbove, (viewportHeight - 1) / 2))
            position = min(max(.top, position(showing: line(ofRow: index), onScreenRow: above)), maxPosition)
        }
        position = revealedPosition(for: index, direction: .minimal, base: position)
        return true
    }
}
