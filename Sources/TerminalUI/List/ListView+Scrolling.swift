/// Local scans for selectable rows and the scroll arithmetic every command shares.
extension ListView {
    /// Which neighbours of a newly selected row should come into view with it.
    enum RevealDirection {
        /// Only the row itself.
        case minimal
        /// Moving up: also the unselectable run just above it (its section header), and
        /// everything up to line 0 when it is the first selectable row.
        case up
        /// Moving down: also everything down to the last line when it is the last selectable row.
        case down
    }

    func isSelectable(_ index: Int) -> Bool {
        index >= 0 && index < rowCount && dataSource.isSelectable(at: index)
    }

    func firstSelectable(atOrAfter start: Int) -> Int? {
        var index = max(0, start)
        while index < rowCount {
            if dataSource.isSelectable(at: index) { return index }
            index += 1
        }
        return nil
    }

    func lastSelectable(atOrBefore start: Int) -> Int? {
        var index = min(start, rowCount - 1)
        while index >= 0 {
            if dataSource.isSelectable(at: index) { return index }
            index -= 1
        }
        return nil
    }

    /// The view's position closest to `base` that shows row `index` (always; its first line
    /// when it is taller than the view) and, as far as the viewport allows, the neighbours
    /// `direction` asks for.
    func revealedPosition(for index: Int, direction: RevealDirection, base: ScrollPosition) -> ScrollPosition {
        let height = max(1, viewportHeight)
        let rowLine = line(ofRow: index)
        var low = rowLine
        var high = rowLine
        switch direction {
        case .minimal:
            break
        case .up:
            var scan = index - 1
            var steps = 0
            while scan >= 0, steps < height, !dataSource.isSelectable(at: scan) {
                scan -= 1
                steps += 1
            }
            if scan < 0 || steps == height {
                low = 0
            } else {
                low = line(ofRow: scan + 1)
            }
        case .down:
            var scan = index + 1
            var steps = 0
            while scan < rowCount, steps < height, !dataSource.isSelectable(at: scan) {
                scan += 1
                steps += 1
            }
            if scan >= rowCount || steps == height { high = totalLines - 1 }
        }
        var result = base
        let highEnd = ScrollPosition(line: high + 1, skip: 0)
        if result < highEnd, distance(from: result, to: highEnd, limit: height) > height { result = moved(highEnd, by: -height) }
        let lowStart = ScrollPosition(line: low, skip: 0)
        if lowStart < result { result = lowStart }
        let rowStart = ScrollPosition(line: rowLine, skip: 0)
        let rowEnd = ScrollPosition(line: rowLine + 1, skip: 0)
        if rowStart < result {
            result = rowStart
        } else if distance(from: result, to: rowEnd, limit: height) > height {
            result = min(moved(rowEnd, by: -height), rowStart)
        }
        // A sticky header would cover the row on the first line: show one more line above it.
        if result == rowStart, height > 1, stickyHeader(forTopLine: rowLine) != nil { result = moved(result, by: -1) }
        return min(max(.top, result), maxPosition)
    }

    /// Moves a selection that has left the view to the nearest selectable row inside it
    /// (leaves it alone when the view holds none).
    func keepSelectionInView() {
        guard let selected = selectedIndex, viewportHeight > 0, rowCount > 0 else { return }
        let firstRow = max(0, scrollOffset - topInset)
        let lastLine = wrapsLines ? moved(position, by: viewportHeight - 1).line : scrollOffset + viewportHeight - 1
        let lastRow = min(rowCount - 1, lastLine - topInset)
        guard firstRow <= lastRow else { return }
        if selected < firstRow {
            for index in firstRow...lastRow where dataSource.isSelectable(at: index) {
                selectedIndex = index
                return
            }
        } else if selected > lastRow {
            for index in (firstRow...lastRow).reversed() where dataSource.isSelectable(at: index) {
                selectedIndex = index
                return
            }
        }
    }
}
