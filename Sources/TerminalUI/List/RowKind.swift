/// What a list row is, which decides its default selectability and drawing.
public enum RowKind: Hashable, Sendable {
    /// A section's title row: drawn bold, not selectable by default.
    case sectionHeader
    /// An ordinary content row.
    case item
    /// A row that triggers something when activated (e.g. "＋ Add a comment").
    case action
}
