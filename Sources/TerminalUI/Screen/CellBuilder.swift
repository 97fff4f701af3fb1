import TerminalText


/// Lays sanitised text out as `ScreenWriter` cells: one cell per column, a character that
/// takes several columns (a wide character, an Indic conjunct, a letter with a spacing vowel
/// sign) as its cell plus continuation cells, each character in exactly the columns
/// `TextWidth` gives it, whole: every scalar a terminal shows is sent (`forEachShownScalar`),
/// emoji sequences (skin tones, flags, ZWJ sequences) too.
enum CellBuilder {
    typealias Cell = ScreenWriter.Cell

    /// The most zero-width scalars one character keeps (after its base). Terminals keep
    /// fewer (tmux about ten marks, xterm ten), so a character under thousands of combining
    /// marks costs a bounded number of bytes per cell.
    static let maxZeroWidthScalars = 32

    /// Writes `text` (already sanitised) into `row` from `column`, at most `limit` columns;
    /// columns left of 0 are dropped. A character that would cross `limit` leaves blanks.
    /// Characters that do not fit in a cell's eight bytes go to `clusters`. Returns whether
    /// it placed a character that is not one column packed in its cell (`PackedStyle.wide`).
    @discardableResult
    static func place(
        _ text: String, column: Int, limit: Int, style: UInt64,
        libcWidth: (UInt32) -> Int, clusters: inout ClusterStore, into row: inout [Cell]
    ) -> Bool {
        guard limit > 0 else { return false }
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
            return false
        }
        var placedWide = false
        TextWalker.forEachCluster(in: text) { cluster in
            let width = cluster.width
            if width == 0 { return true }
            if used + width > limit {
                blank(from: column + used, to: column + limit, style: style, in: &row)
                return false
            }
            if let scalar = cluster.scalar {
                if width == 1, scalar.isASCII {
                    if column + used >= 0 { row[column + used] = Cell(bytes: UInt64(scalar.value), style: style) }
                } else {
                    place(scalar, width: width, at: column + used, style: style, libcWidth: libcWidth, into: &row)
                    placedWide = placedWide || width > 1
                }
            } else {
                placedWide = true
                place(text[cluster.range].first!, width: width, at: column + used, style: style, libcWidth: libcWidth,
                      clusters: &clusters, into: &row)
            }
            used += width
            return true
        }
        return placedWide
    }

    /// Makes the row's characters whole: a continuation cell without its character, or a
    /// character that lost one of its continuations (something was drawn over it), becomes a
    /// blank, as on a terminal. Returns whether the row still holds a character that is not
    /// one column packed in its cell.
    @discardableResult
    static func repairWideCharacters(_ row: inout [Cell], clusters: borrowing ClusterStore) -> Bool {
        row.withUnsafeMutableBufferPointer { cells in
            var hasWide = false
            var c = 0
            while c < cells.count {
                let cell = cells[c]
                if cell.isContinuation {  // the continuations of whole characters are skipped below
                    cells[c] = Cell(bytes: 0x20, style: cell.style & PackedStyle.styleMask)
                } else if cell.style & PackedStyle.wide != 0 {
                    let end = c + (ClusterStore.isStored(cell.bytes) ? clusters.columns(of: cell.bytes) : 2)
                    var whole = end <= cells.count
                    var k = c + 1
                    while whole, k < end {
                        whole = cells[k].isContinuation
                        k += 1
                    }
                    if whole {
                        hasWide = true
                        c = end
                        continue
                    }
                    cells[c] = Cell(bytes: 0x20, style: cell.style & PackedStyle.styleMask)
                }
                c += 1
            }
            return hasWide
        }
    }

    /// One single-scalar character in exactly `width` columns, whatever the C library's
    /// `wcwidth` (which the terminal follows) thinks of it: if it thinks one column, a blank
    /// follows; if it disagrees otherwise, U+FFFD and blanks. Columns left of 0 are dropped (a
    /// wide character cut there leaves a blank).
    private static func place(
        _ scalar: Unicode.Scalar, width: Int, at column: Int, style: UInt64,
        libcWidth: (UInt32) -> Int, into row: inout [Cell]
    ) {
        if column < 0 {
            blank(from: column, to: column + width, style: style, in: &row)
            return
        }
        let terminalWidth = libcWidth(scalar.value)
        guard terminalWidth == width || (terminalWidth == 1 && width == 2) else {
            replace(at: column, width: width, style: style, in: &row)
            return
        }
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for byte in UTF8.encode(scalar)! {
            packed |= UInt64(byte) << shift
            shift += 8
        }
        let isWide = terminalWidth == 2
        row[column] = Cell(bytes: packed, style: isWide ? style | PackedStyle.wide : style)
        if width == 2 { row[column + 1] = isWide ? Cell(bytes: 0, style: style) : Cell(bytes: 0x20, style: style) }
    }

    /// A character of several scalars in exactly `width` columns: its shown scalars in one
    /// cell, followed by as many continuations as the terminal advances for them (the sum of
    /// their `wcwidth`), then blanks if that is less than `width`. If the terminal would advance further, or does not know a scalar,
    /// U+FFFD and blanks. An emoji sequence is stored to be drawn over blanks, its cell
    /// followed by `width - 1` continuations (see `ClusterStore`).
    @inline(never)
    private static func place(
        _ character: Character, width: Int, at column: Int, style: UInt64,
        libcWidth: (UInt32) -> Int, clusters: inout ClusterStore, into row: inout [Cell]
    ) {
        if column < 0 {
            blank(from: column, to: column + width, style: style, in: &row)
            return
        }
        let isEmoji = TextWidth.isEmojiSequence(character.unicodeScalars)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(character.utf8.count)
        var terminalWidth = 0
        var known = true
        forEachShownScalar(of: character) { scalar in
            let scalarWidth = libcWidth(scalar.value)
            // A scalar the layout gives no column must not take one on the terminal.
            if scalarWidth != 0, TextWidth.of(scalar) == 0 { return }
            if scalarWidth < 0 { known = false }
            terminalWidth += scalarWidth
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
        guard known, terminalWidth > 0, terminalWidth <= width else {
            replace(at: column, width: width, style: style, in: &row)
            return
        }
        if isEmoji {
            row[column] = Cell(bytes: clusters.cellBytes(for: bytes, columns: width, overBlanks: true),
                               style: style | PackedStyle.wide)
            for c in (column + 1)..<(column + width) { row[c] = Cell(bytes: 0, style: style) }
            return
        }
        let cellBytes: UInt64
        if bytes.count <= 8, terminalWidth <= 2 {
            var packed: UInt64 = 0
            for (i, byte) in bytes.enumerated() { packed |= UInt64(byte) << UInt64(8 * i) }
            cellBytes = packed
        } else {
            cellBytes = clusters.cellBytes(for: bytes, columns: terminalWidth)
        }
        let isPlain = terminalWidth == 1 && !ClusterStore.isStored(cellBytes)
        row[column] = Cell(bytes: cellBytes, style: isPlain ? style : style | PackedStyle.wide)
        for c in (column + 1)..<(column + terminalWidth) { row[c] = Cell(bytes: 0, style: style) }
        blank(from: column + terminalWidth, to: column + width, style: style, in: &row)
    }

    /// The scalars of `character` that its cell sends, in order: every one, except zero-width
    /// ones before the first that takes a column (a terminal would put them on the cell
    /// before), and at most `maxZeroWidthScalars` zero-width ones.
    static func forEachShownScalar(of character: Character, _ body: (Unicode.Scalar) -> Void) {
        var hasBase = false
        var zeroWidth = 0
        for scalar in character.unicodeScalars {
            if TextWidth.of(scalar) > 0 {
                hasBase = true
                body(scalar)
                continue
            }
            guard hasBase, zeroWidth < maxZeroWidthScalars else { continue }
            zeroWidth += 1
            body(scalar)
        }
    }

    /// U+FFFD and blanks in `width` columns from `column`.
    private static func replace(at column: Int, width: Int, style: UInt64, in row: inout [Cell]) {
        row[column] = Cell(bytes: 0xBD_BF_EF, style: style)
        blank(from: column + 1, to: column + width, style: style, in: &row)
    }

    private static func blank(from start: Int, to end: Int, style: UInt64, in row: inout [Cell]) {
        let from = max(0, start), to = min(row.count, end)
        guard from < to else { return }
        for c in from..<to { row[c] = Cell(bytes: 0x20, style: style) }
    }
}
