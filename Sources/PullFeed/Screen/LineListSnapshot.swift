import SearchEngine

/// The lines of a `LineList` as a list snapshot (a value: later appends do not change it).
package struct LineListSnapshot: ListTextSnapshot {
    package let lines: LineList
    package var rowCount: Int { lines.count }
    package var sectionHeaders: [Int] { [] }

    package init(lines: LineList) {
        self.lines = lines
    }

    package func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        lines.forEachLineText(in: range, body)
    }

    package func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        lines.forEachLineBlock(in: range, body)
    }
}
