/// What `ListView.apply(_:)` did.
public enum ListOutcome: Hashable, Sendable {
    /// The selection or the scroll position changed.
    case moved
    /// Nothing changed.
    case unchanged
    /// The user pushed past the top by this many lines (pull distance for pull-to-refresh).
    /// For a wheel that first scrolled the view to the top, `rows` is the unused remainder.
    case overscrollTop(rows: Int)
    /// The user pushed past the bottom by this many lines (for a "back" footer). Not reported
    /// for an empty list.
    case overscrollBottom(rows: Int)
    /// A selectable row was clicked; it is now selected.
    case clicked(row: Int)
}
