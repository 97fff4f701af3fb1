/// A header row followed by its rows; `ArrayListDataSource` flattens sections into rows.
public struct ListSection: Hashable, Sendable {
    /// The row shown above the section's rows, usually a `.sectionHeader` row.
    public var header: ListRow
    /// The section's rows, in order, without the header.
    public var rows: [ListRow]

    /// - Parameters:
    ///   - header: the row shown above the section's rows.
    ///   - rows: the section's rows, in order.
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
