import SearchEngine
import TerminalText

/// Rendering the visible window onto a `Canvas`.
extension ListView {
    /// Draws the list into rows `top ..< top + height`, columns `0 ..< width` of `canvas`.
    ///
    /// Lays out `viewportHeight` lines (keep it equal to `height`); the rest of the area is
    /// cleared. Each row gets column 0 for the selection (or mark) marker, then the number
    /// column (`numberWidth`), then `indent` blank columns, then its sanitised text truncated
    /// with `…`, or wrapped over several lines (`wrapsLines`). The selected row shows
    /// `selectionMarker` and is reverse video across the whole width, on every line it takes;
    /// section headers are bold. Accessory lines are cleared and handed to `accessory` with
    /// the canvas row to draw on (`top` + the line's position in the window). Sets
    /// `viewportWidth` to `width`.
    public func draw(
        on canvas: any Canvas, top: Int, height: Int, width: Int,
        accessory: (ListLine, Int) -> Void
    ) {
        guard height > 0, width > 0 else { return }
        viewportWidth = width
        // What every row needs, read from the list once per frame: each read of a class's
        // property is a runtime exclusivity check, and a frame draws every visible row.
        var frame = RowFrame(
            dataSource: dataSource, selected: showsSelection ? selectedIndex : nil, highlight: highlight,
            selectionMarker: selectionMarkerText, newRowMarker: newRowMarkerText, changedRowMarker: changedRowMarkerText,
            removedRowMarker: removedRowMarkerText,
            markedRowMarker: markedRowMarkerText, wrapMarker: wrapMarkerText, numberWidth: numberWidth,
            shift: horizontalOffset, escapes: escapes, fitted: RecentByIndex(), marks: nil)
        swap(&frame.fitted, &fittedRows)  // moved, not shared: updating it copies nothing
        let first = scrollOffset
        let shown = wrapsLines ? screenLines() : nil
        var textWidth: Int?
        for offset in 0..<height {
            let screenRow = top + offset
            var part = 0
            let line: ListLine?
            if let shown {
                line = offset < shown.count ? content(atLine: shown[offset].line) : nil
                if offset < shown.count { part = shown[offset].part }
            } else {
                line = offset < viewportHeight ? content(atLine: first + offset) : nil
            }
            switch line {
            case .row(let index):
                let drawn = drawRow(index, part: part, on: canvas, screenRow: screenRow, width: width, frame: &frame)
                textWidth = drawn ?? textWidth
            case .some(let accessoryLine):
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
                accessory(accessoryLine, screenRow)
            case nil:
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
            }
        }
        // The header of the section at the top, over the row there (never over the selection).
        if let header = stickyHeader(forTopLine: first), content(atLine: first) != .row(frame.selected ?? -1) {
            _ = drawRow(header, part: 0, on: canvas, screenRow: top, width: width, frame: &frame)
        }
        swap(&frame.fitted, &fittedRows)
        if let textWidth { lastTextWidth = textWidth }
    }

    /// The header row to draw on the first line when it shows `line`: with `stickyHeaders`,
    /// the header of the section of the row there, when that row is not the header itself.
    func stickyHeader(forTopLine line: Int) -> Int? {
        guard stickyHeaders, case .row(let index)? = content(atLine: line),
              let header = dataSource.sectionHeader(forRow: index), header < index else { return nil }
        return header
    }

    /// The list's settings for one frame's rows, and the fitted texts they update.
    private struct RowFrame {
        let dataSource: any ListDataSource
        let selected: Int?
        let highlight: TextPattern?
        let selectionMarker: SanitizedText
        let newRowMarker: SanitizedText
        let changedRowMarker: SanitizedText
        let removedRowMarker: SanitizedText
        let markedRowMarker: SanitizedText
        let wrapMarker: SanitizedText
        let numberWidth: Int
        let shift: Int
        let escapes: EscapeHandling
        var fitted: RecentByIndex<FittedRow>
        /// The marks of the wrapped row being drawn, found once for all its lines.
        var marks: WrappedMarks?
    }

    /// Draws line `part` of row `index` (0 unless the row is wrapped); returns the columns its
    /// text had, if it had any.
    private func drawRow(_ index: Int, part: Int, on canvas: any Canvas, screenRow: Int, width: Int, frame: inout RowFrame) -> Int? {
        let row = frame.dataSource.row(at: index)
        let isSelected = index == frame.selected
        var style = row.style
        if row.kind == .sectionHeader || row.isNew || row.isMarked { style.bold = true }
        if row.isRemoved { style.dim = true }
        if isSelected { style.reverse = true }
        canvas.fill(row: screenRow, column: 0, width: width, style: isSelected ? style : .plain)
        if frame.numberWidth > 0, part == 0, let number = row.number, width > 1 {
            let digits = String(number)
            let column = 1 + max(0, frame.numberWidth - digits.utf8.count)
            var numberStyle = isSelected ? Style(reverse: true) : Style()
            numberStyle.dim = true
            canvas.draw(digits, row: screenRow, column: column, style: numberStyle, maxWidth: max(0, width - column))
        }
        let numberColumns = frame.numberWidth > 0 ? frame.numberWidth + 2 : 0
        if part > 0 {
            return drawContinuation(index, part: part, row: row, style: style, on: canvas, screenRow: screenRow,
                                    width: width, textColumn: 1 + numberColumns + row.indent, frame: &frame)
        }
        if row.isMarked {
            canvas.draw(frame.markedRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if isSelected {
            canvas.draw(frame.selectionMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.isRemoved {
            canvas.draw(frame.removedRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.isNew {
            canvas.draw(frame.newRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.previousText != nil {
            canvas.draw(frame.changedRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        }
        let textColumn = 1 + numberColumns + row.indent
        guard textColumn < width else { return nil }
        let available = width - textColumn
        guard wrapsLines else {
            let text = Self.fittedText(row.text, index: index, width: available, frame: &frame)
            drawText(text, of: row, atColumn: 0, style: style, on: canvas, screenRow: screenRow, textColumn: textColumn,
                     available: available, frame: frame)
            return available
        }
        let wrapped = wrappedRow(index)
        drawText(wrapped.lines[0], of: row, atColumn: 0, style: style, on: canvas, screenRow: screenRow, textColumn: textColumn,
                 available: available, frame: frame, marks: Self.marks(of: index, row: row, wrapped: wrapped, frame: &frame))
        return available
    }

    /// A wrapped row's line after its first: the wrap marker, then the line.
    private func drawContinuation(_ index: Int, part: Int, row: ListRow, style: Style, on canvas: any Canvas, screenRow: Int,
                                  width: Int, textColumn: Int, frame: inout RowFrame) -> Int? {
        let wrapped = wrappedRow(index)
        guard part < wrapped.lines.count, textColumn < width else { return nil }
        var markStyle = style
        markStyle.dim = true
        canvas.draw(frame.wrapMarker, row: screenRow, column: textColumn, style: markStyle, maxWidth: width - textColumn)
        let column = textColumn + frame.wrapMarker.width
        guard column < width else { return nil }
        let textStart = wrapped.lines[..<part].reduce(0) { $0 + $1.width }
        drawText(wrapped.lines[part], of: row, atColumn: textStart, style: style, on: canvas, screenRow: screenRow,
                 textColumn: column, available: width - column, frame: frame,
                 marks: Self.marks(of: index, row: row, wrapped: wrapped, frame: &frame))
        return width - textColumn
    }

    /// The changed characters and matches of wrapped row `index` (nil when it has neither a
    /// previous text nor a highlight to mark), found in its whole text once a frame.
    private static func marks(of index: Int, row: ListRow, wrapped: WrappedRow, frame: inout RowFrame) -> WrappedMarks? {
        guard row.previousText != nil || frame.highlight != nil else { return nil }
        if let marks = frame.marks, marks.index == index { return marks }
        let previous = row.previousText.map { TextWalker.visible($0, escapes: frame.escapes).text }
        let marks = WrappedMarks(index: index, text: wrapped.lines.map(\.text).joined(), previous: previous,
                                 highlight: frame.highlight)
        frame.marks = marks
        return marks
    }

    /// Draws `text`, the part of `row`'s text from its column `start` on (after the sideways
    /// scroll), with its changed characters and matches marked: those `marks` found in a
    /// wrapped row's whole text, else those found in `text` alone.
    private func drawText(_ text: SanitizedText, of row: ListRow, atColumn start: Int, style: Style, on canvas: any Canvas,
                          screenRow: Int, textColumn: Int, available: Int, frame: RowFrame, marks: WrappedMarks? = nil) {
        canvas.draw(text, row: screenRow, column: textColumn, style: style, maxWidth: available)
        if let marks {
            drawMarks(marks, in: text, from: start, style: style, on: canvas, screenRow: screenRow, textColumn: textColumn,
                      available: available)
        } else if let previous = row.previousText {
            let before = TextWalker.cut(TextWalker.visible(previous, escapes: frame.escapes, columns: frame.shift + available),
                                        dropping: frame.shift, toWidth: available)
            var changed = style
            changed.reverse.toggle()
            for part in ChangedText.parts(of: text.text, before: before.text) {
                canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: changed,
                            maxWidth: available - part.column)
            }
        }
        if marks == nil, let highlight = frame.highlight {
            let marked = Self.highlightStyle(for: style)
            for part in highlight.highlights(in: text.text) {
                // A match in a hyperlink's text stays part of the link.
                var partStyle = marked
                partStyle.link = Self.link(in: text, at: part.column)
                canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: partStyle,
                            maxWidth: available - part.column)
            }
        }
    }

    /// Draws the parts of a wrapped row's `marks` that fall on its line `text`, which shows the
    /// row's columns from `start` on.
    private func drawMarks(_ marks: WrappedMarks, in text: SanitizedText, from start: Int, style: Style, on canvas: any Canvas,
                           screenRow: Int, textColumn: Int, available: Int) {
        var changed = style
        changed.reverse.toggle()
        for part in WrappedMarks.parts(of: marks.changed, from: start, width: text.width) {
            canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: changed,
                        maxWidth: available - part.column)
        }
        let marked = Self.highlightStyle(for: style)
        for part in WrappedMarks.parts(of: marks.matches, from: start, width: text.width) {
            var partStyle = marked
            partStyle.link = Self.link(in: text, at: part.column)
            canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: partStyle,
                        maxWidth: available - part.column)
        }
    }

    /// The hyperlink of the data's own run at `column` of `text`, if any.
    private static func link(in text: SanitizedText, at column: Int) -> String? {
        guard text.runs.contains(where: { $0.style.link != nil }) else { return nil }
        var link: String?
        text.forEachRun(over: .plain) { run, offset, runStyle in
            if column >= offset, column < offset + run.width { link = runStyle.link }
        }
        return link
    }

    /// How a match is marked on a row drawn in `style`: reverse video flipped, bold and
    /// underlined, so it shows without colour, on the selected row too.
    public static func highlightStyle(for style: Style) -> Style {
        var marked = style
        marked.reverse.toggle()
        marked.bold = true
        marked.underline = true
        return marked
    }

    /// `text` sanitised and cut to `width` columns. The result for each drawn row is kept
    /// until its text or the width changes, so moving the selection re-fits no text.
    private static func fittedText(_ text: String, index: Int, width: Int, frame: inout RowFrame) -> SanitizedText {
        if let fitted = frame.fitted[index], fitted.width == width, fitted.source.hasSameBytes(as: text) {
            return fitted.text
        }
        let visible = TextWalker.visible(text, escapes: frame.escapes, columns: frame.shift + width)
        let cut = TextWalker.cut(visible, dropping: frame.shift, toWidth: width)
        let result = SanitizedText(checked: cut.text, width: cut.width, runs: cut.runs)
        frame.fitted[index] = FittedRow(source: text, width: width, text: result)
        return result
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut; a character over
    /// several columns that would straddle the limit is dropped, never split. Looks at no more of the
    /// text than fits.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        measuredTruncation(text, toWidth: width).text
    }

    /// `truncated(_:toWidth:)` and the width of its result, measured on the way.
    static func measuredTruncation(_ text: String, toWidth width: Int) -> (text: String, width: Int) {
        let cut = TextWalker.cut(TextWalker.Visible(text: text, marks: []), toWidth: width)
        return (cut.text, cut.width)
    }
}
