/// The rows a fuzzy filter shows, in the order it shows them: best score first, then the
/// shorter line, then the earlier row (as `fzf -f` orders them).
///
/// Each row is kept as its sort key (score, length and row in one `UInt64`, see
/// `FuzzyQuery.rankKey`), so rows that arrive later are merged into place without scoring
/// the others again. 8 bytes a row: 8 MB for a million rows.
public struct FilterRanking: Equatable, Sendable {
    /// The keys, ascending (the order shown).
    public private(set) var keys: [UInt64]

    /// The ranking of `keys` (in any order).
    public init(keys: [UInt64]) {
        self.keys = keys.sorted()
    }

    /// Keys already sorted.
    package init(sorted keys: [UInt64]) {
        self.keys = keys
    }

    /// How many rows it shows.
    public var count: Int { keys.count }

    /// The row shown at `index`.
    public func row(at index: Int) -> Int { Int(keys[index] & 0xFFFF_FFFF) }

    /// The rows in the order shown.
    public var rows: [Int] { keys.map { Int($0 & 0xFFFF_FFFF) } }

    /// Adds rows by their keys (in any order), each in its place.
    public mutating func insert(_ newKeys: [UInt64]) {
        guard !newKeys.isEmpty else { return }
        keys = Self.merge(keys, newKeys.sorted())
    }

    /// Two ascending lists as one.
    static func merge(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        guard !a.isEmpty else { return b }
        guard !b.isEmpty else { return a }
        var result: [UInt64] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] <= b[j] {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        result.append(contentsOf: a[i...])
        result.append(contentsOf: b[j...])
        return result
    }
}
