import TerminalText

/// A grid of character cells that the app draws into.
///
/// Two backends implement it: `CursesTerminal` (the real terminal) and `MemoryScreen`
/// (an in-memory grid whose text and styles tests read back). All text passes through
/// `TextSanitizer` inside `draw`, so no byte of untrusted text can reach a terminal raw.
public protocol Canvas: AnyObject {
    /// The visible size; drawing outside it is clipped.
    var size: Size { get }

    /// Draws `text` at (`row`, `column`), sanitised, measured per character, clipped to
    /// `maxWidth` columns (and to the right edge). A character over several columns that does
    /// not fit is replaced by spaces; it is never split. Returns the number of columns drawn.
    @discardableResult
    func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int

    /// Draws text that is already sanitised and measured: the same cells as drawing
    /// `text.text`, without checking it again (lists redraw the same rows on every frame),
    /// each of its `runs` in its style over `style`.
    @discardableResult
    func draw(_ text: SanitizedText, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int

    /// Fills `width` cells from (`row`, `column`) with spaces in `style`.
    func fill(row: Int, column: Int, width: Int, style: Style)

    /// Blanks the whole canvas (plain style).
    func clear()
}

extension Canvas {
    @discardableResult
    public func draw(_ text: SanitizedText, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard !text.runs.isEmpty else { return draw(text.text, row: row, column: column, style: style, maxWidth: maxWidth) }
        return text.drawRuns(over: style, maxWidth: maxWidth) { run, offset, runStyle, limit in
            draw(run.text, row: row, column: column + offset, style: runStyle, maxWidth: limit)
        }
    }

    /// Draws `text` at (`row`, `column`) like `draw(_:row:column:style:maxWidth:)`, clipped only
    /// by the right edge, in the plain style unless given one. Returns the number of columns drawn.
    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style = .plain) -> Int {
        draw(text, row: row, column: column, style: style, maxWidth: nil)
    }

    /// Fills a whole row with spaces in `style`.
    public func fillRow(_ row: Int, style: Style) {
        fill(row: row, column: 0, width: size.columns, style: style)
    }
}
