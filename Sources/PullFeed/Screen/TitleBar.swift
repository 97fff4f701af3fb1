import TerminalText
import TerminalUI

/// The title bar: ` PullFeed · <source>` (and `following`) on the left, the count on the right
/// (`updated 14:05:09 · every 2s · 42 items`, `→39  200+ items`, `3 of 5,000 items`), in reverse
/// video. It is a
/// projection of `Content`: laid out again only when the content or the width changes, so an
/// unchanged title costs a comparison per frame.
struct TitleBar {
    /// What the title shows.
    struct Content: Equatable {
        var sourceTitle: String
        var itemCount: Int
        /// The rows a filter keeps (nil: no filter).
        var shownCount: String?
        /// More may come (`200+ items`).
        var more: Bool
        /// A file is still being counted.
        var counting: Bool
        var following: Bool
        /// Columns scrolled sideways.
        var columnOffset: Int
        /// `--every`'s interval, and whether `p` paused it.
        var every: Double?
        var paused: Bool
        /// Lines a stream dropped from its front (`· 1,234,567 dropped`).
        var dropped = 0
        /// Rows marked (`--multi`): `3 marked · 42 items`.
        var marked = 0
        /// When the data was last refreshed (`updated 14:05:09`), once that is news: after a
        /// refresh, or from the first load with `--every`.
        var updated: String?
    }

    private var laidOut: (content: Content, width: Int, title: String, room: Int, counter: (text: String, column: Int)?)?

    mutating func draw(_ content: Content, strings: AppStrings, on canvas: Canvas, row: Int, width: Int) {
        let style = Style(bold: true, reverse: true)
        canvas.fillRow(row, style: style)
        if laidOut?.content != content || laidOut?.width != width {
            laidOut = Self.layout(content, strings: strings, width: width)
        }
        guard let laidOut else { return }
        canvas.draw(laidOut.title, row: row, column: 0, style: style, maxWidth: laidOut.room)
        if let counter = laidOut.counter { canvas.draw(counter.text, row: row, column: counter.column, style: style) }
    }

    private static func layout(_ c: Content, strings: AppStrings, width: Int)
        -> (content: Content, width: Int, title: String, room: Int, counter: (text: String, column: Int)?) {
        let total = AppStrings.grouped(c.itemCount) + (c.more ? "+" : "")
        var count = (c.shownCount.map { strings.text(.filterCount, $0, total) }
            ?? strings.itemCount(c.itemCount, more: c.more, counting: c.counting)) + " "
        if c.marked > 0 { count = strings.text(.markedCount, AppStrings.grouped(c.marked)) + " \(strings.separator) " + count }
        if c.dropped > 0 { count = String(count.dropLast()) + " \(strings.separator) " + strings.dropped(c.dropped) + " " }
        if c.columnOffset > 0 { count = strings.text(.columnOffset, String(c.columnOffset)) + "  " + count }
        if let every = c.every { count = strings.live(every: every, paused: c.paused) + " \(strings.separator) " + count }
        if let updated = c.updated { count = updated + " \(strings.separator) " + count }
        let countWidth = TextWidth.of(count)
        let title = " PullFeed \(strings.separator) " + c.sourceTitle + (c.following ? strings.text(.following) : "")
        let room = max(0, width - countWidth - 1)
        return (c, width, TextLayout.truncate(title, toWidth: room), room, width > countWidth ? (count, width - countWidth) : nil)
    }
}
