/// The texts of a list's rows at one moment, readable from any thread: what search and
/// filter walk, off the UI thread when there are many rows.
public protocol ListTextSnapshot: Sendable {
    var rowCount: Int { get }
    /// The indices of the section header rows, ascending.
    var sectionHeaders: [Int] { get }
    /// Calls `body` with the index and the UTF-8 text of each row in `range`, in order, until
    /// it returns false.
    func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool)
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

    /// The rows in `range` whose text contains `pattern`, ascending.
    public static func matchingRows(
        _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>,
        isCancelled: () -> Bool = { false }
    ) -> [Int]? {
        var found: [Int] = []
        var start = range.lowerBound
        while start < range.upperBound {
            if isCancelled() { return nil }
            let end = min(range.upperBound, start + block)
            snapshot.forEachRowText(in: start..<end) { index, text in
                if pattern.matches(utf8: text) { found.append(index) }
                return true
            }
            start = end
        }
        return found
    }

    /// The first row of `range` (the last one when `backward`) whose text contains `pattern`;
    /// `.some(nil)` when there is none, nil when cancelled.
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
                snapshot.forEachRowText(in: start..<end) { index, text in
                    if pattern.matches(utf8: text) { last = index }
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
            var first: Int?
            snapshot.forEachRowText(in: start..<end) { index, text in
                if pattern.matches(utf8: text) { first = index; return false }
                return true
            }
            if let first { return .some(first) }
            start = end
        }
        return .some(nil)
    }
}
