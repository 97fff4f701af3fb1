import Dispatch
import Locking

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
        return FilterRanking(sorted: mergeAll(sorted))
    }

    /// The rows of `range` that `query` matches (among `candidates` only, when given) and
    /// their ranking, in one walk that scores each line as it matches it; nil when cancelled.
    /// The range is split among the cores; each part's keys are sorted (they come in row
    /// order, so sorting by score and length keeps rows in order) and the parts merged.
    /// `progress`, called from the walking threads now and then, gets the rows walked and the
    /// matches found so far.
    public static func fuzzyFilter(
        _ query: FuzzyQuery, in snapshot: any ListTextSnapshot, range: Range<Int>, among candidates: RowSet? = nil,
        progress: @Sendable (_ walked: Int, _ found: Int) -> Void = { _, _ in },
        isCancelled: @Sendable () -> Bool = { false }
    ) -> (matches: RowSet, ranking: FilterRanking)? {
        let range = range.clamped(to: 0..<snapshot.rowCount)
        if let candidates, candidates.count < range.count / 16 {
            // Few candidates: read only their rows.
            guard let ranking = rank(query, in: snapshot, rows: candidates, isCancelled: isCancelled) else { return nil }
            return (RowSet(ranking.keys.map { Int($0 & 0xFFFF_FFFF) }.sorted()), ranking)
        }
        let threads = Swift.min(Self.cores, Swift.max(1, range.count / (rowsPerThread / 4)))
        var bounds = [range.lowerBound]
        for part in 1..<Swift.max(1, threads) { bounds.append((range.lowerBound + range.count * part / threads) / 64 * 64) }
        bounds.append(range.upperBound)
        let parts = bounds
        let words = Locked([UInt64](repeating: 0, count: (range.upperBound + 63) / 64))
        let sortedParts = Locked([[UInt64]?](repeating: nil, count: threads))
        let totals = Locked((walked: 0, found: 0))
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            let partRange = parts[part]..<parts[part + 1]
            let firstWord = partRange.lowerBound / 64
            var own = [UInt64](repeating: 0, count: Swift.max(0, (partRange.upperBound + 63) / 64 - firstWord))
            var keys: [UInt64] = []
            var scorer = FuzzyScorer()
            var start = partRange.lowerBound
            var reported = 0
            while start < partRange.upperBound {
                if isCancelled() { return }
                let end = Swift.min(partRange.upperBound, start + block * 4)
                snapshot.forEachRowBlock(in: start..<end) { first, rows, bytes in
                    // Most blocks have no byte that is drawn as something else: then no line
                    // of theirs needs a look of its own.
                    let asIs = !VisibleLine.blockMayNeedConversion(bytes)
                    forEachLine(in: bytes, rows: rows) { line, text in
                        let row = first + line
                        guard candidates?.contains(row) ?? true,
                              let key = rankKey(query, line: text, row: row, shownAsIs: asIs, scorer: &scorer) else { return }
                        own[row / 64 - firstWord] |= 1 << UInt64(row % 64)
                        keys.append(key)
                    }
                    return true
                }
                let (walked, found) = totals.withLock { t in
                    t.walked += end - start
                    t.found += keys.count - reported
                    return (t.walked, t.found)
                }
                reported = keys.count
                progress(walked, found)
                start = end
            }
            sortByRank(&keys)
            sortedParts.withLock { $0[part] = keys }
            words.withLock { words in
                for (i, word) in own.enumerated() { words[firstWord + i] |= word }
            }
        }
        var sorted: [[UInt64]] = []
        for part in sortedParts.withLock({ $0 }) {
            guard let part else { return nil }
            sorted.append(part)
        }
        return (RowSet(words: words.withLock { $0 }), FilterRanking(sorted: mergeAll(sorted)))
    }

    /// Calls `body` with the number and the text (without its line end) of each of the `rows`
    /// lines of `block`.
    private static func forEachLine(in block: UnsafeBufferPointer<UInt8>, rows: Int,
                                    _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard rows > 1 else { return body(0, block) }
        var start = 0
        var line = 0
        while start < block.count {
            let end = LineBytes.newline(in: block, from: start).map { $0 + 1 } ?? block.count
            body(line, LineBytes.trimmingLineEnd(UnsafeBufferPointer(rebasing: block[start..<end])))
            line += 1
            start = end
        }
    }

    /// Sorts keys that come in row order by their score and length (the row order stays
    /// within each): two stable counting passes over the 16-bit halves above the row, for
    /// many keys.
    static func sortByRank(_ keys: inout [UInt64]) {
        guard keys.count > 4096 else { return keys.sort() }
        var buffer = [UInt64](repeating: 0, count: keys.count)
        for shift in [UInt64(32), 48] {
            var counts = [Int](repeating: 0, count: 65537)
            for key in keys { counts[Int((key >> shift) & 0xFFFF) + 1] += 1 }
            for i in 1..<counts.count { counts[i] += counts[i - 1] }
            for key in keys {
                let bucket = Int((key >> shift) & 0xFFFF)
                buffer[counts[bucket]] = key
                counts[bucket] += 1
            }
            swap(&keys, &buffer)
        }
    }

    /// Sorted lists merged into one, pairwise.
    static func mergeAll(_ lists: [[UInt64]]) -> [UInt64] {
        var lists = lists
        while lists.count > 1 {
            var merged: [[UInt64]] = []
            for i in stride(from: 0, to: lists.count, by: 2) {
                merged.append(i + 1 < lists.count ? FilterRanking.merge(lists[i], lists[i + 1]) : lists[i])
            }
            lists = merged
        }
        return lists.first ?? []
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
        sortByRank(&keys)
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
    /// `shownAsIs`: the line is known to be drawn as its bytes (`VisibleLine.isShownAsIs`).
    static func rankKey(_ query: FuzzyQuery, line bytes: UnsafeBufferPointer<UInt8>, row: Int, shownAsIs: Bool = false,
                        scorer: inout FuzzyScorer) -> UInt64? {
        let scored: (score: Int, length: Int)?
        if shownAsIs || VisibleLine.isShownAsIs(bytes) {
            scored = query.scoreAndLength(utf8: bytes, scorer: &scorer)
        } else {
            var visible = VisibleLine.visibleText(of: bytes)
            scored = visible.withUTF8 { query.scoreAndLength(utf8: $0, scorer: &scorer) }
        }
        return scored.map { FuzzyQuery.rankKey(score: $0.score, length: $0.length, row: row) }
    }
}
