import SearchEngine

/// The rows of grouped lines as a list snapshot (a value: later lines do not change it): each
/// header's text, and the lines read from their storage in runs of consecutive lines (a
/// file's in bulk), so search and filter walk grouped lines almost as fast as plain ones.
struct SectionedLinesSnapshot: ListTextSnapshot {
    let lines: LineList
    let map: SectionRowMap
    /// Lines dropped from the front of a stream: section line numbers count them.
    let dropped: Int
    /// Each section's header text.
    let headers: [String]

    var rowCount: Int { map.rowCount }
    var sectionHeaders: [Int] { map.headerRows }

    func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachRun(in: range) { row, lineRange in
            guard let lineRange else { return header(at: row) { body(row, $0) } }
            var goOn = true
            lines.forEachLineText(in: lineRange) { index, text in
                goOn = body(row + index - lineRange.lowerBound, text)
                return goOn
            }
            return goOn
        }
    }

    func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachRun(in: range) { row, lineRange in
            guard let lineRange else { return header(at: row) { body(row, 1, $0) } }
            var goOn = true
            lines.forEachLineBlock(in: lineRange) { index, count, text in
                goOn = body(row + index - lineRange.lowerBound, count, text)
                return goOn
            }
            return goOn
        }
    }

    /// Runs of `range` as `body` needs them: a header row (nil), or a row and the indices in
    /// `lines` of the consecutive lines it starts (lines a stream dropped left out).
    private func forEachRun(in range: Range<Int>, _ body: (Int, Range<Int>?) -> Bool) {
        map.forEachRun(in: range) { row, numbers in
            guard let numbers else { return body(row, nil) }
            let first = max(numbers.lowerBound - dropped, 0), end = min(numbers.upperBound - dropped, lines.count)
            guard first < end else { return true }
            return body(row + first - (numbers.lowerBound - dropped), first..<end)
        }
    }

    private func header(at row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var text = headers[map.section(ofRow: row)]
        return text.withUTF8(body)
    }
}
