/// A navigation request for `ListView.apply(_:)`, decoded from keys and mouse events by the client.
public enum ListCommand: Hashable, Sendable {
    /// Select the previous selectable row (skipping section headers), scrolling only as
    /// needed. With none above, scroll up a line; at the very top, report
    /// `.overscrollTop(rows: 1)`.
    case up
    /// Select the next selectable row (skipping section headers), scrolling only as needed.
    /// With none below, scroll down a line; at the very bottom, report
    /// `.overscrollBottom(rows: 1)`.
    case down
    /// Scroll up by the viewport's height minus one line and move the selection as far.
    case pageUp
    /// Scroll down by the viewport's height minus one line and move the selection as far.
    case pageDown
    /// Select the first selectable row and scroll to the very top.
    case home
    /// Select the last selectable row and scroll to the very bottom.
    case end
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
