/// Rendering the visible window onto a `Canvas`.
extension ListView {
    /// Draws the list into rows `top ..< top + height`, columns `0 ..< width` of `canvas`.
    ///
    /// Lays out `viewportHeight` lines (keep it equal to `height`); the rest of the area is
    /// cleared. Each row gets column 0 for the selection (or mark) marker, then `indent` blank
    /// columns, then its sanitised text truncated with `…`. The selected row shows
    /// `selectionMarker` and is reverse video across the whole width; section headers are
    /// bold. Accessory lines are cleared and handed to `accessory` with the canvas row to
    /// draw on (`top` + the line's position in the window).
    public func draw(
        on canvas: any Canvas, top: Int, height: Int, width: Int,
        accessory: (ListLine, Int) -> Void
    ) {
        guard height > 0, width > 0 else { return }
        // What every row needs, read from the list once per frame: each read of a class's
        // property is a runtime exclusivity check, and a frame draws every visible row.
        var frame = RowFrame(
            dataSource: dataSource, selected: showsSelection ? selectedIndex : nil, highlight: highlight,
            selectionMarker: selectionMarkerText, newRowMarker: newRowMarkerText, changedRowMarker: changedRowMarkerText,
            markedRowMarker: markedRowMarkerText,
            shift: horizontalOffset, escapes: escapes, fitted: RecentByIndex())
        swap(&frame.fitted, &fittedRows)  // moved, not shared: updating it copies nothing
        let (first, lines) = (scrollOffset, viewportHeight)
        var textWidth: Int?
        for offset in 0..<height {
            let screenRow = top + offset
            let line = offset < lines ? content(atLine: first + offset) : nil
            switch line {
            case .row(let index):
                textWidth = drawRow(index, on: canvas, screenRow: screenRow, width: width, frame: &frame) ?? textWidth
            case .some(let accessoryLine):
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
                accessory(accessoryLine, screenRow)
            case nil:
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
            }
        }
        // The header of the section at the top, over the row there (never over the selection).
        if let header = stickyHeader(forTopLine: first), content(atLine: first) != .row(frame.selected ?? -1) {
            _ = drawRow(header, on: canvas, screenRow: top, width: width, frame: &frame)
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
        let markedRowMarker: SanitizedText
        let shift: Int
        let escapes: EscapeHandling
        var fitted: RecentByIndex<FittedRow>
    }

    /// Draws row `index`; returns the columns its text had, if it had any.
    private func drawRow(_ index: Int, on canvas: any Canvas, screenRow: Int, width: Int, frame: inout RowFrame) -> Int? {
        let row = frame.dataSource.row(at: index)
        let isSelected = index == frame.selected
        var style = row.style
        if row.kind == .sectionHeader || row.isNew || row.isMarked { style.bold = true }
        if isSelected { style.reverse = true }
        canvas.fill(row: screenRow, column: 0, width: width, style: isSelected ? style : .plain)
        if row.isMarked {
            canvas.draw(frame.markedRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if isSelected {
            canvas.draw(frame.selectionMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.isNew {
            canvas.draw(frame.newRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.previousText != nil {
            canvas.draw(frame.changedRowMarker, row: screenRow, column: 0, style: style, maxWidth: 1)
        }
        let textColumn = 1 + row.indent
        guard textColumn < width else { return nil }
        let available = width - textColumn
        let text = Self.fittedText(row.text, index: index, width: available, frame: &frame)
        canvas.draw(text, row: screenRow, column: textColumn, style: style, maxWidth: available)
        if let previous = row.previousText {
            let before = TextWalker.cut(TextWalker.visible(previous, escapes: frame.escapes, columns: frame.shift + available),
                                        dropping: frame.shift, toWidth: available)
            var changed = style
            changed.reverse.toggle()
            for part in ChangedText.parts(of: text.text, before: before.text) {
                canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: changed,
                            maxWidth: available - part.column)
            }
        }
        if let highlight = frame.highlight {
            let marked = Self.highlightStyle(for: style)
            for part in highlight.highlights(in: text.text) {
                // A match in a hyperlink's text stays part of the link.
                var partStyle = marked
                partStyle.link = Self.link(in: text, at: part.column)
                canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: partStyle,
                            maxWidth: available - part.column)
            }
        }
        return available
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
