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
}

extension ListDataSource {
    public func isSelectable(at index: Int) -> Bool { row(at: index).isSelectable }
}
