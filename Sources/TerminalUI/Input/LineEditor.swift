import TerminalText

/// A one-line text editor for prompts (search, filter, a name): the text, a cursor, and the
/// edits a terminal prompt needs. A value: the owner keeps it and draws it.
///
/// Typed control keys are never inserted; pasted text is inserted whole, line breaks
/// becoming spaces. The text may still hold control characters and escape sequences (from a
/// paste): `draw` shows them as visible pictures, never sends them to the terminal.
public struct LineEditor: Equatable, Sendable {
    /// What a key did.
    public enum Outcome: Equatable, Sendable {
        /// The text or the cursor changed (or the key was an edit with nothing to do).
        case edited
        /// Enter: the text is done.
        case submitted
        /// Esc or Ctrl-C: the prompt is abandoned.
        case cancelled
        /// The key means nothing here (a function key, an unbound control key).
        case ignored
    }

    private var characters: [Character] = []
    /// The cursor, as a count of characters before it (`0 ... text.count`).
    public private(set) var cursor = 0

    /// An editor holding `text` (empty by default), with the cursor at its end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text being edited.
    public var text: String { String(characters) }
    /// Whether the text is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// Inserts `text` at the cursor, as it is.
    public mutating func insert(_ text: String) {
        let new = Array(text)
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// Inserts pasted text at the cursor: whole, each line break (`\r\n`, `\r`, `\n`) a space.
    public mutating func paste(_ text: String) {
        insert(String(text.map { $0.isNewline ? " " : $0 }))
    }

    /// Deletes the character before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Deletes the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Empties the text.
    public mutating func clear() {
        characters.removeAll()
        cursor = 0
    }

    /// Puts the cursor after `position` characters, clamped to `0 ... text.count`.
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    /// Applies a key: characters insert; Backspace (Ctrl-H) and Delete delete; Ctrl-U clears;
    /// Left, Right, Home (Ctrl-A) and End (Ctrl-E) move; Enter submits; Esc and Ctrl-C cancel.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c): insert(String(c))
        case .backspace, .ctrl("h"): backspace()
        case .delete, .ctrl("d"): deleteForward()
        case .ctrl("u"): clear()
        case .left, .ctrl("b"): moveCursor(to: cursor - 1)
        case .right, .ctrl("f"): moveCursor(to: cursor + 1)
        case .home, .ctrl("a"): moveCursor(to: 0)
        case .end, .ctrl("e"): moveCursor(to: characters.count)
        case .enter: return .submitted
        case .escape, .ctrl("c"), .ctrl("g"): return .cancelled
        default: return .ignored
        }
        return .edited
    }

    /// Draws `prefix` and the text on `row`, `width` columns from column 0, and the cursor as
    /// a reverse-video cell. Control characters and escape sequences show as pictures. When it
    /// does not fit, the text scrolls so the cursor stays in view (the prefix stays).
    /// Returns the cursor's column.
    @discardableResult
    public func draw(on canvas: any Canvas, row: Int, prefix: String, width: Int, style: Style = .plain) -> Int {
        guard width > 0 else { return 0 }
        canvas.fill(row: row, column: 0, width: width, style: style)
        let shownPrefix = SanitizedText(prefix)
        let prefixWidth = min(shownPrefix.width, max(0, width - 1))
        canvas.draw(shownPrefix, row: row, column: 0, style: style, maxWidth: prefixWidth)
        let room = width - prefixWidth
        guard room > 0 else { return prefixWidth }
        // Each character as shown, and its width; the cursor needs one column after the text.
        let cells = characters.map { character -> (String, Int) in
            let shown = SanitizedText(String(character))
            return (shown.text, shown.width)
        }
        var first = 0
        var used = 1
        var i = cursor
        while i > 0, used + cells[i - 1].1 <= room {
            used += cells[i - 1].1
            i -= 1
        }
        first = i
        var column = prefixWidth
        var cursorColumn = prefixWidth
        for index in first..<cells.count {
            let (text, cellWidth) = cells[index]
            if column + cellWidth > width { break }
            if index == cursor { cursorColumn = column }
            canvas.draw(text, row: row, column: column, style: index == cursor ? Self.cursorStyle(style) : style, maxWidth: cellWidth)
            column += cellWidth
        }
        if cursor == cells.count {
            cursorColumn = column
            if column < width { canvas.fill(row: row, column: column, width: 1, style: Self.cursorStyle(style)) }
        }
        return cursorColumn
    }

    private static func cursorStyle(_ style: Style) -> Style {
        var cursor = style
        cursor.reverse.toggle()
        return cursor
    }
}
