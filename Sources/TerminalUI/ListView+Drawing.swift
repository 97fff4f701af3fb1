/// Rendering the visible window onto a `Canvas`.
extension ListView {
    /// Draws the list into rows `top ..< top + height`, columns `0 ..< width` of `canvas`.
    ///
    /// Lays out `viewportHeight` lines (keep it equal to `height`); the rest of the area is
    /// cleared. Each row gets column 0 for the selection marker, then `indent` blank
    /// columns, then its sanitised text truncated with `…`. The selected row shows
    /// `selectionMarker` and is reverse video across the whole width; section headers are
    /// bold. Accessory lines are cleared and handed to `accessory` with the canvas row to
    /// draw on (`top` + the line's position in the window).
    public func draw(
        on canvas: any Canvas, top: Int, height: Int, width: Int,
        accessory: (ListLine, Int) -> Void
    ) {
        guard height > 0, width > 0 else { return }
        for offset in 0..<height {
            let screenRow = top + offset
            let line = offset < viewportHeight ? content(atLine: scrollOffset + offset) : nil
            switch line {
            case .row(let index):
                drawRow(index, on: canvas, screenRow: screenRow, width: width)
            case .some(let accessoryLine):
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
                accessory(accessoryLine, screenRow)
            case nil:
                canvas.fill(row: screenRow, column: 0, width: width, style: .plain)
            }
        }
    }

    private func drawRow(_ index: Int, on canvas: any Canvas, screenRow: Int, width: Int) {
        let row = dataSource.row(at: index)
        let isSelected = showsSelection && index == selectedIndex
        var style = row.style
        if row.kind == .sectionHeader || row.isNew { style.bold = true }
        if isSelected { style.reverse = true }
        canvas.fill(row: screenRow, column: 0, width: width, style: isSelected ? style : .plain)
        if isSelected {
            canvas.draw(selectionMarkerText, row: screenRow, column: 0, style: style, maxWidth: 1)
        } else if row.isNew {
            canvas.draw(newRowMarkerText, row: screenRow, column: 0, style: style, maxWidth: 1)
        }
        let textColumn = 1 + row.indent
        guard textColumn < width else { return }
        let available = width - textColumn
        lastTextWidth = available
        let text = fittedText(row.text, index: index, width: available)
        canvas.draw(text, row: screenRow, column: textColumn, style: style, maxWidth: available)
        if let highlight {
            let marked = Self.highlightStyle(for: style)
            for part in highlight.highlights(in: text.text) {
                canvas.draw(part.text, row: screenRow, column: textColumn + part.column, style: marked,
                            maxWidth: available - part.column)
            }
        }
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
    private func fittedText(_ text: String, index: Int, width: Int) -> SanitizedText {
        if let fitted = fittedRows[index], fitted.width == width, fitted.source.hasSameBytes(as: text) {
            return fitted.text
        }
        let shift = horizontalOffset
        let visible = TextWalker.visible(text, escapes: escapes, columns: shift + width)
        let cut = TextWalker.cut(visible, dropping: shift, toWidth: width)
        let result = SanitizedText(checked: cut.text, width: cut.width, runs: cut.runs)
        fittedRows[index] = FittedRow(source: text, width: width, text: result)
        return result
    }

    /// The start of `text` that is enough to draw it `width` columns wide (and to see that it
    /// is cut), sanitised: it ends after the first character that would take column
    /// `width + 1`. So a frame costs the width of the screen, not the length of a 1 MB line.
    static func visiblePrefix(of text: String, width: Int) -> String {
        TextWalker.visible(text, columns: width).text
    }

    /// `text` (sanitised) without its first `columns` columns; a wide character cut in two by
    /// the left edge leaves a blank for its right half.
    static func droppingColumns(_ columns: Int, of text: String) -> String {
        TextWalker.cut(TextWalker.Visible(text: text, marks: []), dropping: columns, toWidth: Int.max / 2, ellipsis: false).text
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
