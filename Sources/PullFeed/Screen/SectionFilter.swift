import SearchEngine

/// A filter of grouped lines, kept in the rows as they are with every section open, so that it
/// outlives folding: folding or unfolding a section changes which rows show, not what the
/// filter matched. `project(onto:)` gives the rows the list shows as the sections fold now.
///
/// A section with matches keeps its header (a header that matches keeps its section's first
/// line, as the filter reports a match in a header on its first row); a folded one shows its
/// header alone. A ranked filter shows no headers, and no lines of a folded section.
struct SectionFilter {
    /// The open rows the filter matched, ascending.
    private(set) var matches: RowSet
    /// How many open rows the filter has looked at.
    private(set) var covered: Int
    /// The order of a ranked (fuzzy) filter's rows, by open row.
    private(set) var ranking: FilterRanking?

    /// The filter's rows as the list shows them.
    struct Projection {
        /// The rows shown, ascending, in the rows as they fold.
        var rows = RowSet()
        /// Their order, for a ranked filter.
        var ranking: FilterRanking?
        /// Each section's lines the filter keeps (folded or not).
        var kept: [Int] = []
        /// The lines the filter keeps, in all (headers are not counted).
        var keptLines = 0
    }

    init(matches: RowSet, covered: Int, ranking: FilterRanking?) {
        self.matches = matches
        self.covered = covered
        self.ranking = ranking
    }

    /// Adds the matches among open rows `covered ..< through` (rows appended since), ascending.
    mutating func append(_ rows: [Int], through: Int) {
        for row in rows where row >= covered && matches.last.map({ row > $0 }) ?? true { matches.append(row) }
        covered = max(covered, through)
    }

    /// Adds the rows a ranked filter matches among open rows `covered ..< through`, as their
    /// keys in row order: each goes to its place in the ranking.
    mutating func appendRanked(_ keys: [UInt64], through: Int) {
        let added = keys.filter { Int($0 & Self.rowMask) >= covered }
        for key in added { matches.append(Int(key & Self.rowMask)) }
        ranking?.insert(added)
        covered = max(covered, through)
    }

    static let rowMask: UInt64 = 0xFFFF_FFFF

    /// The rows shown for the sections and folds of `shown` (its sections are the ones the
    /// open rows were made of). O(sections + matches).
    func project(onto shown: SectionRowMap) -> Projection {
        var result = Projection()
        result.kept = Array(repeating: 0, count: shown.sections.count)
        var openStart = 0
        // The open row where each section's header is, for a ranked filter's look-ups.
        var openStarts: [Int] = []
        openStarts.reserveCapacity(shown.sections.count)
        for (section, lines) in shown.sections.enumerated() {
            openStarts.append(openStart)
            let openEnd = openStart + 1 + lines.count
            defer { openStart = openEnd }
            let first = matches.rank(of: openStart)
            let found = matches.rank(of: openEnd) - first
            guard found > 0 else { continue }
            let headerMatched = matches.contains(openStart)
            let firstLineMatched = matches.contains(openStart + 1)
            let kept = found - (headerMatched ? 1 : 0) + (headerMatched && !firstLineMatched && lines.count > 0 ? 1 : 0)
            result.kept[section] = kept
            result.keptLines += kept
            guard ranking == nil else { continue }
            let shownStart = shown.headerRow(of: section)
            result.rows.append(shownStart)
            if shown.folded[section] { continue }
            if headerMatched, !firstLineMatched, lines.count > 0 { result.rows.append(shownStart + 1) }
            matches.forEach(from: first + (headerMatched ? 1 : 0)) { _, row in
                guard row < openEnd else { return false }
                result.rows.append(shownStart + row - openStart)
                return true
            }
        }
        guard let ranking else { return result }
        // A section's rows keep their order when it folds others, so the keys stay in order.
        var keys: [UInt64] = []
        keys.reserveCapacity(ranking.count)
        var rows: [Int] = []
        rows.reserveCapacity(ranking.count)
        for key in ranking.keys {
            let openRow = Int(key & Self.rowMask)
            guard let section = Self.section(ofOpenRow: openRow, starts: openStarts) else { continue }
            let offset = openRow - openStarts[section]
            guard offset > 0, !shown.folded[section] else { continue }
            let row = shown.headerRow(of: section) + offset
            keys.append(key & ~Self.rowMask | UInt64(row))
            rows.append(row)
        }
        result.rows = RowSet(rows.sorted())
        result.ranking = FilterRanking(keys: keys)
        return result
    }

    /// The section whose header is the last of `starts` at or before `row`.
    private static func section(ofOpenRow row: Int, starts: [Int]) -> Int? {
        guard let firstStart = starts.first, row >= firstStart else { return nil }
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= row { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
