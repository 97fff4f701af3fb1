/// Where the selection is: which item (by the data source's `identity(at:)`), at which row
/// index, on which line of the view. Take it with `ListView.place` before the data changes and
/// give it to `reloadData(keeping:)` after.
public struct ListPlace: Hashable {
    /// The selected row's index when the place was taken.
    public var index: Int
    /// The selected item's identity, if the data source gives one.
    public var identity: AnyHashable?
    /// The line of the view the selected row was on (0 is the view's first line; the header
    /// accessory's lines count).
    public var screenRow: Int

    /// A place, usually taken with `ListView.place` rather than made by hand.
    ///
    /// - Parameters:
    ///   - index: The selected row's index.
    ///   - identity: The selected item's identity, or nil when the data source gives none.
    ///   - screenRow: The line of the view the selected row is on (0 is the view's first line).
    public init(index: Int, identity: AnyHashable?, screenRow: Int) {
        self.index = index
        self.identity = identity
        self.screenRow = screenRow
    }
}

extension ListView {
    /// The selection's place now (nil when nothing is selected).
    public var place: ListPlace? {
        guard let selectedIndex, selectedIndex < min(rowCount, dataSource.rowCount) else { return nil }
        return ListPlace(index: selectedIndex, identity: dataSource.identity(at: selectedIndex),
                         screenRow: screenRow(ofLine: line(ofRow: selectedIndex)))
    }

    /// Re-reads the rows after the data source changed, keeping the user's place, as a phone's
    /// list does when new items arrive: if the item of `place` is still there (found by its
    /// identity, the occurrence nearest its old index when it appears more than once), it
    /// stays selected on the same line of the view; if it is gone, the row at the same index
    /// (clamped to the rows, then to the nearest selectable row) is selected, on the same line.
    /// Without a place (nothing was selected) it reloads like `reloadData()`.
    ///
    /// Returns the row now selected, if any. The view scrolls only as far as the content
    /// allows (near the top or the bottom, the row may land on another line).
    @discardableResult
    public func reloadData(keeping place: ListPlace?) -> Int? {
        guard let place else {
            reloadData(keepingSelection: true)
            return selectedIndex
        }
        rowCount = max(0, dataSource.rowCount)
        fittedRows.removeAll()
        wrappedRows.removeAll()
        guard rowCount > 0 else {
            selectedIndex = nil
            clampScrollOffset()
            return nil
        }
        var target: Int?
        if let identity = place.identity {
            target = dataSource.index(ofIdentity: identity, near: place.index)
            if let found = target, !dataSource.isSelectable(at: found) { target = nil }
        }
        if target == nil {
            let index = min(place.index, rowCount - 1)
            target = firstSelectable(atOrAfter: index) ?? lastSelectable(atOrBefore: index)
        }
        selectedIndex = target
        if let target {
            position = position(showing: line(ofRow: target), onScreenRow: place.screenRow)
            clampScrollOffset()
            if !isRowVisible(target) {
                position = revealedPosition(for: target, direction: .minimal, base: position)
            }
        } else {
            clampScrollOffset()
        }
        return selectedIndex
    }
}
