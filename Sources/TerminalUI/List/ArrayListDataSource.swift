/// A `ListDataSource` over an array of rows held in memory.
public final class ArrayListDataSource: ListDataSource {
    /// The rows, in display order. After changing them, call
    /// `ListView.reloadData(keepingSelection:)`.
    public var rows: [ListRow]

    /// A data source over `rows` (none by default).
    public init(rows: [ListRow] = []) {
        self.rows = rows
    }

    /// Rows built from sections: each section's header row, then its rows.
    public convenience init(sections: [ListSection]) {
        self.init(rows: sections.flatMap(\.flattened))
    }

    public var rowCount: Int { rows.count }

    public func row(at index: Int) -> ListRow { rows[index] }

    public func isSelectable(at index: Int) -> Bool { rows[index].isSelectable }

    /// Appends a section (its header row, then its rows).
    public func append(section: ListSection) {
        rows.append(contentsOf: section.flattened)
    }

    /// Replaces every row with the flattened `sections`.
    public func replace(sections: [ListSection]) {
        rows = sections.flatMap(\.flattened)
    }
}
