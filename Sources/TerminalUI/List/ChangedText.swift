/// Which characters of a row's text changed since its previous text, as `watch -d` shows
/// them: a character changed unless the previous text had the same character at the same column.
enum ChangedText {
    /// The runs of changed characters of `text` (visible text, as drawn), each with the column
    /// it starts at, in order.
    static func parts(of text: String, before: String) -> [(column: Int, text: String)] {
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
}
