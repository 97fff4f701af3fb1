import TerminalText

/// A row's text broken into the screen lines a wrapping `ListView` shows: the first line
/// `width` columns wide, each continuation line `width - continuationIndent` (it starts with
/// the list's wrap mark). A character is never split; one too wide for a line starts the
/// next one.
struct WrappedRow {
    /// The row text the lines were made from.
    let source: String
    /// The columns of the first line.
    let width: Int
    /// The columns the wrap mark takes at the start of a continuation line.
    let continuationIndent: Int
    /// The lines, sanitised; never empty (an empty text is one empty line).
    let lines: [SanitizedText]

    /// `raw` broken into lines, reading it once (its escapes handled as `escapes` says).
    init(_ raw: String, escapes: EscapeHandling, width: Int, continuationIndent: Int) {
        source = raw
        self.width = width
        self.continuationIndent = continuationIndent
        lines = Self.lines(of: raw, escapes: escapes, first: width, rest: width - continuationIndent)
    }

    /// Whether the lines were made from `raw` at this width.
    func fits(_ raw: String, width: Int, continuationIndent: Int) -> Bool {
        self.width == width && self.continuationIndent == continuationIndent && source.hasSameBytes(as: raw)
    }

    private static func lines(of raw: String, escapes: EscapeHandling, first: Int, rest: Int) -> [SanitizedText] {
        let visible = TextWalker.visible(raw, escapes: escapes)
        let text = visible.text
        guard first > 0, rest > 0 else { return [line(of: visible, from: text.startIndex, to: text.endIndex, width: max(0, first))] }
        var starts: [String.Index] = [text.startIndex]
        var used = 0
        var limit = first
        TextWalker.forEachCluster(in: text) { cluster in
            if used > 0, used + cluster.width > limit {
                starts.append(cluster.range.lowerBound)
                used = 0
                limit = rest
            }
            used += cluster.width
            return true
        }
        var result: [SanitizedText] = []
        result.reserveCapacity(starts.count)
        for (i, start) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : text.endIndex
            result.append(line(of: visible, from: start, to: end, width: i == 0 ? first : rest))
        }
        return result
    }

    /// The part `start..<end` of `visible` as one line, with the data's styles that apply there.
    private static func line(of visible: TextWalker.Visible, from start: String.Index, to end: String.Index, width: Int) -> SanitizedText {
        let text = visible.text
        var part = TextWalker.Visible(text: String(text[start..<end]), marks: [])
        if !visible.marks.isEmpty {
            let low = text.utf8.distance(from: text.startIndex, to: start)
            let high = text.utf8.distance(from: text.startIndex, to: end)
            if let before = visible.marks.last(where: { $0.offset <= low }) {
                part.marks.append(TextWalker.Mark(offset: 0, style: before.style))
            }
            for mark in visible.marks where mark.offset > low && mark.offset < high {
                part.marks.append(TextWalker.Mark(offset: mark.offset - low, style: mark.style))
            }
        }
        let cut = TextWalker.cut(part, toWidth: width, ellipsis: false)
        return SanitizedText(checked: cut.text, width: cut.width, runs: cut.runs)
    }
}
