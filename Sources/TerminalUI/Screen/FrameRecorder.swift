import TerminalText

/// What a frame's drawing calls do before they reach a terminal, shared by `CursesTerminal` and
/// `MemoryScreen` so both send the same bytes: calls are recorded per row (`RowCache`), and
/// `present` scrolls rows that moved, redraws the rows whose calls changed through the
/// `ScreenWriter`, and hands over the bytes in one piece.
package struct FrameRecorder {
    private var rowCache: RowCache
    package var writer: ScreenWriter
    /// Rows and columns; calls outside them are dropped.
    package let rows: Int, columns: Int

    package init(writer: ScreenWriter, rows: Int, columns: Int) {
        rowCache = RowCache(rows: rows, columns: columns)
        self.writer = writer
        self.rows = rows
        self.columns = columns
    }

    /// Blanks every row of the frame.
    package mutating func clear() { rowCache.clearAll() }

    /// Records a fill, cut to the frame; false (nothing recorded) when none of it is inside.
    @discardableResult
    package mutating func fill(row: Int, column: Int, width: Int, style: Style) -> Bool {
        guard row >= 0, row < rows else { return false }
        let start = max(0, column)
        let end = min(columns, column + width)
        guard start < end else { return false }
        rowCache.record(.fill(column: start, width: end - start, style: style), row: row)
        return true
    }

    /// Records `text` (sanitised, `width` columns wide) at (`row`, `column`), cut at the
    /// frame's right edge and after `maxWidth` columns. Returns the columns it takes there, or
    /// nil (nothing recorded) when none of it can be inside.
    package mutating func text(_ text: String, width: Int, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int? {
        guard row >= 0, row < rows, column < columns else { return nil }
        var limit = columns - column
        if let maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return nil }
        rowCache.record(.text(text, column: column, style: style, limit: limit), row: row)
        return min(width, limit)
    }

    /// Records one call on `row` as it is.
    package mutating func record(_ op: RowCache.Op, row: Int) { rowCache.record(op, row: row) }

    /// Forgets what the terminal shows: the next `present` redraws every row.
    package mutating func forgetShown() { rowCache.forgetShown() }

    /// Sends the frame: scrolls (when `canScroll`), redraws changed rows, and calls `send` with
    /// the bytes, if any.
    package mutating func present(canScroll: Bool, send: (UnsafeBufferPointer<UInt8>) -> Void) {
        if canScroll, let scroll = rowCache.bestScroll(), writer.scroll(scroll) {
            rowCache.didScroll(scroll)
        }
        for (row, ops) in rowCache.takeChangedRows() {
            writer.draw(row: row, ops: ops)
        }
        writer.sendOutput(send)
    }
}
