/// Random access to the rows of a `ListView`.
///
/// The list only asks for the rows it needs (the visible ones, and short local scans for
/// the next selectable row), so a source may describe millions of rows and build each
/// one when asked. After the rows change, call `ListView.reloadData(keepingSelection:)`.
public protocol ListDataSource: AnyObject {
    var rowCount: Int { get }
    /// The row at `index`, for `0 ..< rowCount`.
    func row(at index: Int) -> ListRow
    /// Whether the row at `index` is selectable. The default builds the row; override it
    /// when that is expensive and selectability is known more cheaply.
    func isSelectable(at index: Int) -> Bool
    /// What the row at `index` shows, as a value that stays the same when the data is
    /// reloaded (an item's id, or its text): `ListView.reloadData(keeping:)` finds the
    /// selected item by it in the new rows. The default, nil, keeps the place by index only.
    func identity(at index: Int) -> AnyHashable?
    /// The row nearest to `index` whose identity is `identity`, or nil. The default scans
    /// outwards from `index` with `identity(at:)`; override it when a source can do better.
    func index(ofIdentity identity: AnyHashable, near index: Int) -> Int?
    /// The header row of the section row `index` is in (`index` itself for a header), or nil
    /// when it is in none: what `ListView.stickyHeaders` keeps on the first line. The default,
    /// nil, has no sticky header; a source with sections answers it without a long scan.
    func sectionHeader(forRow index: Int) -> Int?
}

extension ListDataSource {
    public func isSelectable(at index: Int) -> Bool { row(at: index).isSelectable }

    public func identity(at index: Int) -> AnyHashable? { nil }

    public func sectionHeader(forRow index: Int) -> Int? { nil }

    public func index(ofIdentity identity: AnyHashable, near index: Int) -> Int? {
        ListSearch.nearest(to: index, count: rowCount) { self.identity(at: $0) == identity }
    }
}

/// Searches outwards from a row.
public enum ListSearch {
    /// The index in `0 ..< count` nearest to `index` (the one before on a tie) for which
    /// `matches` holds, or nil.
    public static func nearest(to index: Int, count: Int, _ matches: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        let start = min(max(0, index), count - 1)
        if matches(start) { return start }
        var distance = 1
        while start - distance >= 0 || start + distance < count {
            if start - distance >= 0, matches(start - distance) { return start - distance }
            if start + distance < count, matches(start + distance) { return start + distance }
            distance += 1
        }
        return nil
    }
}
