/// A place in the screen lines of a `ListView`: line `skip` (from 0) of what occupies virtual
/// line `line`. Rows are one screen line each unless the list wraps them; a position past the
/// last line is `(totalLines, 0)`.
struct ScrollPosition: Comparable {
    var line: Int
    var skip: Int

    static let top = ScrollPosition(line: 0, skip: 0)

    static func < (a: ScrollPosition, b: ScrollPosition) -> Bool {
        a.line != b.line ? a.line < b.line : a.skip < b.skip
    }
}

/// Rows of several screen lines (`wrapsLines`): the screen-line arithmetic every command and
/// the drawing share. It only ever measures the rows it walks over, as many as the distance
/// asks for (a screen or so), never every row; without wrapping it is plain arithmetic.
extension ListView {
    /// Where the view begins.
    var position: ScrollPosition {
        get { ScrollPosition(line: scrollOffset, skip: scrollSkip) }
        set {
            scrollOffset = newValue.line
            scrollSkip = newValue.skip
        }
    }

    /// Screen lines virtual line `line` takes: 1, or a wrapped row's lines.
    func height(ofLine line: Int) -> Int {
        guard wrapsLines, line >= topInset, line - topInset < rowCount else { return 1 }
        return wrappedRow(line - topInset).lines.count
    }

    /// Screen lines row `index` takes (1 unless the list wraps it).
    public func height(ofRow index: Int) -> Int {
        height(ofLine: line(ofRow: index))
    }

    /// `start` moved down (`delta` > 0) or up by `delta` screen lines, stopping at the very
    /// top and at the end of the lines (`(totalLines, 0)`).
    func moved(_ start: ScrollPosition, by delta: Int) -> ScrollPosition {
        guard wrapsLines else { return ScrollPosition(line: min(max(0, start.line + delta), totalLines), skip: 0) }
        var (line, skip) = (start.line, start.skip)
        var left = delta
        if left > 0 {
            while left > 0, line < totalLines {
                let rest = height(ofLine: line) - skip
                if left < rest {
                    skip += left
                    left = 0
                } else {
                    left -= rest
                    line += 1
                    skip = 0
                }
            }
            return ScrollPosition(line: line, skip: skip)
        }
        left = -left
        while left > 0 {
            if skip >= left { return ScrollPosition(line: line, skip: skip - left) }
            left -= skip
            guard line > 0 else { return .top }
            line -= 1
            skip = height(ofLine: line)
        }
        return ScrollPosition(line: line, skip: skip)
    }

    /// Screen lines from `start` down to `end` (`end` at or after `start`), counting at most
    /// `limit` + 1 of them: the walk stops once the distance is known to be more than `limit`.
    func distance(from start: ScrollPosition, to end: ScrollPosition, limit: Int) -> Int {
        guard wrapsLines else { return end.line - start.line }
        guard start < end else { return 0 }
        var total = -start.skip
        var line = start.line
        while line < end.line, total <= limit {
            total += height(ofLine: line)
            line += 1
        }
        return line == end.line ? total + end.skip : total
    }

    /// The last place the view may begin: the one that shows the last line at the bottom.
    var maxPosition: ScrollPosition {
        moved(ScrollPosition(line: totalLines, skip: 0), by: -viewportHeight)
    }

    /// The position whose top screen line is `screenRow` lines above virtual line `line`'s first.
    func position(showing line: Int, onScreenRow screenRow: Int) -> ScrollPosition {
        moved(ScrollPosition(line: line, skip: 0), by: -screenRow)
    }

    /// The screen line (0 is the view's first) virtual line `line` begins on; negative above the
    /// view, and possibly past it below. Counts at most a screen beyond the view.
    func screenRow(ofLine line: Int) -> Int {
        let start = ScrollPosition(line: line, skip: 0)
        let limit = max(1, viewportHeight) * 2
        if start < position { return -distance(from: start, to: position, limit: limit) }
        return distance(from: position, to: start, limit: limit)
    }

    /// Virtual line `line` has some of its screen lines inside the view.
    func isLineVisible(_ line: Int) -> Bool {
        if line == scrollOffset { return line < totalLines && viewportHeight > 0 }
        let row = screenRow(ofLine: line)
        return row >= 0 && row < viewportHeight
    }

    /// The lines shown, top to bottom: each screen line's virtual line and its line in it.
    func screenLines() -> [(line: Int, part: Int)] {
        var result: [(line: Int, part: Int)] = []
        result.reserveCapacity(viewportHeight)
        var (line, part) = (scrollOffset, scrollSkip)
        while result.count < viewportHeight, line < totalLines {
            result.append((line, part))
            part += 1
            if part >= height(ofLine: line) {
                line += 1
                part = 0
            }
        }
        return result
    }

    /// Scrolls so that the screen line holding the first match of `highlight` in row `index`
    /// shows, at the top of the view, when the row is wrapped taller than the view and that line
    /// is outside it (a search selects a row and shows its first lines, which may not hold the
    /// match). Does nothing otherwise.
    public func revealHighlight(inRow index: Int) {
        guard wrapsLines, let highlight, index >= 0, index < rowCount, viewportHeight > 0 else { return }
        let wrapped = wrappedRow(index)
        guard wrapped.lines.count > 1,
              let match = highlight.highlights(in: wrapped.lines.map(\.text).joined()).first else { return }
        var part = 0
        var start = 0
        while part + 1 < wrapped.lines.count, start + wrapped.lines[part].width <= match.column {
            start += wrapped.lines[part].width
            part += 1
        }
        let shownAt = screenRow(ofLine: line(ofRow: index)) + part
        guard shownAt < 0 || shownAt >= viewportHeight else { return }
        position = min(ScrollPosition(line: line(ofRow: index), skip: part), maxPosition)
    }

    /// The columns before row `index`'s text: the marker, the number column, the indent.
    func textColumn(ofRowIndent indent: Int) -> Int {
        1 + numberColumnWidth + indent
    }

    /// The columns of the number column and its gap (0 without one).
    var numberColumnWidth: Int { numberWidth > 0 ? numberWidth + 2 : 0 }

    /// Row `index` broken into the lines a wrapping list shows, kept while its text and the
    /// width stay the same.
    func wrappedRow(_ index: Int) -> WrappedRow {
        let row = dataSource.row(at: index)
        let width = max(0, viewportWidth - textColumn(ofRowIndent: row.indent))
        let markWidth = wrapMarkerText.width
        if let kept = wrappedRows[index], kept.fits(row.text, width: width, continuationIndent: markWidth) { return kept }
        let wrapped = WrappedRow(row.text, escapes: escapes, width: width, continuationIndent: markWidth)
        wrappedRows[index] = wrapped
        return wrapped
    }
}
