/// Where the list and the preview pane go in the rows between the title and the status line,
/// for a pane on the `right` (beside the list and its fixed header lines) or `down` (under the
/// list), with a one-column (or one-row) border between them. A pane that does not fit (fewer
/// than `minColumns` columns, or fewer than 3 rows for the list, the border and the pane) is
/// hidden, with the reason.
package struct PreviewLayout: Equatable, Sendable {
    /// A rectangle of cells.
    package struct Rect: Equatable, Sendable {
        package var top: Int
        package var left: Int
        package var height: Int
        package var width: Int

        /// Whether the cell at `row`, `column` is in the rectangle or the blank column left of it.
        package func contains(row: Int, column: Int) -> Bool {
            (top..<(top + height)).contains(row) && ((left - 1)..<(left + width)).contains(column)
        }
    }

    /// Why the pane is not shown though it is open.
    package enum Hidden: Equatable, Sendable {
        case tooNarrow, tooShort
    }

    /// The narrowest screen that shows a pane.
    package static let minColumns = 40
    /// The columns the list keeps at least beside a pane on the right.
    static let minListColumns = 10

    /// The list's columns (from column 0).
    package var listWidth: Int
    /// The list's rows (from `ScreenLayout.listTop`).
    package var listHeight: Int
    /// The pane's text area, nil when no pane is shown.
    package var pane: Rect?
    /// The border's cells: one column (right) or one row (down).
    package var border: Rect?
    /// Why an open pane is not shown.
    package var hidden: Hidden?

    /// The layout of `screen` with the pane closed.
    package init(screen: ScreenLayout) {
        listWidth = screen.size.columns
        listHeight = screen.listHeight
    }

    /// The layout of `screen` with a pane open in `window`.
    package init(screen: ScreenLayout, window: PreviewWindow) {
        self.init(screen: screen)
        let columns = screen.size.columns
        guard columns >= Self.minColumns else {
            hidden = .tooNarrow
            return
        }
        switch window.position {
        case .right:
            let top = screen.fixedRows.isEmpty ? screen.listTop : screen.fixedRows.lowerBound
            let height = screen.listTop + screen.listHeight - top
            guard height > 0 else {
                hidden = .tooShort
                return
            }
            let width = max(2, min(window.size(outOf: columns), columns - 1 - Self.minListColumns))
            listWidth = columns - width - 1
            border = Rect(top: top, left: listWidth, height: height, width: 1)
            // One blank column between the border and the text.
            pane = Rect(top: top, left: listWidth + 2, height: height, width: width - 1)
        case .down:
            let room = screen.listHeight
            guard room >= 3 else {
                hidden = .tooShort
                return
            }
            let height = max(1, min(window.size(outOf: room), room - 2))
            listHeight = room - height - 1
            border = Rect(top: screen.listTop + listHeight, left: 0, height: 1, width: columns)
            pane = Rect(top: screen.listTop + listHeight + 1, left: 1, height: height, width: columns - 1)
        }
    }
}
