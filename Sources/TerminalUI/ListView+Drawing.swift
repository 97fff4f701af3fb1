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
        var visible = TextSanitizer.sanitize(Self.visiblePrefix(of: text, width: shift + width))
        if shift > 0 { visible = Self.droppingColumns(shift, of: visible) }
        let cut = Self.measuredTruncation(visible, toWidth: width)
        let result = SanitizedText(checked: cut.text, width: cut.width)
        fittedRows[index] = FittedRow(source: text, width: width, text: result)
        return result
    }

    /// The start of `text` that is enough to draw it `width` columns wide (and to see that it
    /// is cut): it ends after the first character that would take column `width + 1` once
    /// sanitised. So a frame costs the width of the screen, not the length of a 1 MB line.
    static func visiblePrefix(of text: String, width: Int) -> String {
        if let prefix = asciiPrefix(of: text, count: width + 1) { return prefix }
        // Every character counted below takes at least one byte.
        if text.utf8.count <= width + 1 { return text }
        if TextWidth.scalarsAreCharacters(text) { return scalarPrefix(of: text, width: width) }
        var columns = 0
        var index = text.startIndex
        while index < text.endIndex {
            let ch = text[index]
            index = text.index(after: index)
            if TextWidth.of(ch) > 0 || ch.unicodeScalars.contains(where: TextSanitizer.needsReplacement) {
                columns += 1
                if columns > width { break }
            }
        }
        return index == text.endIndex ? text : String(text[..<index])
    }

    /// `text` (sanitised) without its first `columns` columns; a wide character cut in two by
    /// the left edge leaves a blank for its right half.
    static func droppingColumns(_ columns: Int, of text: String) -> String {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex, used < columns {
            used += TextWidth.of(text[index])
            index = text.index(after: index)
        }
        let rest = text[index...]
        return used > columns ? String(repeating: " ", count: used - columns) + rest : String(rest)
    }

    /// `visiblePrefix` for text whose scalars are characters of their own: the same count,
    /// scalar by scalar, without finding character boundaries.
    private static func scalarPrefix(of text: String, width: Int) -> String {
        let scalars = text.unicodeScalars
        var columns = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if TextWidth.of(scalar) > 0 || TextSanitizer.needsReplacement(scalar) {
                columns += 1
                if columns > width { break }
            }
        }
        return index == scalars.endIndex ? text : String(scalars[..<index])
    }

    /// The first `count` characters of `text` when they are all ASCII (each one column once
    /// sanitised), looking at no more than `count + 1` bytes; nil otherwise.
    static func asciiPrefix(of text: String, count: Int) -> String? {
        let utf8 = text.utf8
        let checked = utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let end = min(bytes.count, count)
            for i in 0..<min(bytes.count, count + 1) where bytes[i] >= 0x80 { return nil }
            if end == bytes.count { return text }
            // "\r\n" is one Character: never leave a lone "\r" at the cut.
            let cut = bytes[end - 1] == UInt8(ascii: "\r") && bytes[end] == UInt8(ascii: "\n") ? end + 1 : end
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<cut]), as: UTF8.self)
        }
        return checked ?? nil
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut; a character over
    /// several columns that would straddle the limit is dropped, never split. Looks at no more of the
    /// text than fits.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        measuredTruncation(text, toWidth: width).text
    }

    /// `truncated(_:toWidth:)` and the width of its result, measured on the way.
    static func measuredTruncation(_ text: String, toWidth width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if TextWidth.isPrintableASCII(text) {
            let count = text.utf8.count
            if count <= width { return (text, count) }
            return (String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…", width)
        }
        if TextWidth.scalarsAreCharacters(text) {
            let scalars = text.unicodeScalars
            var used = 0
            var cut = scalars.startIndex
            var usedAtCut = 0
            var index = scalars.startIndex
            while index < scalars.endIndex {
                let scalarWidth = TextWidth.of(scalars[index])
                if used + scalarWidth > width { return (String(scalars[..<cut]) + "…", usedAtCut + 1) }
                used += scalarWidth
                index = scalars.index(after: index)
                if used <= width - 1 { (cut, usedAtCut) = (index, used) }
            }
            return (text, used)
        }
        var used = 0
        var cut = text.startIndex
        var usedAtCut = 0
        var index = text.startIndex
        while index < text.endIndex {
            let characterWidth = TextWidth.of(text[index])
            if used + characterWidth > width {
                return (String(text[..<cut]) + "…", usedAtCut + 1)
            }
            used += characterWidth
            index = text.index(after: index)
            if used <= width - 1 { (cut, usedAtCut) = (index, used) }
        }
        return (text, used)
    }
}
