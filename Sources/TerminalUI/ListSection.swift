/// A header row followed by its rows; `ArrayListDataSource` flattens sections into rows.
public struct ListSection: Hashable, Sendable {
    public var header: ListRow
    public var rows: [ListRow]

    public init(header: ListRow, rows: [ListRow]) {
        self.header = header
        self.rows = rows
    }

    /// A section whose header is `.header(title)`.
    public init(title: String, rows: [ListRow]) {
        self.init(header: .header(title), rows: rows)
    }

    /// The header row followed by the section's rows.
    public var flattened: [ListRow] { [header] + rows }
}
