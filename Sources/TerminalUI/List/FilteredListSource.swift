import SearchEngine

/// A filtered view of any `ListDataSource`: give a `ListView` this source and it shows only
/// the rows a `TextPattern` matches (with their section headers), or every row while no filter
/// is set. Without a filter it passes every call straight through.
///
/// The filter is set from matches found by `ListFinder` (on any thread, over
/// `base.makeTextSnapshot()`), so a long walk need not block the UI:
///
/// ```swift
/// let filtered = FilteredListSource(base: rows)
/// let list = ListView(dataSource: filtered)
/// let snapshot = rows.makeTextSnapshot()
/// let matches = ListFinder.matchingRows(pattern, in: snapshot, range: 0..<snapshot.rowCount)!
/// filtered.setFilter(pattern, matches: matches, headers: snapshot.sectionHeaders, through: snapshot.rowCount)
/// list.reloadData()
/// ```
///
/// Rows appended to the base later are not shown until they are filtered too
/// (`appendMatches(_:headers:through:)`); `coveredCount` says how many base rows the filter has seen.
///
/// A ranked filter (a fuzzy one) shows its rows in the order of a `FilterRanking` (best
/// first) instead of the base's, without section headers; rows appended later are ranked into
/// place (`appendRanked(_:through:)`).
public final class FilteredListSource: ListDataSource, TextSnapshotProviding {
    /// The unfiltered rows.
    public let base: any ListDataSource
    /// The filter, or nil to show every base row.
    public private(set) var pattern: TextPattern?
    /// The base rows shown, ascending (while filtering): one bit per base row, so a filter
    /// that keeps 19,000,000 rows costs 2.4 MB.
    public private(set) var shown = RowSet()
    /// How many base rows the filter has looked at (while filtering).
    public private(set) var coveredCount = 0
    /// How many of the rows shown are section headers, kept as matches are added (a count
    /// that costs nothing per frame, however many rows the filter keeps).
    public private(set) var shownHeaderCount = 0
    /// The last section header of the covered rows, so later rows of its section get it.
    private var lastHeader = -1
    private var lastHeaderShown = -1
    /// The order of the rows shown, for a ranked filter (nil: the base's order).
    public private(set) var ranking: FilterRanking?
    /// For a ranked filter, the row that shows each base row (-1: not shown), made when first
    /// asked for.
    private var rankedIndex: [Int32]?

    /// A view of `base` that shows every row until a filter is set.
    public init(base: any ListDataSource) {
        self.base = base
    }

    /// Whether a filter is set (`pattern` is not nil).
    public var isFiltering: Bool { pattern != nil }

    public var rowCount: Int { pattern == nil ? base.rowCount : shown.count }

    public func row(at index: Int) -> ListRow { base.row(at: baseIndex(of: index)) }

    public func isSelectable(at index: Int) -> Bool { base.isSelectable(at: baseIndex(of: index)) }

    /// The base row's identity, so a filtered list keeps its place across a reload too.
    public func identity(at index: Int) -> AnyHashable? { base.identity(at: baseIndex(of: index)) }

    /// The shown row nearest to `index` whose identity is `identity`.
    public func index(ofIdentity identity: AnyHashable, near index: Int) -> Int? {
        guard pattern != nil else { return base.index(ofIdentity: identity, near: index) }
        return ListSearch.nearest(to: index, count: rowCount) { self.identity(at: $0) == identity }
    }

    /// The shown row of the base row's section header (a filter keeps a section's header while
    /// it keeps any of its rows).
    public func sectionHeader(forRow index: Int) -> Int? {
        guard ranking == nil else { return nil }
        guard let header = base.sectionHeader(forRow: baseIndex(of: index)) else { return nil }
        guard pattern != nil else { return header }
        return shown.contains(header) ? shown.rank(of: header) : nil
    }

    /// The base row shown as row `index`.
    public func baseIndex(of index: Int) -> Int {
        guard pattern != nil else { return index }
        return ranking?.row(at: index) ?? shown[index]
    }

    /// The row that shows base row `baseIndex`, if it is shown.
    public func index(ofBase baseIndex: Int) -> Int? {
        guard pattern != nil else { return baseIndex < base.rowCount ? baseIndex : nil }
        guard shown.contains(baseIndex) else { return nil }
        guard let ranking else { return shown.rank(of: baseIndex) }
        if rankedIndex == nil {
            var index = [Int32](repeating: -1, count: (shown.last ?? -1) + 1)
            for (i, key) in ranking.keys.enumerated() { index[Int(key & 0xFFFF_FFFF)] = Int32(i) }
            rankedIndex = index
        }
        let found = rankedIndex.map { baseIndex < $0.count ? Int($0[baseIndex]) : -1 } ?? -1
        return found >= 0 ? found : nil
    }

    /// The first row that shows base row `baseIndex` or a later one (`rowCount` if none);
    /// for a ranked filter, the row of the first such base row.
    public func firstShown(atOrAfter baseIndex: Int) -> Int {
        guard pattern != nil else { return min(baseIndex, base.rowCount) }
        let rank = shown.rank(of: baseIndex)
        guard ranking != nil else { return rank }
        return rank < shown.count ? index(ofBase: shown[rank]) ?? rowCount : rowCount
    }

    /// Shows the base rows `matches` found by `pattern` in the base's first `through` rows in
    /// the order of `ranking` (which holds the same rows), without section headers (`headers`,
    /// the base's: a header that matches is not shown).
    public func setFilter(_ pattern: TextPattern, matches: RowSet, ranking: FilterRanking, headers: [Int] = [], through: Int) {
        guard !headers.isEmpty else {
            setFilter(pattern, matches: matches, headers: [], through: through)
            self.ranking = ranking
            return
        }
        let headerSet = Set(headers)
        let kept = ranking.keys.filter { !headerSet.contains(Int($0 & 0xFFFF_FFFF)) }
        setFilter(pattern, matches: RowSet(matches.filter { !headerSet.contains($0) }), headers: [], through: through)
        self.ranking = FilterRanking(sorted: kept)
    }

    /// Adds the rows among base rows `coveredCount ..< through` (rows appended since) that a
    /// ranked filter matches, as their keys in row order: each goes to its place in the ranking.
    public func appendRanked(_ keys: [UInt64], through: Int) {
        guard pattern != nil, ranking != nil else { return }
        var added: [UInt64] = []
        for key in keys where Int(key & 0xFFFF_FFFF) >= coveredCount {
            shown.append(Int(key & 0xFFFF_FFFF))
            added.append(key)
        }
        ranking?.insert(added)
        rankedIndex = nil
        coveredCount = max(coveredCount, through)
    }

    /// Shows the base rows `matches` (ascending) found by `pattern` in the base's first
    /// `through` rows, with their section headers (`headers`, the base's, ascending).
    public func setFilter(_ pattern: TextPattern, matches: RowSet, headers: [Int], through: Int) {
        guard headers.isEmpty else {
            setFilter(pattern, matches: Array(matches), headers: headers, through: through)
            return
        }
        self.pattern = pattern
        shown = matches
        ranking = nil
        rankedIndex = nil
        coveredCount = through
        shownHeaderCount = 0
        lastHeader = -1
        lastHeaderShown = -1
    }

    /// Shows the base rows `matches` (ascending) found by `pattern` in the base's first
    /// `through` rows, with their section headers (`headers`, the base's, ascending).
    public func setFilter(_ pattern: TextPattern, matches: [Int], headers: [Int], through: Int) {
        self.pattern = pattern
        shown = RowSet()
        ranking = nil
        rankedIndex = nil
        coveredCount = 0
        shownHeaderCount = 0
        lastHeader = -1
        lastHeaderShown = -1
        appendMatches(matches, headers: headers, through: through)
    }

    /// Adds the matches among base rows `coveredCount ..< through` (rows appended since).
    public func appendMatches(_ matches: [Int], headers: [Int], through: Int) {
        guard pattern != nil else { return }
        let headerSet = Set(headers)
        var nextHeader = headers.firstIndex { $0 >= coveredCount } ?? headers.count
        for match in matches where match >= coveredCount {
            var row = match
            if headerSet.contains(match) {
                guard match + 1 < base.rowCount, !headerSet.contains(match + 1) else { continue }
                row = match + 1
            }
            while nextHeader < headers.count, headers[nextHeader] < row {
                lastHeader = headers[nextHeader]
                nextHeader += 1
            }
            if lastHeader >= 0, lastHeader != lastHeaderShown {
                lastHeaderShown = lastHeader
                shown.append(lastHeader)
                shownHeaderCount += 1
            }
            if shown.last.map({ $0 < row }) ?? true { shown.append(row) }
        }
        while nextHeader < headers.count, headers[nextHeader] < through {
            lastHeader = headers[nextHeader]
            nextHeader += 1
        }
        coveredCount = max(coveredCount, through)
    }

    /// Shows every base row again.
    public func removeFilter() {
        pattern = nil
        shown = RowSet()
        ranking = nil
        rankedIndex = nil
        coveredCount = 0
        shownHeaderCount = 0
    }

    /// A snapshot of the rows as shown (filtered or not).
    public func textSnapshot() -> any ListTextSnapshot {
        let snapshot = base.makeTextSnapshot()
        guard pattern != nil else { return snapshot }
        if let ranking { return OrderedSubsetTextSnapshot(base: snapshot, rows: ranking.rows) }
        let headerSet = Set(snapshot.sectionHeaders)
        var headers: [Int] = []
        if !headerSet.isEmpty {
            for (i, row) in shown.enumerated() where headerSet.contains(row) { headers.append(i) }
        }
        return SubsetTextSnapshot(base: snapshot, shown: shown, sectionHeaders: headers)
    }
}
