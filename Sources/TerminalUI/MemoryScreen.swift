/// An in-memory `Canvas`: the headless backend. Tests render whole frames into it and
/// compare `lines` (text) and `style(row:column:)` (attributes).
public final class MemoryScreen: Canvas {
    /// One cell: a character with its style, or (`character == nil`) a column covered by the
    /// character before it, which takes as many columns as `TextWidth` gives it: two for a wide
    /// character, three for an Indic conjunct of three letters.
    public struct Cell: Hashable, Sendable {
        /// The character shown, or nil for a column covered by the character before it.
        public var character: Character?
        /// The style the cell is drawn in.
        public var style: Style
        /// A space in the plain style: what a cleared screen holds.
        public static let blank = Cell(character: " ", style: .plain)
    }

    public private(set) var size: Size
    /// Every cell, indexed `[row][column]` from the top left.
    public private(set) var cells: [[Cell]]

    /// A blank screen of `columns` × `rows` cells (negative values count as 0).
    ///
    /// - Parameters:
    ///   - columns: The width in cells.
    ///   - rows: The height in cells.
    public init(columns: Int, rows: Int) {
        size = Size(columns: columns, rows: rows)
        cells = Array(repeating: Array(repeating: .blank, count: size.columns), count: size.rows)
    }

    /// Changes the size, keeping what still fits (as a terminal resize does before a redraw).
    public func resize(columns: Int, rows: Int) {
        let newSize = Size(columns: columns, rows: rows)
        var newCells = Array(repeating: Array(repeating: Cell.blank, count: newSize.columns), count: newSize.rows)
        for r in 0..<min(size.rows, newSize.rows) {
            for c in 0..<min(size.columns, newSize.columns) { newCells[r][c] = cells[r][c] }
        }
        size = newSize
        cells = newCells
    }

    public func clear() {
        for r in 0..<size.rows {
            for c in 0..<size.columns { cells[r][c] = .blank }
        }
    }

    public func fill(row: Int, column: Int, width: Int, style: Style) {
        guard row >= 0, row < size.rows else { return }
        let start = max(0, column)
        let end = min(size.columns, column + width)
        guard start < end else { return }
        for c in start..<end { put(Cell(character: " ", style: style), row: row, column: c) }
    }

    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        var limit = size.columns - column
        if let maxWidth { limit = min(limit, maxWidth) }
        var used = 0
        let visible = TextSanitizer.sanitize(text)
        TextWalker.forEachCluster(in: visible) { cluster in
            let w = cluster.width
            if w == 0 { return true }
            if used + w > limit {
                if used < limit { fill(row: row, column: column + used, width: limit - used, style: style) }
                used = limit
                return false
            }
            let c = column + used
            if c >= 0 {
                put(Cell(character: Self.shown(visible[cluster.range].first!), style: style), row: row, column: c)
                for k in 1..<w { put(Cell(character: nil, style: style), row: row, column: c + k) }
            } else {
                for k in 0..<w where c + k >= 0 { put(Cell(character: " ", style: style), row: row, column: c + k) }
            }
            used += w
            return true
        }
        return used
    }

    /// What a terminal shows of `character` (`CellBuilder.shownText`): the same as the
    /// character except for emoji sequences and characters under many marks.
    private static func shown(_ character: Character) -> Character {
        let scalars = character.unicodeScalars
        if scalars.index(after: scalars.startIndex) == scalars.endIndex { return character }
        let text = CellBuilder.shownText(of: character)
        return text.count == 1 ? text.first! : character
    }

    /// Writes one cell, blanking the rest of any character over several columns that it
    /// would cut (a continuation written goes on the character written just before it).
    private func put(_ cell: Cell, row: Int, column: Int) {
        guard column >= 0, column < size.columns else { return }
        if cell.character != nil, cells[row][column].character == nil {
            var c = column - 1
            while c >= 0 {
                let isStart = cells[row][c].character != nil
                cells[row][c] = Cell(character: " ", style: cells[row][c].style)
                if isStart { break }
                c -= 1
            }
        }
        var c = column + 1
        while c < size.columns, cells[row][c].character == nil {
            cells[row][c] = Cell(character: " ", style: cells[row][c].style)
            c += 1
        }
        cells[row][column] = cell
    }

    /// The text of one row, trailing spaces removed.
    public func line(_ row: Int) -> String {
        var s = ""
        for cell in cells[row] { if let ch = cell.character { s.append(ch) } }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Every row's text, trailing spaces removed.
    public var lines: [String] { (0..<size.rows).map(line) }

    /// The whole screen as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }

    /// The style of the cell at (`row`, `column`).
    public func style(row: Int, column: Int) -> Style { cells[row][column].style }
}
