/// A navigation request for `ListView.apply(_:)`, decoded from keys and mouse events by the client.
public enum ListCommand: Hashable, Sendable {
    case up, down, pageUp, pageDown, home, end
    /// Scroll the view up by this many lines (mouse wheel).
    case wheelUp(Int)
    /// Scroll the view down by this many lines (mouse wheel).
    case wheelDown(Int)
    /// A click on this row of the list area (0 is the list's first screen row).
    case click(screenRow: Int)
}
