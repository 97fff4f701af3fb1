import TerminalUI

/// Lays sanitised text out as `ScreenWriter` cells: one cell per column, a wide character as
/// its cell plus a continuation cell, each character in exactly the columns `TextWidth` gives it.
enum CellBuilder {
    typealias Cell = ScreenWriter.Cell

    /// Writes `text` (already sanitised) into `row` from `column`, at most `limit` columns;
    /// columns left of 0 are dropped. A wide character that would cross `limit` leaves blanks.
    static func place(
        _ text: String, column: Int, limit: Int, style: UInt16,
        libcWidth: (UInt32) -> Int, into row: inout [Cell]
    ) {
        guard limit > 0 else { return }
        var used = 0
        if TextWidth.isPrintableASCII(text) {
            var text = text
            text.withUTF8 { bytes in
                row.withUnsafeMutableBufferPointer { cells in
                    let start = max(0, -column)
                    let end = min(bytes.count, limit)
                    guard start < end else { return }
                    for i in start..<end { cells[column + i] = Cell(bytes: UInt64(bytes[i]), style: style) }
                }
            }
            return
        }
        if TextWidth.scalarsAreCharacters(text) {
            for scalar in text.unicodeScalars {
                let width = TextWidth.of(scalar)
                if width == 0 { continue }
                if used + width > limit {
                    blank(from: column + used, to: column + limit, style: style, in: &row)
                    return
                }
                if width == 1, scalar.isASCII {
                    if column + used >= 0 { row[column + used] = Cell(bytes: UInt64(scalar.value), style: style) }
                } else {
                    place(CollectionOfOne(scalar), width: width, at: column + used, style: style, libcWidth: libcWidth, into: &row)
                }
                used += width
            }
            return
        }
        for ch in text {
            let utf8 = ch.utf8
            if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
                if used + 1 > limit { return }
                if column + used >= 0 { row[column + used] = Cell(bytes: UInt64(byte), style: style) }
                used += 1
                continue
            }
            let width = TextWidth.of(ch)
            if width == 0 { continue }
            if used + width > limit {
                blank(from: column + used, to: column + limit, style: style, in: &row)
                return
            }
            place(ch.unicodeScalars, width: width, at: column + used, style: style, libcWidth: libcWidth, into: &row)
            used += width
        }
    }

    /// Makes the row's wide characters whole: a continuation cell without its wide
    /// character, or a wide character without its continuation (one was drawn over), becomes
    /// a blank, as on a terminal.
    static func repairWideCharacters(_ row: inout [Cell]) {
        row.withUnsafeMutableBufferPointer { cells in
            for c in cells.indices {
                if cells[c].isContinuation {
                    if c == 0 || cells[c - 1].style & PackedStyle.wide == 0 {
                        cells[c] = Cell(bytes: 0x20, style: cells[c].style & PackedStyle.styleMask)
                    }
                } else if cells[c].style & PackedStyle.wide != 0, c + 1 == cells.count || !cells[c + 1].isContinuation {
                    cells[c] = Cell(bytes: 0x20, style: cells[c].style & PackedStyle.styleMask)
                }
            }
        }
    }

    /// One character in exactly `width` columns, whatever the C library's `wcwidth` (which the
    /// terminal follows) thinks of it: if it thinks one column, a blank follows; if it
    /// disagrees otherwise, U+FFFD and blanks. Columns left of 0 are dropped (a wide
    /// character cut there leaves a blank).
    private static func place(
        _ scalars: some Collection<Unicode.Scalar>, width: Int, at column: Int, style: UInt16,
        libcWidth: (UInt32) -> Int, into row: inout [Cell]
    ) {
        if column < 0 {
            blank(from: column, to: column + width, style: style, in: &row)
            return
        }
        guard let first = scalars.first else { return }
        let terminalWidth = libcWidth(first.value)
        if terminalWidth == width || (terminalWidth == 1 && width == 2) {
            let isWide = terminalWidth == 2
            row[column] = Cell(bytes: pack(scalars), style: isWide ? style | PackedStyle.wide : style)
            if width == 2 { row[column + 1] = isWide ? Cell(bytes: 0, style: style) : Cell(bytes: 0x20, style: style) }
        } else {
            row[column] = Cell(bytes: 0xBD_BF_EF, style: style)  // U+FFFD
            blank(from: column + 1, to: column + width, style: style, in: &row)
        }
    }

    /// The UTF-8 of a character's first scalar and the scalars after it that stay in its cell
    /// on every terminal (`joinsEverywhere`), as many as fit in 8 bytes.
    private static func pack(_ scalars: some Collection<Unicode.Scalar>) -> UInt64 {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        var isFirst = true
        for scalar in scalars {
            if !isFirst, !joinsEverywhere(scalar) { break }
            let utf8 = UTF8.encode(scalar)!
            guard shift + UInt64(utf8.count) * 8 <= 64 else { break }
            for byte in utf8 {
                packed |= UInt64(byte) << shift
                shift += 8
            }
            isFirst = false
        }
        return packed
    }

    private static func blank(from start: Int, to end: Int, style: UInt16, in row: inout [Cell]) {
        let from = max(0, start), to = min(row.count, end)
        guard from < to else { return }
        for c in from..<to { row[c] = Cell(bytes: 0x20, style: style) }
    }

    /// Whether a scalar that follows a character's first scalar stays in its cell on every
    /// terminal: combining marks and variation selectors do. Zero-width joiners, skin-tone
    /// modifiers and the second half of a flag do not: terminals without emoji sequences
    /// (tmux, xterm) draw what follows them as extra wide cells and push the row past the
    /// edge, so a family emoji is drawn as its first person and a flag as its first letter.
    static func joinsEverywhere(_ scalar: Unicode.Scalar) -> Bool {
        if (0xFE00...0xFE0F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return !scalar.properties.isEmojiModifier
        default: return false
        }
    }
}
