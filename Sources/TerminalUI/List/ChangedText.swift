import TerminalText

/// Which characters of a row's text changed since its previous text, as `watch -d` shows
/// them: a character changed unless the previous text had the same character at the same column.
enum ChangedText {
    /// The runs of changed characters of `text` (visible text, as drawn), each with the column
    /// it starts at, in order.
    static func parts(of text: String, before: String) -> [(column: Int, text: String)] {
        if text.utf8.allSatisfy({ $0 < 0x80 }), before.utf8.allSatisfy({ $0 < 0x80 }) {
            return asciiParts(of: Array(text.utf8), before: Array(before.utf8))
        }
        var parts: [(column: Int, text: String)] = []
        var old = before.makeIterator()
        var oldCharacter = old.next()
        var oldColumn = 0
        var column = 0
        var run: (column: Int, text: String)?
        for character in text {
            while let current = oldCharacter, oldColumn < column {
                oldColumn += TextWidth.of(current)
                oldCharacter = old.next()
            }
            let width = TextWidth.of(character)
            if oldColumn == column, oldCharacter == character {
                if let done = run { parts.append(done) }
                run = nil
            } else if run == nil {
                run = (column, String(character))
            } else {
                run?.text.append(character)
            }
            column += width
        }
        if let done = run { parts.append(done) }
        return parts
    }

    /// `parts` of sanitised ASCII texts: one column per byte, compared byte by byte (a row is
    /// drawn at every frame, and most rows are ASCII).
    private static func asciiParts(of text: [UInt8], before: [UInt8]) -> [(column: Int, text: String)] {
        var parts: [(column: Int, text: String)] = []
        var start: Int?
        for i in 0...text.count {
            let changed = i < text.count && (i >= before.count || text[i] != before[i])
            if changed, start == nil { start = i }
            if !changed, let from = start {
                parts.append((from, String(decoding: text[from..<i], as: UTF8.self)))
                start = nil
            }
        }
        return parts
    }
}
