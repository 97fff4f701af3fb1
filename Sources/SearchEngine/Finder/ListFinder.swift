import Dispatch
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// Search and filter over a `ListTextSnapshot`. Each walk checks `isCancelled` every few
/// thousand rows and returns nil when it was cancelled.
public enum ListFinder {
    /// How many rows a walk reads between checks of `isCancelled` and progress reports.
    static let block = 4096
    /// Rows below this many are filtered on one thread; more are split among the cores.
    static let rowsPerThread = 100_000

    /// The rows in `range` whose visible text matches `pattern`, ascending. With `among`
    /// (ascending rows, for instance the matches of a pattern this one refines), only those
    /// rows can be matches. Large ranges are split among the machine's cores.
    public static func matchingRows(
        _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>, among candidates: [Int]? = nil,
        isCancelled: @Sendable () -> Bool = { false }
    ) -> [Int]? {
        let range = range.clamped(to: 0..<snapshot.rowCount)
        if range.count < rowsPerThread {
            // Few rows (rows appended to a filtered list): one walk, no bit set over the list.
            guard let found = walk(pattern, in: snapshot, range: range, isCancelled: isCancelled) else { return nil }
            return candidates.map { intersection(found, $0) } ?? found
        }
        return matchingRowSet(pattern, in: snapshot, range: range, among: candidates.map { RowSet($0) },
                              isCancelled: isCancelled).map(Array.init)
    }

    /// The rows in `range` whose visible text matches `pattern`, as a `RowSet` (one bit per
    /// row, however many match). With `among`, only those rows can be matches (rows
    /// `pattern` refines from: few are read one by one, many are walked and intersected).
    /// `progress`, called from the walking threads now and then, gets the rows walked and
    /// the matches found so far. Large ranges are split among the machine's cores.
    public static func matchingRowSet(
        _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>, among candidates: RowSet? = nil,
        progress: @Sendable (_ walked: Int, _ found: Int) -> Void = { _, _ in },
        isCancelled: @Sendable () -> Bool = { false }
    ) -> RowSet? {
        let range = range.clamped(to: 0..<snapshot.rowCount)
        if let candidates, candidates.count < range.count / 16 {
            // Few candidates: read only their rows.
            let subset = SubsetTextSnapshot(base: snapshot, shown: candidates)
            return walk(pattern, in: subset, range: 0..<candidates.count, isCancelled: isCancelled)
                .map { RowSet($0.map { candidates[$0] }) }
        }
        // Parts start at multiples of 64 rows, so each fills words of its own.
        let threads = Swift.min(Self.cores, Swift.max(1, range.count / rowsPerThread))
        var bounds = [range.lowerBound]
        for part in 1..<threads { bounds.append((range.lowerBound + range.count * part / threads) / 64 * 64) }
        bounds.append(range.upperBound)
        let parts = bounds
        let words = Locked([UInt64](repeating: 0, count: (range.upperBound + 63) / 64))
        let totals = Locked((walked: 0, found: 0, cancelled: false))
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            let partRange = parts[part]..<parts[part + 1]
            let firstWord = partRange.lowerBound / 64
            var own = [UInt64](repeating: 0, count: (partRange.upperBound + 63) / 64 - firstWord)
            var found = 0
            let done = walk(pattern, in: snapshot, range: partRange, isCancelled: isCancelled, walked: { rows in
                let (walked, all) = totals.withLock { t in
                    t.walked += rows
                    t.found += found
                    return (t.walked, t.found)
                }
                found = 0
                progress(walked, all)
            }, record: { row in
                own[row / 64 - firstWord] |= 1 << UInt64(row % 64)
                found += 1
            })
            guard done else {
                totals.withLock { $0.cancelled = true }
                return
            }
            words.withLock { words in
                for (i, word) in own.enumerated() { words[firstWord + i] |= word }
            }
        }
        guard !totals.withLock({ $0.cancelled }) else { return nil }
        let set = RowSet(words: words.withLock { $0 })
        return candidates.map { set.intersection($0) } ?? set
    }

    /// The rows in `range` that match, block by block, on this thread.
    private static func walk(_ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>,
                             isCancelled: () -> Bool) -> [Int]? {
        var found: [Int] = []
        let done = walk(pattern, in: snapshot, range: range, isCancelled: isCancelled, walked: { _ in }) { found.append($0) }
        return done ? found : nil
    }

    /// Calls `record` with each row of `range` that matches, in order, and `walked` with the
    /// rows walked after each stretch; false if cancelled.
    private static func walk(_ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>,
                             isCancelled: () -> Bool, walked: (Int) -> Void, record: (Int) -> Void) -> Bool {
        var start = range.lowerBound
        while start < range.upperBound {
            if isCancelled() { return false }
            let end = Swift.min(range.upperBound, start + block * 4)
            snapshot.forEachRowBlock(in: start..<end) { first, rows, bytes in
                if rows == 1 {
                    if pattern.matches(utf8: bytes) { record(first) }
                } else {
                    pattern.forEachMatchingLine(in: bytes) { line in
                        record(first + line)
                        return true
                    }
                }
                return true
            }
            walked(end - start)
            start = end
        }
        return true
    }

    /// The rows in both ascending lists.
    static func intersection(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(min(a.count, b.count))
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else {
                result.append(a[i])
                i += 1
                j += 1
            }
        }
        return result
    }

    static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// The first row of `range` (the last one when `backward`) whose visible text matches
    /// `pattern`; `.some(nil)` when there is none, nil when cancelled.
    public static func firstMatch(
        _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>, backward: Bool = false,
        isCancelled: () -> Bool = { false }
    ) -> Int?? {
        let range = range.clamped(to: 0..<snapshot.rowCount)
        let threads = Swift.min(Self.cores, Swift.max(1, range.count / rowsPerThread))
        guard threads > 1 else { return firstMatchOnThisThread(pattern, in: snapshot, range: range, backward: backward, isCancelled: isCancelled) }
        // One part per core, each walked in order; a part stops once a part nearer the start
        // (the end, backward) has found a match, and the nearest match wins.
        var bounds = [range.lowerBound]
        for part in 1..<threads { bounds.append(range.lowerBound + range.count * part / threads) }
        bounds.append(range.upperBound)
        let parts = bounds
        let results = Locked([Int??](repeating: nil, count: threads))
        let nearest = Locked(backward ? -1 : Int.max)
        withoutActuallyEscaping(isCancelled) { isCancelled in
            let cancelled = UncheckedSendable(isCancelled)
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                let result = firstMatchOnThisThread(pattern, in: snapshot, range: parts[part]..<parts[part + 1], backward: backward) {
                    cancelled.value() || nearest.withLock { backward ? $0 > part : $0 < part }
                }
                if case .some(.some) = result { nearest.withLock { $0 = backward ? Swift.max($0, part) : Swift.min($0, part) } }
                results.withLock { $0[part] = result }
            }
        }
        if isCancelled() { return nil }
        let found = results.withLock { $0 }
        for part in backward ? Array((0..<threads).reversed()) : Array(0..<threads) {
            switch found[part] {
            case .some(.some(let row)): return .some(row)
            case .some(.none): continue
            case .none: return nil
            }
        }
        return .some(nil)
    }

    /// `firstMatch` walked block by block on the calling thread.
    private static func firstMatchOnThisThread(
        _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>, backward: Bool,
        isCancelled: () -> Bool
    ) -> Int?? {
        if backward {
            var end = range.upperBound
            while end > range.lowerBound {
                if isCancelled() { return nil }
                let start = max(range.lowerBound, end - block)
                var last: Int?
                snapshot.forEachRowBlock(in: start..<end) { first, rows, bytes in
                    if rows == 1 {
                        if pattern.matches(utf8: bytes) { last = first }
                    } else {
                        pattern.forEachMatchingLine(in: bytes) { line in
                            last = first + line
                            return true
                        }
                    }
                    return true
                }
                if let last { return .some(last) }
                end = start
            }
            return .some(nil)
        }
        var start = range.lowerBound
        while start < range.upperBound {
            if isCancelled() { return nil }
            let end = min(range.upperBound, start + block)
            var found: Int?
            snapshot.forEachRowBlock(in: start..<end) { first, rows, bytes in
                if rows == 1 {
                    if pattern.matches(utf8: bytes) { found = first }
                } else {
                    pattern.forEachMatchingLine(in: bytes) { line in
                        found = first + line
                        return false
                    }
                }
                return found == nil
            }
            if let found { return .some(found) }
            start = end
        }
        return .some(nil)
    }
}
