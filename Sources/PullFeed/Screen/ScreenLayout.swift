import TerminalUI

/// Where the title bar, the list and the status line go for a terminal size. Any size
/// works: rows are given up from the chrome first (status, then title), down to a 1×1
/// list.
package struct ScreenLayout: Equatable, Sendable {
    package var size: Size
    package var titleRow: Int?
    package var listTop: Int
    package var listHeight: Int
    package var statusRow: Int?
    /// The rows under the title for lines shown fixed above the list (`--header-lines`); they
    /// take at most what leaves the list one row.
    package var fixedRows: Range<Int> = 0..<0

    package init(size: Size, fixedLines: Int = 0) {
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
        let fixed = min(max(0, fixedLines), listHeight - 1)
        if titleRow != nil, fixed > 0 {
            fixedRows = listTop..<(listTop + fixed)
            listTop += fixed
            listHeight -= fixed
        }
    }
}
