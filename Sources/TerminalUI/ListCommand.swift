/// A navigation request for `ListView.apply(_:)`, decoded from keys and mouse events by the client.
public enum ListCommand: Hashable, Sendable {
    case up, down, pageUp, pageDown, home, end
    /// Move by half a viewport (`less`'s Ctrl-U / Ctrl-D).
    case halfPageUp, halfPageDown
    /// Scroll every row's text left or right by half the list's width (long lines, as
    /// `less -S` does with ← →); `lineStart` shows the rows from their first column again.
    case scrollLeft, scrollRight, lineStart
    /// Scroll the view up by this many lines (mouse wheel).
    case wheelUp(Int)
    /// Scroll the view down by this many lines (mouse wheel).
    case wheelDown(Int)
    /// A click on this row of the list area (0 is the list's first screen row).
    case click(screenRow: Int)
}
