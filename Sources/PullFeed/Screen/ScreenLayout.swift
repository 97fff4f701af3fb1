import TerminalUI

/// Where the title bar, the list and the status line go for a terminal size. Any size
/// works: rows are given up from the chrome first (status, then title), down to a 1×1
/// list.
public struct ScreenLayout: Equatable, Sendable {
    public var size: Size
    public var titleRow: Int?
    public var listTop: Int
    public var listHeight: Int
    public var statusRow: Int?

    public init(size: Size) {
        self.size = size
        switch size.rows {
        case 0:
            titleRow = nil; listTop = 0; listHeight = 0; statusRow = nil
        case 1:
            titleRow = nil; listTop = 0; listHeight = 1; statusRow = nil
        case 2:
            titleRow = 0; listTop = 1; listHeight = 1; statusRow = nil
        default:
            titleRow = 0; listTop = 1; listHeight = size.rows - 2; statusRow = size.rows - 1
        }
    }
}
