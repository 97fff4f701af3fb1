import TerminalText


/// The drawing calls of each screen row, this frame's and the ones the window shows.
///
/// `CursesTerminal` records calls instead of making them, and at `present()` sends only the
/// rows whose calls changed: drawing a row again with the same calls changes nothing (every
/// call overwrites its cells), so an unchanged row costs a comparison, not a re-draw. When
/// the list moved by a few lines, `bestScroll()` finds the shift that makes the most rows
/// unchanged, so the window is scrolled (as `less` does) and only the rows that came into
/// view are drawn. Pure logic: no ncurses.
package struct RowCache {
    /// One drawing call on a row (text already sanitised and clipped to `limit` columns).
    package enum Op: Equatable {
        case fill(column: Int, width: Int, style: Style)
        case text(String, column: Int, style: Style, limit: Int)

        /// Texts compare by their bytes: a row is redrawn unless exactly the same bytes are
        /// drawn (and comparing rows stays a memory comparison for any script).
        package static func == (a: Op, b: Op) -> Bool {
            switch (a, b) {
            case let (.fill(c1, w1, s1), .fill(c2, w2, s2)):
                return c1 == c2 && w1 == w2 && s1 == s2
            case let (.text(t1, c1, s1, l1), .text(t2, c2, s2, l2)):
                return c1 == c2 && l1 == l2 && s1 == s2 && t1.hasSameBytes(as: t2)
            default:
                return false
            }
        }
    }

    /// Scroll rows `top ... bottom` by `lines` (positive: the content moves up).
    package struct Scroll: Equatable {
        var top: Int
        var bottom: Int
        var lines: Int
    }

    private(set) var frame: [[Op]]
    /// What each row of the window was last drawn with; `nil` when unknown (never drawn,
    /// resized, or scrolled in blank).
    private(set) var shown: [[Op]?]
    let columns: Int
    /// The rows `bestScroll()` found drawn already, one shift away (`matched.rows[r]`), so
    /// that `didScroll` can tell `takeChangedRows()` which rows need no comparing again.
    private var matched: (lines: Int, rows: [Bool])?
    /// Rows known to be drawn as this frame draws them (they came there by a scroll).
    private var knownShown: [Bool]

    package init(rows: Int, columns: Int) {
        self.columns = columns
        frame = Array(repeating: [], count: max(0, rows))
        shown = Array(repeating: nil, count: max(0, rows))
        knownShown = Array(repeating: false, count: max(0, rows))
    }

    package mutating func record(_ op: Op, row: Int) {
        frame[row].append(op)
    }

    /// `clear()`: every row is blank, then whatever follows is drawn on it.
    package mutating func clearAll() {
        for r in frame.indices { frame[r] = [.fill(column: 0, width: columns, style: .plain)] }
    }

    /// The shift of the window (by up to 3 lines) that leaves the most rows of this frame already drawn, if it
    /// saves at least `minimumRun` rows. Only rows whose calls start by filling the whole row
    /// may be part of it, so that drawing them over scrolled content gives the same result.
    package mutating func bestScroll(minimumRun: Int = 3) -> Scroll? {
        matched = nil
        let rows = frame.count
        // Each row is compared once with what its place shows and once per shift tried.
        var differs = Array(repeating: false, count: rows)
        var changed = 0
        for r in 0..<rows where !frame[r].isEmpty && shown[r] != frame[r] {
            differs[r] = true
            changed += 1
        }
        guard changed >= minimumRun else { return nil }

        // Lists move by a few lines at a time; a page moves too far for a scroll to pay.
        var shift = 0
        var count = 0
        var shiftMatches: [Bool] = []
        for k in [1, -1, 2, -2, 3, -3] {
            var matches = 0
            var rowMatches = Array(repeating: false, count: rows)
            for r in 0..<rows where r + k >= 0 && r + k < rows && differs[r] {
                if coversRow(frame[r]), shown[r + k] == frame[r] {
                    matches += 1
                    rowMatches[r] = true
                }
            }
            if matches > count { (shift, count, shiftMatches) = (k, matches, rowMatches) }
            // A shift that explains all changed rows but the ones scrolled in and a moved
            // selection (old and new row) cannot be beaten: stop looking.
            if count >= minimumRun, count >= changed - abs(k) - 2 { break }
        }
        guard shift != 0, count >= minimumRun else { return nil }

        // The longest run of consecutive rows that the shift makes right (a row that already
        // showed its content matches too, if its content is what the shift brings).
        var best: (start: Int, end: Int)?
        var start: Int?
        for r in 0...rows {
            let source = r + shift
            let matches = r < rows && source >= 0 && source < rows && coversRow(frame[r])
                && (shiftMatches[r] || (!differs[r] && shown[source] == frame[r]))
            if matches {
                if start == nil { start = r }
            } else if let s = start {
                if best == nil || r - 1 - s > best!.end - best!.start { best = (s, r - 1) }
                start = nil
            }
        }
        guard let run = best, run.end - run.start + 1 >= minimumRun else { return nil }
        // The region holds the rows moved and the rows they came from; the rows scrolled in
        // must be redrawn, so they too must cover the whole row.
        let top = shift > 0 ? run.start : run.start + shift
        let bottom = shift > 0 ? run.end + shift : run.end
        for r in top...bottom where !(run.start...run.end).contains(r) {
            guard coversRow(frame[r]) else { return nil }
        }
        for r in 0..<rows where !(run.start...run.end).contains(r) { shiftMatches[r] = false }
        matched = (shift, shiftMatches)
        return Scroll(top: top, bottom: bottom, lines: shift)
    }

    /// Every row counts as not drawn: the next frame draws them all (after the screen was cleared).
    package mutating func forgetShown() {
        for r in shown.indices {
            shown[r] = nil
            knownShown[r] = false
        }
        matched = nil
    }

    /// The window scrolled: rows follow their content, rows scrolled in are blank (unknown).
    package mutating func didScroll(_ scroll: Scroll) {
        let old = shown
        for r in scroll.top...scroll.bottom {
            let source = r + scroll.lines
            shown[r] = source >= scroll.top && source <= scroll.bottom ? old[source] : nil
        }
        // The rows bestScroll() matched for this shift now show what this frame draws.
        if let matched, matched.lines == scroll.lines {
            for r in scroll.top...scroll.bottom where matched.rows[r] {
                let source = r + scroll.lines
                if source >= scroll.top && source <= scroll.bottom { knownShown[r] = true }
            }
        }
        matched = nil
    }

    /// The rows to draw (their calls differ from what the window shows), which from now on
    /// count as shown; starts the next frame. Rows this frame did not touch keep their content.
    package mutating func takeChangedRows() -> [(row: Int, ops: [Op])] {
        var result: [(row: Int, ops: [Op])] = []
        for r in frame.indices where !frame[r].isEmpty {
            if !knownShown[r] && shown[r] != frame[r] {
                result.append((r, frame[r]))
                shown[r] = frame[r]
            }
            frame[r].removeAll(keepingCapacity: true)
        }
        for r in knownShown.indices { knownShown[r] = false }
        matched = nil
        return result
    }

    private func coversRow(_ ops: [Op]) -> Bool {
        if case .fill(column: let c, width: let w, style: _)? = ops.first { return c <= 0 && w >= columns }
        return false
    }
}
