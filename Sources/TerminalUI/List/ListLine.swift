/// What occupies one line of a `ListView`'s virtual line space:
/// `[topInset accessory lines][rows][bottomInset accessory lines]`.
public enum ListLine: Hashable, Sendable {
    /// Line `n` (from 0) of the header accessory above the first row.
    case topAccessory(Int)
    /// The row with this index in the data source.
    case row(Int)
    /// Line `n` (from 0) of the footer accessory below the last row.
    case bottomAccessory(Int)
}
