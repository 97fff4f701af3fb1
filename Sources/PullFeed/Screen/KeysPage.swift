import TerminalText
import TerminalUI

/// The list of keys (`?`) over the whole screen: a title, a blank row, then one row per binding
/// of the feed's key map (`KeyMap.keyList`), its keys in bold and its help cut with `…` to the
/// screen's width.
///
/// When the rows do not fit, the keys that move in the list (↑↓ j k, PgUp PgDn Space, Home
/// End, …, as the key map binds them) and the mouse wheel scroll them; the row under the title
/// says when more is above and the last row when more is below. Any other key or click closes
/// the page, as every key does when it all fits.
package struct KeysPage {
    private let entries: [(keys: String, help: String)]
    private let strings: AppStrings
    private let keyMap: KeyMap<FeedCommand>
    /// The first entry shown.
    private(set) var top = 0

    package init(keyMap: KeyMap<FeedCommand>, strings: AppStrings) {
        self.keyMap = keyMap
        self.strings = strings
        entries = keyMap.keyList
    }

    /// The screen row of the first entry.
    private static let firstRow = 2

    /// How many entries a screen of `rows` rows shows, and whether that is fewer than all of
    /// them (then the last row is kept for "more below").
    private func window(rows: Int) -> (height: Int, scrolls: Bool) {
        let room = max(0, rows - Self.firstRow)
        if entries.count <= room { return (room, false) }
        let height = max(0, room - 1)
        return (height, height > 0)
    }

    /// Handles a key or mouse event on a screen of `size`; false when it closes the page.
    package mutating func handle(_ event: InputEvent, size: Size) -> Bool {
        let (height, scrolls) = window(rows: size.rows)
        guard scrolls else { return false }
        let step: Int
        switch event {
        case .key(let key):
            guard case .move(let command)? = keyMap.action(for: key) else { return false }
            switch command {
            case .up: step = -1
            case .down: step = 1
            case .pageUp: step = -height
            case .pageDown: step = height
            case .halfPageUp: step = -max(1, height / 2)
            case .halfPageDown: step = max(1, height / 2)
            case .home: step = -entries.count
            case .end: step = entries.count
            default: return false
            }
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelUp: step = -1
            case .wheelDown: step = 1
            default: return false
            }
        default:
            return false
        }
        top = min(max(0, top + step), entries.count - height)
        return true
    }

    /// Draws the page over the whole of `canvas`.
    package func draw(on canvas: Canvas) {
        let size = canvas.size
        for row in 0..<size.rows { canvas.fillRow(row, style: .plain) }
        guard size.rows > 0, size.columns > 0 else { return }
        let (height, scrolls) = window(rows: size.rows)
        let top = min(top, max(0, entries.count - height))
        let titleStyle = Style(bold: true, reverse: true)
        canvas.fillRow(0, style: titleStyle)
        let title = " " + strings.text(scrolls ? .keysTitleScroll : .keysTitle)
        canvas.draw(TextLayout.truncate(title, toWidth: size.columns), row: 0, column: 0, style: titleStyle, maxWidth: size.columns)
        let keysWidth = min(20, entries.map { TextWidth.of($0.keys) }.max() ?? 0)
        let column = keysWidth + 3
        for (i, entry) in entries[top..<min(entries.count, top + height)].enumerated() {
            let row = Self.firstRow + i
            canvas.draw(" " + TextLayout.truncate(entry.keys, toWidth: min(keysWidth, max(0, size.columns - 1))),
                        row: row, column: 0, style: .bold, maxWidth: size.columns)
            if column < size.columns {
                canvas.draw(TextLayout.truncate(entry.help, toWidth: size.columns - column), row: row, column: column,
                            style: .plain, maxWidth: size.columns - column)
            }
        }
        guard scrolls else { return }
        if top > 0 { drawNote(.keysMoreAbove, on: canvas, row: Self.firstRow - 1) }
        if top + height < entries.count { drawNote(.keysMoreBelow, on: canvas, row: size.rows - 1) }
    }

    private func drawNote(_ text: AppText, on canvas: Canvas, row: Int) {
        let width = canvas.size.columns
        canvas.draw(" " + TextLayout.truncate(strings.text(text), toWidth: max(0, width - 1)), row: row, column: 0,
                    style: .dim, maxWidth: width)
    }
}
