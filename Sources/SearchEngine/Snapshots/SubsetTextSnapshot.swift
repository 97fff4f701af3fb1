/// The rows `shown` of `base`: a filtered view's snapshot, in the view's own indices. Runs of
/// consecutive rows are read from the base in one go.
public struct SubsetTextSnapshot: ListTextSnapshot {
    /// The snapshot of every row, in the base's indices.
    public let base: any ListTextSnapshot
    /// The rows of `base` in this snapshot: row `i` here is row `shown[i]` there.
    public let shown: RowSet
    public let sectionHeaders: [Int]

    /// `shown`: rows of `base`; `sectionHeaders`: the indices in `shown` of headers.
    public init(base: any ListTextSnapshot, shown: RowSet, sectionHeaders: [Int] = []) {
        self.base = base
        self.shown = shown
        self.sectionHeaders = sectionHeaders
    }

    /// `shown`: ascending rows of `base`; `sectionHeaders`: the indices in `shown` of headers.
    public init(base: any ListTextSnapshot, shown: [Int], sectionHeaders: [Int] = []) {
        self.init(base: base, shown: RowSet(shown), sectionHeaders: sectionHeaders)
    }

    public var rowCount: Int { shown.count }

    public func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        let range = range.clamped(to: 0..<shown.count)
        guard !range.isEmpty else { return }
        // Runs of consecutive base rows: (first index here, first base row, length).
        var runs: [(index: Int, row: Int, length: Int)] = []
        shown.forEach(from: range.lowerBound) { i, row in
            guard i < range.upperBound else { return false }
            if let last = runs.last, last.row + last.length == row, runs.count > 0 {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((i, row, 1))
            }
            return true
        }
        for run in runs {
            var goOn = true
            let offset = run.index - run.row
            base.forEachRowText(in: run.row..<run.row + run.length) { index, text in
                goOn = body(index + offset, text)
                return goOn
            }
            if !goOn { return }
        }
    }
}
