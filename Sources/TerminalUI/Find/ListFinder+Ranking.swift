import Dispatch

extension ListFinder {
    /// The rows `rows` of `snapshot` that `query` matches, ranked (see `FilterRanking`); nil
    /// when cancelled. Many rows are scored and sorted in parts, one per core, and the sorted
    /// parts merged.
    public static func rank(_ query: FuzzyQuery, in snapshot: any ListTextSnapshot, rows: RowSet,
                            isCancelled: @Sendable () -> Bool = { false }) -> FilterRanking? {
        let subset = SubsetTextSnapshot(base: snapshot, shown: rows)
        let threads = Swift.min(Self.cores, Swift.max(1, rows.count / (rowsPerThread / 4)))
        guard threads > 1 else {
            return rankKeys(query, in: subset, range: 0..<rows.count, isCancelled: isCancelled).map(FilterRanking.init(sorted:))
        }
        let parts = Locked([[UInt64]?](repeating: nil, count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            let range = rows.count * part / threads..<rows.count * (part + 1) / threads
            let keys = rankKeys(query, in: subset, range: range, isCancelled: isCancelled)
            parts.withLock { $0[part] = keys }
        }
        var sorted: [[UInt64]] = []
        for part in parts.withLock({ $0 }) {
            guard let part else { return nil }
            sorted.append(part)
        }
        while sorted.count > 1 {
            var merged: [[UInt64]] = []
            for i in stride(from: 0, to: sorted.count, by: 2) {
                merged.append(i + 1 < sorted.count ? FilterRanking.merge(sorted[i], sorted[i + 1]) : sorted[i])
            }
            sorted = merged
        }
        return FilterRanking(sorted: sorted.first ?? [])
    }

    /// The sort keys of the rows of `range` of `rows` (a subset, so its rows are the base's)
    /// that `query` matches, sorted; nil when cancelled.
    private static func rankKeys(_ query: FuzzyQuery, in rows: SubsetTextSnapshot, range: Range<Int>,
                                 isCancelled: () -> Bool) -> [UInt64]? {
        var keys: [UInt64] = []
        keys.reserveCapacity(range.count)
        var scorer = FuzzyScorer()
        var start = range.lowerBound
        while start < range.upperBound {
            if isCancelled() { return nil }
            let end = Swift.min(range.upperBound, start + block * 4)
            rows.forEachRowText(in: start..<end) { index, bytes in
                if let key = rankKey(query, line: bytes, row: rows.shown[index], scorer: &scorer) { keys.append(key) }
                return true
            }
            start = end
        }
        keys.sort()
        return keys
    }

    /// The sort keys of the rows of `range` of `snapshot` that `query` matches (rows appended
    /// to a ranked filter), in row order.
    public static func rankKeys(_ query: FuzzyQuery, in snapshot: any ListTextSnapshot, range: Range<Int>) -> [UInt64] {
        var keys: [UInt64] = []
        var scorer = FuzzyScorer()
        snapshot.forEachRowText(in: range) { row, bytes in
            if let key = rankKey(query, line: bytes, row: row, scorer: &scorer) { keys.append(key) }
            return true
        }
        return keys
    }

    /// The sort key of the line `bytes` (as read) at `row`, nil when `query` does not match it.
    static func rankKey(_ query: FuzzyQuery, line bytes: UnsafeBufferPointer<UInt8>, row: Int,
                        scorer: inout FuzzyScorer) -> UInt64? {
        let scored: (score: Int, length: Int)?
        if VisibleLine.isShownAsIs(bytes) {
            scored = query.scoreAndLength(utf8: bytes, scorer: &scorer)
        } else {
            var visible = VisibleLine.visibleText(of: bytes)
            scored = visible.withUTF8 { query.scoreAndLength(utf8: $0, scorer: &scorer) }
        }
        return scored.map { FuzzyQuery.rankKey(score: $0.score, length: $0.length, row: row) }
    }
}
