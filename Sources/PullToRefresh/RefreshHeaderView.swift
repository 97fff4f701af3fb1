import TerminalText
import TerminalUI

/// Draws a `RefreshHeader` into a `Canvas`.
///
/// Two lines: the state line (arrow ↓/↑ or spinner at column 1,
/// title at column 3) and the last-updated line (at column 3). A header pulled by one row
/// shows only the state line, so the user sees what releasing will do; over-pulled past
/// `height` rows, the blank rows come first and the two lines stay next to the content,
/// as MJRefresh's header hangs from the top of the content.
public struct RefreshHeaderView {
    /// The header's titles, in the view's language.
    public var titles: RefreshTitles
    /// The arrows and spinner frames drawn before the title.
    public var glyphs: RefreshGlyphs
    /// Formats the last-updated line.
    public var formatter: LastUpdatedFormatter
    /// The style of the state line (glyph and title).
    public var titleStyle: Style
    /// The style of the last-updated line.
    public var detailStyle: Style

    /// - Parameters:
    ///   - language: the language of the titles and, unless `formatter` is given, of the
    ///     last-updated line.
    ///   - glyphs: the arrows and spinner frames, usually `RefreshGlyphs.detect()`.
    ///   - formatter: formats the last-updated line; `nil` (the default) makes one in
    ///     `language` with the local time zone and the system clock.
    ///   - titleStyle: the style of the state line; bold by default.
    ///   - detailStyle: the style of the last-updated line; dim by default.
    public init(
        language: RefreshLanguage,
        glyphs: RefreshGlyphs,
        formatter: LastUpdatedFormatter? = nil,
        titleStyle: Style = .bold,
        detailStyle: Style = .dim
    ) {
        self.titles = RefreshTitles(language: language)
        self.glyphs = glyphs
        self.formatter = formatter ?? LastUpdatedFormatter(language: language)
        self.titleStyle = titleStyle
        self.detailStyle = detailStyle
    }

    /// The state line: glyph and title.
    func stateLine(for header: RefreshHeader) -> String {
        let glyph: String
        switch header.state {
        case .refreshing, .willRefresh: glyph = glyphs.spinnerFrame(header.spinner.tick)
        case .pulling: glyph = glyphs.upArrow
        case .idle, .noMoreData: glyph = glyphs.downArrow
        }
        return " " + glyph + " " + titles.header(header.state)
    }

    /// The last-updated line.
    func detailLine(for header: RefreshHeader) -> String {
        "   " + formatter.string(for: header.lastUpdated)
    }

    /// The header's lines top to bottom for `rows` rows (default `header.visibleHeight`);
    /// blank rows are empty strings.
    func lines(for header: RefreshHeader, rows: Int? = nil) -> [String] {
        let count = max(0, rows ?? header.visibleHeight)
        switch count {
        case 0: return []
        case 1: return [stateLine(for: header)]
        default:
            return Array(repeating: "", count: count - 2) + [stateLine(for: header), detailLine(for: header)]
        }
    }

    /// Draws the header into `canvas` from screen row `row`, clearing each of its rows first.
    /// `skipTop` rows of the header are scrolled off above `row` (a parked header scrolling
    /// away with the content): only the rows below them are drawn.
    func draw(_ header: RefreshHeader, on canvas: Canvas, row: Int, rows: Int? = nil, skipTop: Int = 0) {
        let all = lines(for: header, rows: rows)
        guard skipTop < all.count else { return }
        let stateIndex = all.count == 1 ? 0 : all.count - 2
        for (offset, index) in (max(0, skipTop)..<all.count).enumerated() {
            let screenRow = row + offset
            canvas.fillRow(screenRow, style: .plain)
            canvas.draw(all[index], row: screenRow, column: 0, style: index == stateIndex ? titleStyle : detailStyle)
        }
    }
}
