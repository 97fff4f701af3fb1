import SearchEngine

/// The lines of a `LineList` as a list snapshot (a value: later appends do not change it).
struct LineListSnapshot: ListTextSnapshot {
    let lines: LineList
    var rowCount: Int { lines.count }
    var sectionHeaders: [Int] { [] }

    func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        lines.forEachLineText(in: range, body)
    }

    func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        lines.forEachLineBlock(in: range, body)
    }
}
