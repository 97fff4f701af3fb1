import TerminalText

/// Keyboard and mouse navigation.
extension ListView {
    /// Applies a navigation command and reports what happened.
    ///
    /// - Up/Down move to the previous/next selectable row (skipping section headers),
    ///   scrolling only as needed; moving up also reveals the section header above the new
    ///   row, and reaching the first (last) selectable row reveals everything above (below) it.
    ///   Up on the first selectable row with the view not at the top scrolls up one line;
    ///   at the top it reports `.overscrollTop(rows: 1)`. Down mirrors this with
    ///   `.overscrollBottom(rows: 1)` once the footer accessory is fully visible.
    /// - Wheel scrolls the view, moving the selection only if it would leave the view;
    ///   what cannot be scrolled is reported as over-scroll.
    /// - PageUp/PageDown scroll by a viewport minus one line and move the selection by the
    ///   same amount; Home/End select the first/last selectable row and go to the very
    ///   top/bottom.
    /// - Click selects the selectable row under the given row of the list area.
    ///
    /// With no selectable rows, Up/Down scroll by a line; over-scroll at the top is still
    /// reported (pulling an empty list refreshes it), over-scroll at the bottom is not
    /// reported while the list has no rows.
    public func apply(_ command: ListCommand) -> ListOutcome {
        let before = (selectedIndex, position, horizontalOffset)
        let outcome: ListOutcome?
        switch command {
        case .up: outcome = moveUp()
        case .down: outcome = moveDown()
        case .pageUp: outcome = pageUp()
        case .pageDown: outcome = pageDown()
        case .halfPageUp: outcome = pageUp(lines: halfPageLines)
        case .halfPageDown: outcome = pageDown(lines: halfPageLines)
        case .scrollLeft: if !wrapsLines { horizontalOffset = max(0, horizontalOffset - sidewaysStep) }; outcome = nil
        case .scrollRight: outcome = wrapsLines ? nil : scrollRight()
        case .lineStart: horizontalOffset = 0; outcome = nil
        case .home: outcome = home()
        case .end: outcome = end()
        case .wheelUp(let lines): outcome = wheelUp(lines)
        case .wheelDown(let lines): outcome = wheelDown(lines)
        case .click(let screenRow): outcome = click(screenRow)
        }
        if let outcome { return outcome }
        return before.0 != selectedIndex || before.1 != position || before.2 != horizontalOffset ? .moved : .unchanged
    }

    private var overscrollBottomAllowed: Bool { rowCount > 0 }

    private func moveUp() -> ListOutcome? {
        if let selected = selectedIndex, let previous = lastSelectable(atOrBefore: selected - 1) {
            selectedIndex = previous
            position = revealedPosition(for: previous, direction: .up, base: position)
            return nil
        }
        if position > .top {
            position = moved(position, by: -1)
            return nil
        }
        return .overscrollTop(rows: 1)
    }

    private func moveDown() -> ListOutcome? {
        if let selected = selectedIndex, let next = nextSelectable(after: selected) {
            selectedIndex = next
            position = revealedPosition(for: next, direction: .down, base: position)
            return nil
        }
        if position < maxPosition {
            position = moved(position, by: 1)
            return nil
        }
        return overscrollBottomAllowed ? .overscrollBottom(rows: 1) : nil
    }

    private func nextSelectable(after index: Int) -> Int? {
        firstSelectable(atOrAfter: index + 1)
    }

    private var pageLines: Int { max(1, viewportHeight - 1) }
    private var halfPageLines: Int { max(1, viewportHeight / 2) }
    private var sidewaysStep: Int { max(1, lastTextWidth / 2) }

    /// Scrolls right while a visible row still has text beyond the right edge.
    private func scrollRight() -> ListOutcome? {
        let reach = horizontalOffset + lastTextWidth
        let longer = visibleLines().contains { line in
            guard case .row(let index) = line else { return false }
            let row = dataSource.row(at: index)
            let prefix = TextWalker.visible(row.text, escapes: escapes, columns: reach + 1)
            return TextWalker.width(of: prefix.text) + row.indent > reach
        }
        if longer { horizontalOffset += sidewaysStep }
        return nil
    }

    private func pageUp(lines: Int? = nil) -> ListOutcome? {
        let pageLines = lines ?? pageLines
        let base = moved(position, by: -pageLines)
        guard let selected = selectedIndex else {
            position = base
            return nil
        }
        let target = max(0, moved(ScrollPosition(line: line(ofRow: selected), skip: 0), by: -pageLines).line - topInset)
        let row = lastSelectable(atOrBefore: target) ?? firstSelectable(atOrAfter: target) ?? selected
        selectedIndex = row
        position = revealedPosition(for: row, direction: .up, base: base)
        return nil
    }

    private func pageDown(lines: Int? = nil) -> ListOutcome? {
        let pageLines = lines ?? pageLines
        let base = min(maxPosition, moved(position, by: pageLines))
        guard let selected = selectedIndex else {
            position = base
            return nil
        }
        let target = min(rowCount - 1, moved(ScrollPosition(line: line(ofRow: selected), skip: 0), by: pageLines).line - topInset)
        var row = firstSelectable(atOrAfter: target) ?? lastSelectable(atOrBefore: target) ?? selected
        // A row taller than the page: the move goes on to the row after it.
        if row <= selected { row = firstSelectable(atOrAfter: selected + 1) ?? row }
        selectedIndex = row
        position = revealedPosition(for: row, direction: .down, base: base)
        return nil
    }

    private func home() -> ListOutcome? {
        position = .top
        if let first = firstSelectable(atOrAfter: 0) {
            selectedIndex = first
            position = revealedPosition(for: first, direction: .up, base: .top)
        }
        return nil
    }

    private func end() -> ListOutcome? {
        let bottom = maxPosition
        position = bottom
        if let last = lastSelectable(atOrBefore: rowCount - 1) {
            selectedIndex = last
            position = revealedPosition(for: last, direction: .down, base: bottom)
        }
        return nil
    }

    private func wheelUp(_ lines: Int) -> ListOutcome? {
        guard lines > 0 else { return nil }
        let target = moved(position, by: -lines)
        let step = distance(from: target, to: position, limit: lines)
        position = target
        keepSelectionInView()
        let rest = lines - step
        return rest > 0 ? .overscrollTop(rows: rest) : nil
    }

    private func wheelDown(_ lines: Int) -> ListOutcome? {
        guard lines > 0 else { return nil }
        let target = min(maxPosition, moved(position, by: lines))
        let step = position < target ? distance(from: position, to: target, limit: lines) : 0
        position = max(position, target)
        keepSelectionInView()
        let rest = lines - step
        return rest > 0 && overscrollBottomAllowed ? .overscrollBottom(rows: rest) : nil
    }

    private func click(_ screenRow: Int) -> ListOutcome? {
        guard case .row(var index) = line(atScreenRow: screenRow) else { return nil }
        // The first line shows a sticky header over its row: a click there is on the header.
        if screenRow == 0, let header = stickyHeader(forTopLine: scrollOffset) { index = header }
        guard isSelectable(index) else { return nil }
        selectedIndex = index
        return .clicked(row: index)
    }
}
