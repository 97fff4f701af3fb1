import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The texts of a list's rows at one moment, readable from any thread: what search and
/// filter walk, off the UI thread when there are many rows.
public protocol ListTextSnapshot: Sendable {
    var rowCount: Int { get }
    /// The indices of the section header rows, ascending.
    var sectionHeaders: [Int] { get }
    /// Calls `body` with the index and the UTF-8 text of each row in `range`, in order, until
    /// it returns false.
    func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool)
    /// Calls `body` with runs of consecutive rows of `range` in one buffer, in order, until it
    /// returns false: the index of the run's first row, how many rows it holds, and their
    /// UTF-8 texts, each ended by `\n` but perhaps the last (a `\r` before a `\n` is not
    /// part of its row). Searching a run as one text is what makes a filter over a million
    /// rows quick. By default each row is a run of its own.
    func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool)
}

extension ListTextSnapshot {
    public func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachRowText(in: range) { body($0, 1, $1) }
    }
}

/// A data source that can hand out a `ListTextSnapshot` of its rows cheaply (without building
/// every row), for sources with many rows. Other sources are snapshotted row by row.
public protocol TextSnapshotProviding: ListDataSource {
    func textSnapshot() -> any ListTextSnapshot
}

extension ListDataSource {
    /// A snapshot of the rows' texts: the source's own if it provides one, else a copy of
    /// every row's text (fine for the rows a program keeps in memory).
    public func makeTextSnapshot() -> any ListTextSnapshot {
        if let provider = self as? any TextSnapshotProviding { return provider.textSnapshot() }
        var texts: [String] = []
        var headers: [Int] = []
        texts.reserveCapacity(rowCount)
        for i in 0..<rowCount {
            let row = row(at: i)
            texts.append(row.text)
            if row.kind == .sectionHeader { headers.append(i) }
        }
        return StringsTextSnapshot(texts: texts, sectionHeaders: headers)
    }
}

/// A snapshot of texts held as strings.
public struct StringsTextSnapshot: ListTextSnapshot {
    /// The rows' texts, one per row, in order.
    public let texts: [String]
    public let sectionHeaders: [Int]

    /// A snapshot of `texts`.
    ///
    /// - Parameters:
    ///   - texts: The rows' texts, one per row, in order.
    ///   - sectionHeaders: The indices of the section header rows, ascending; none by default.
    public init(texts: [String], sectionHeaders: [Int] = []) {
        self.texts = texts
        self.sectionHeaders = sectionHeaders
    }

    public var rowCount: Int { texts.count }

    public func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        for i in range.clamped(to: 0..<texts.count) {
            var text = texts[i]
            if !text.withUTF8({ body(i, $0) }) { return }
        }
    }
}

/// The rows `shown` of `base`: a filtered view's snapshot, in the view's own indices. Runs of
/// consecutive rows are read from the base in one go.
public struct SubsetTextSnapshot: ListTextSnapshot {
    /// The snapshot of every row, in the base's indices.
    public let base: any ListTextSnapshot
    /// The rows of `base` in this snapshot, ascending: row `i` here is row `shown[i]` there.
    public let shown: [Int]
    public let sectionHeaders: [Int]

    /// `shown`: ascending rows of `base`; `sectionHeaders`: the indices in `shown` of headers.
    public init(base: any ListTextSnapshot, shown: [Int], sectionHeaders: [Int] = []) {
        self.base = base
        self.shown = shown
        self.sectionHeaders = sectionHeaders
    }

    public var rowCount: Int { shown.count }

    public func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        let range = range.clamped(to: 0..<shown.count)
        var i = range.lowerBound
        while i < range.upperBound {
            var j = i + 1
            while j < range.upperBound, shown[j] == shown[j - 1] + 1 { j += 1 }
            let offset = i - shown[i]
            var goOn = true
            base.forEachRowText(in: shown[i]..<shown[j - 1] + 1) { index, text in
                goOn = body(index + offset, text)
                return goOn
            }
            if !goOn { return }
            i = j
        }
    }
}

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
        if let candidates, candidates.count < range.count / 16 {
            // Few candidates: read only their rows.
            let subset = SubsetTextSnapshot(base: snapshot, shown: candidates)
            return walk(pattern, in: subset, range: 0..<candidates.count, isCancelled: isCancelled).map { $0.map { candidates[$0] } }
        }
        let threads = min(Self.cores, max(1, range.count / rowsPerThread))
        var found: [Int]?
        if threads == 1 {
            found = walk(pattern, in: snapshot, range: range, isCancelled: isCancelled)
        } else {
            let parts = (0..<threads).map { part -> Range<Int> in
                let size = range.count / threads
                let lower = range.lowerBound + part * size
                return lower..<(part == threads - 1 ? range.upperBound : lower + size)
            }
            let results = PartResults(count: threads)
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                results.set(part, walk(pattern, in: snapshot, range: parts[part], isCancelled: isCancelled))
            }
            found = results.joined()
        }
        guard let found, let candidates else { return found }
        return intersection(found, candidates)
    }

    /// The rows in `range` that match, block by block, on this thread.
    private static func walk(_ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>,
                             isCancelled: () -> Bool) -> [Int]? {
        var found: [Int] = []
        var start = range.lowerBound
        while start < range.upperBound {
            if isCancelled() { return nil }
            let end = min(range.upperBound, start + block * 4)
            snapshot.forEachRowBlock(in: start..<end) { first, rows, bytes in
                if rows == 1 {
                    if pattern.matches(utf8: bytes) { found.append(first) }
                } else {
                    pattern.forEachMatchingLine(in: bytes) { line in
                        found.append(first + line)
                        return true
                    }
                }
                return true
            }
            start = end
        }
        return found
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

/// What each thread of a split walk found, joined in order once all are done.
private final class PartResults: Sendable {
    private let parts: Locked<[[Int]?]>

    init(count: Int) { parts = Locked(Array(repeating: [], count: count)) }

    func set(_ part: Int, _ value: [Int]?) { parts.withLock { $0[part] = value } }

    /// Every part's rows in order; nil if any part was cancelled.
    func joined() -> [Int]? {
        parts.withLock { parts in
            var all: [Int] = []
            for part in parts {
                guard let part else { return nil }
                all += part
            }
            return all
        }
    }
}
