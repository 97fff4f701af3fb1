import TerminalText

/// An in-memory `Canvas`: the headless backend. Tests render whole frames into it and
/// compare `lines` (text) and `style(row:column:)` (attributes).
///
/// It holds the cells a terminal would show, not a model of its own: drawing calls go
/// through the same row cache, cell builder and diff as `CursesTerminal`'s (`RowCache`,
/// `ScreenWriter`, on an xterm with 24-bit colours and hyperlinks), and its cells are the ones
/// the writer believes the terminal shows once the frame is sent. Whether the writer's bytes
/// really make a terminal show them is for the tests to check, against a model of their own.
public final class MemoryScreen: Canvas {
    /// One cell: a character with its style, or (`character == nil`) a column covered by the
    /// character before it, which takes as many columns as `TextWidth` gives it: two for a wide
    /// character, three for an Indic conjunct of three letters.
    public struct Cell: Hashable, Sendable {
        /// The character shown, or nil for a column covered by the character before it.
        public var character: Character?
        /// The style the cell is drawn in (without its link).
        public var style: Style
        /// The URI of the hyperlink the cell is in, as the terminal got it; nil for none.
        public var link: String? = nil
        /// A space in the plain style: what a cleared screen holds.
        public static let blank = Cell(character: " ", style: .plain)
    }

    public private(set) var size: Size
    /// Every cell, indexed `[row][column]` from the top left: what the terminal shows after
    /// the frame drawn so far is sent.
    public var cells: [[Cell]] {
        present()
        return shown
    }

    /// The cells as last read from the writer.
    private var shown: [[Cell]]
    /// The writer's cells `shown` was read from, to read only the rows that changed.
    private var read: [[ScreenWriter.Cell]]
    /// The drawing calls since the last read, row by row, and the writer they go through, as
    /// `CursesTerminal` has them (on an xterm with 24-bit colours).
    private var frame: FrameRecorder
    /// Whether calls were recorded since the last read.
    private var hasPending = false
    /// Calls recorded since the frame was last sent. A screen drawn frame after frame and
    /// never read sends its frames every so often, so the calls kept stay few.
    private var pendingCount = 0

    /// The terminal `MemoryScreen` draws on: xterm's sequences with 24-bit colours, so every
    /// `Style` shows as it is.
    private static let codes: TerminalCodes = {
        var codes = TerminalCodes.ansi
        codes.trueColor = true
        return codes
    }()

    /// The terminal's width of a scalar: `TextWidth`'s, as a C library that agrees with it,
    /// save that a regional indicator is one column, as in glibc (a flag is two).
    static let scalarWidth: @Sendable (UInt32) -> Int = { v in
        TextWidth.isRegionalIndicator(v) ? 1 : Unicode.Scalar(v).map(TextWidth.of) ?? 1
    }

    /// A blank screen of `columns` × `rows` cells (negative values count as 0).
    ///
    /// Drawing goes the way it goes to a real terminal: calls are recorded per row
    /// (`RowCache`), and reading the screen (`cells`, `lines`, `style(row:column:)`) sends the
    /// frame with `ScreenWriter`, whose cells (what it believes the terminal shows) are read
    /// back.
    ///
    /// - Parameters:
    ///   - columns: The width in cells.
    ///   - rows: The height in cells.
    public init(columns: Int, rows: Int) {
        size = Size(columns: columns, rows: rows)
        shown = Array(repeating: Array(repeating: .blank, count: size.columns), count: size.rows)
        frame = Self.makeFrame(size)
        read = frame.writer.screen
    }

    private static func makeFrame(_ size: Size) -> FrameRecorder {
        FrameRecorder(writer: ScreenWriter(rows: size.rows, columns: size.columns, codes: codes, usesColors: true,
                                           libcWidth: scalarWidth),
                      rows: size.rows, columns: size.columns)
    }

    /// Changes the size, keeping what still fits (as a terminal resize does before a redraw).
    public func resize(columns: Int, rows: Int) {
        let kept = cells
        let newSize = Size(columns: columns, rows: rows)
        size = newSize
        frame = Self.makeFrame(newSize)
        read = frame.writer.screen
        shown = Array(repeating: Array(repeating: .blank, count: newSize.columns), count: newSize.rows)
        // What still fits is drawn again, cell by cell (a character cut by the new edge goes).
        for r in 0..<min(kept.count, newSize.rows) {
            var c = 0
            while c < min(kept[r].count, newSize.columns) {
                let cell = kept[r][c]
                var end = c + 1
                while end < kept[r].count, kept[r][end].character == nil { end += 1 }
                if let character = cell.character, end <= newSize.columns,
                   character != " " || cell.style != .plain || cell.link != nil {
                    var style = cell.style
                    style.link = cell.link
                    record(.text(String(character), column: c, style: style, limit: end - c), row: r)
                }
                c = end
            }
        }
    }

    public func clear() {
        hasPending = true
        frame.clear()
    }

    public func fill(row: Int, column: Int, width: Int, style: Style) {
        if frame.fill(row: row, column: column, width: width, style: style) { didRecord() }
    }

    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        let text = SanitizedText(text)
        guard let drawn = frame.text(text.text, width: text.width, row: row, column: column, style: style, maxWidth: maxWidth) else { return 0 }
        didRecord()
        return drawn
    }

    private func record(_ op: RowCache.Op, row: Int) {
        frame.record(op, row: row)
        didRecord()
    }

    /// A call was recorded: a screen drawn frame after frame and never read sends its frames
    /// every so often, so the calls kept stay few.
    private func didRecord() {
        hasPending = true
        pendingCount += 1
        if pendingCount > 8 * (size.rows + 1) { present() }
    }

    /// Sends the calls recorded since the last read as `CursesTerminal.present()` does, and
    /// reads back the rows the writer changed.
    private func present() {
        guard hasPending else { return }
        hasPending = false
        pendingCount = 0
        frame.present(canScroll: true) { _ in }
        let writer = frame.writer
        for r in 0..<size.rows where writer.screen[r] != read[r] {
            read[r] = writer.screen[r]
            shown[r] = read[r].map { cell in
                let style = Self.unpack(cell.style & PackedStyle.sgrMask)
                guard !cell.isContinuation else { return Cell(character: nil, style: style, link: writer.link(of: cell)) }
                let text = String(decoding: writer.bytes(of: cell), as: UTF8.self)
                return Cell(character: text.count == 1 ? Character(text) : text.first!, style: style, link: writer.link(of: cell))
            }
        }
    }

    /// The `Style` of a packed one (`PackedStyle`, at 24-bit depth).
    private static func unpack(_ packed: UInt64) -> Style {
        func color(_ shift: UInt64) -> Color {
            let value = packed >> shift & PackedStyle.colorMask
            if value == 0 { return .default }
            if value & PackedStyle.direct != 0 {
                return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
            }
            return .palette(UInt8(value - 1))
        }
        var style = Style.plain
        style.bold = packed & 1 != 0
        style.dim = packed & 2 != 0
        style.reverse = packed & 4 != 0
        style.underline = packed & 8 != 0
        style.italic = packed & 16 != 0
        style.foreground = color(PackedStyle.foregroundShift)
        style.background = color(PackedStyle.backgroundShift)
        return style
    }

    /// The text of one row, trailing spaces removed.
    public func line(_ row: Int) -> String {
        present()
        var s = ""
        for cell in shown[row] { if let ch = cell.character { s.append(ch) } }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Every row's text, trailing spaces removed.
    public var lines: [String] { (0..<size.rows).map(line) }

    /// The whole screen as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }

    /// The style of the cell at (`row`, `column`).
    public func style(row: Int, column: Int) -> Style {
        present()
        return shown[row][column].style
    }

    /// The URI of the hyperlink the cell at (`row`, `column`) is in; nil for none.
    public func link(row: Int, column: Int) -> String? {
        present()
        return shown[row][column].link
    }
}
