/// Rows of `base` in any order (a ranked filter's rows, best first), in the view's own
/// indices: row `i` here is row `rows[i]` there. Each row is read on its own.
public struct OrderedSubsetTextSnapshot: ListTextSnapshot {
    /// The snapshot of every row, in the base's indices.
    public let base: any ListTextSnapshot
    /// The rows of `base` in this snapshot, in its order.
    public let rows: [Int]

    /// `rows`: rows of `base`, in the order of this snapshot.
    public init(base: any ListTextSnapshot, rows: [Int]) {
        self.base = base
        self.rows = rows
    }

    public var rowCount: Int { rows.count }
    public var sectionHeaders: [Int] { [] }

    public func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        for index in range.clamped(to: 0..<rows.count) {
            var goOn = true
            base.forEachRowText(in: rows[index]..<rows[index] + 1) { _, text in
                goOn = body(index, text)
                return false
            }
            if !goOn { return }
        }
    }
}
