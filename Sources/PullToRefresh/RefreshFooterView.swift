import TerminalText
import TerminalUI

/// Draws a footer (auto or back) as one line: glyph at column 1, title at column 3.
///
/// The spinner shows while loading; the back footer shows ↓ when idle (Down is the key that
/// pulls it) and ↑ when pulled past the threshold (the arrow flips, as the header's does);
/// the auto footer and "No more data" have no glyph.
public struct RefreshFooterView {
    /// The footer's titles, in the view's language.
    public var titles: RefreshTitles
    /// The arrows and spinner frames drawn before the title.
    public var glyphs: RefreshGlyphs
    /// The style of the footer's row, unless `draw` is given another.
    public var style: Style
    /// What the footer says while the input is still open but has nothing more right now
    /// (`RefreshFooter.isWaitingForMore`); nil: `RefreshTitles.waitingForMore`. An app whose
    /// input is a running command may say "Running..." instead.
    public var waitingTitle: String?

    /// - Parameters:
    ///   - language: the language of the titles.
    ///   - glyphs: the arrows and spinner frames, usually `RefreshGlyphs.detect()`.
    ///   - style: the style of the footer's row; dim by default.
    public init(language: RefreshLanguage, glyphs: RefreshGlyphs, style: Style = .dim) {
        self.titles = RefreshTitles(language: language)
        self.glyphs = glyphs
        self.style = style
    }

    /// The footer's line (empty while hidden); `selected` says whether its row has the
    /// selection (Enter then loads).
    func line(for footer: RefreshFooter, selected: Bool = false) -> String {
        guard !footer.isHidden else { return "" }
        let glyph: String
        switch (footer.state, footer.kind) {
        case (.refreshing, _), (.willRefresh, _): glyph = glyphs.spinnerFrame(footer.spinner.tick)
        case (.idle, .back): glyph = glyphs.downArrow
        case (.pulling, .back): glyph = glyphs.upArrow
        default: glyph = " "
        }
        if footer.state == .noMoreData, footer.isWaitingForMore { return " " + glyph + " " + (waitingTitle ?? titles.waitingForMore) }
        return " " + glyph + " " + titles.footer(footer.state, kind: footer.kind, selected: selected)
    }

    /// Draws the footer's row at screen row `row` (nothing while hidden). `style` overrides
    /// the view's style (e.g. reverse video when the footer row is selected).
    func draw(_ footer: RefreshFooter, on canvas: Canvas, row: Int, style: Style? = nil, selected: Bool = false) {
        guard !footer.isHidden else { return }
        let s = style ?? self.style
        canvas.fillRow(row, style: s)
        canvas.draw(line(for: footer, selected: selected), row: row, column: 0, style: s)
    }
}
