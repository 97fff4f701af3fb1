import SearchEngine
import TerminalText

/// The changed characters and the matches of a wrapped row, found in its whole text, and the
/// part of each that one of its screen lines shows. Found line by line, a match broken by a
/// wrap point would be in no line whole and marked nowhere; found in the whole text, each
/// line marks its share of it.
struct WrappedMarks {
    /// Marked characters of the row's text: the column they start at, their columns, their text.
    struct Span {
        let column: Int
        let width: Int
        let text: String
    }

    /// The row the marks were found in.
    let index: Int
    /// Runs of characters that differ from the row's previous text, at the same columns.
    let changed: [Span]
    /// The highlight's matches, left to right, not overlapping.
    let matches: [Span]

    /// The marks of row `index`, whose visible text (its wrapped lines joined) is `text`.
    /// `previous` is the visible text it had before (nil: unchanged); `highlight` the pattern
    /// whose matches are marked (nil: none).
    init(index: Int, text: String, previous: String?, highlight: TextPattern?) {
        self.index = index
        changed = previous.map { Self.spans(ChangedText.parts(of: text, before: $0)) } ?? []
        matches = highlight.map { Self.spans($0.highlights(in: text)) } ?? []
    }

    /// The parts of `spans` on the line showing the row's columns `start ..< start + width`,
    /// each with its column in that line. A wrap point never splits a character, so each
    /// character of a span is on the line or not.
    static func parts(of spans: [Span], from start: Int, width: Int) -> [(column: Int, text: String)] {
        let end = start + width
        // The first span that ends after `start` (spans are in order and do not overlap).
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].column + spans[middle].width <= start { low = middle + 1 } else { high = middle }
        }
        var result: [(column: Int, text: String)] = []
        for span in spans[low...] {
            guard span.column < end else { break }
            if span.column >= start, span.column + span.width <= end {
                result.append((span.column - start, span.text))
                continue
            }
            var column = span.column
            var taken = ""
            var takenColumn: Int?
            for character in span.text {
                if column >= end { break }
                if column >= start {
                    if takenColumn == nil { takenColumn = column }
                    taken.append(character)
                }
                column += TextWidth.of(character)
            }
            if let takenColumn { result.append((takenColumn - start, taken)) }
        }
        return result
    }

    private static func spans(_ parts: [(column: Int, text: String)]) -> [Span] {
        parts.map { Span(column: $0.column, width: TextWidth.of($0.text), text: $0.text) }
    }
}
