import TerminalUI

/// Draws a `RefreshHeader` into a `Canvas`.
///
/// Two lines, indented as the app's screen shows them: the state line (arrow ↓/↑ or spinner at column 1,
/// title at column 3) and the last-updated line (at column 3). A header pulled by one row
/// shows only the state line, so the user sees what releasing will do; over-pulled past
/// `height` rows, the blank rows come first and the two lines stay next to the content,
/// as MJRefresh's header hangs from the top of the content.
public struct RefreshHeaderView {
    public var titles: RefreshTitles
    public var glyphs: RefreshGlyphs
    public var formatter: LastUpdatedFormatter
    public var titleStyle: Style
    public var detailStyle: Style

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
    public func stateLine(for header: RefreshHeader) -> String {
        let glyph: String
        switch header.state {
        case .refreshing, .willRefresh: glyph = glyphs.spinnerFrame(header.spinner.tick)
        case .pulling: glyph = glyphs.upArrow
        case .idle, .noMoreData: glyph = glyphs.downArrow
        }
        return " " + glyph + " " + titles.header(header.state)
    }

    /// The last-updated line.
    public func detailLine(for header: RefreshHeader) -> String {
        "   " + formatter.string(for: header.lastUpdated)
    }

    /// The header's lines top to bottom for `rows` rows (default `header.visibleHeight`);
    /// blank rows are empty strings.
    public func lines(for header: RefreshHeader, rows: Int? = nil) -> [String] {
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
    public func draw(_ header: RefreshHeader, on canvas: Canvas, row: Int, rows: Int? = nil, skipTop: Int = 0) {
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
