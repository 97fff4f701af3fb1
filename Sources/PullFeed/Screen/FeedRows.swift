import TerminalUI

/// The feed's state as list rows: each article a section (header row, title, text rows,
/// comment rows, "＋ Add a comment"), or the lines of a line source, one row each.
/// Line rows are produced on demand, so a million lines cost nothing until drawn.
public final class FeedRows: ListDataSource {
    /// What Enter on a row does.
    public enum Target {
        case none
        case addComment(AddCommentCellReactor)
        case line(String)
    }

    private var articleRows: [(row: ListRow, target: Target)] = []
    private var lines = LineList()
    private var usesLines = false
    /// Where the lines read from the end of a file begin, after a gap row (see
    /// `FeedReactor.State.tailStart`), and the gap row's text.
    private var gap: (row: Int, text: String)?
    /// Lines fetched lately, by index, for the `generation` they belong to: a line never
    /// changes until a refresh replaces them all, and each frame asks again for the rows it
    /// shows (fetching one reads it back from its file).
    private var recentLines = RecentByIndex<String>()
    private var recentGeneration = -1
    private var recentTail: Int?
    /// What the article rows were built from: the items version and the comment count of
    /// every section (comments only grow), so a key press that changes neither is free.
    private var builtFrom: (version: Int, comments: Int)?

    public init() {}

    /// Rebuilds the rows from `state` (articles are few; lines are not copied).
    public func update(from state: FeedReactor.State, strings: AppStrings) {
        if state.sections.isEmpty {
            usesLines = true
            lines = state.lines
            gap = state.tailStart.map { ($0, strings.text(.endGap)) }
            if state.generation != recentGeneration || state.tailStart != recentTail {
                recentTail = state.tailStart
                recentLines.removeAll()
                recentGeneration = state.generation
            }
            articleRows = []
            builtFrom = nil
            return
        }
        usesLines = false
        gap = nil
        lines = LineList()
        recentLines.removeAll()
        let signature = (version: state.itemsVersion, comments: state.sections.reduce(0) { $0 + $1.currentState.article.comments.count })
        if let builtFrom, builtFrom == signature { return }
        builtFrom = signature
        var rows: [(row: ListRow, target: Target)] = []
        rows.reserveCapacity(state.sections.count * 8)
        for section in state.sections {
            let s = section.currentState
            rows.append((.header(s.headerText(strings: strings), style: .bold, indent: 1), .none))
            rows.append((.item(s.article.title, style: .bold, indent: 2), .none))
            for item in s.sectionItems {
                switch item {
                case .text(let text):
                    rows.append((.item(text, indent: 2), .none))
                case .comment(let comment):
                    rows.append((.item("\(strings.commentMarker) \(comment.author): \(comment.text)", style: .dim, indent: 2), .none))
                case .addComment(let cell):
                    rows.append((.action(strings.addComment, indent: 2), .addComment(cell)))
                }
            }
        }
        articleRows = rows
    }

    public var rowCount: Int { usesLines ? lines.count + (gap == nil ? 0 : 1) : articleRows.count }

    public func row(at index: Int) -> ListRow {
        if let gap, index == gap.row { return .header(gap.text, style: .dim, indent: 1) }
        return usesLines ? .item(line(at: index)) : articleRows[index].row
    }

    /// The line shown at row `index` (rows after the gap row show the line before them).
    private func line(at row: Int) -> String {
        let index = gap.map { row > $0.row ? row - 1 : row } ?? row
        if let line = recentLines[index] { return line }
        let line = lines[index]
        recentLines[index] = line
        return line
    }

    public func isSelectable(at index: Int) -> Bool {
        if let gap, index == gap.row { return false }
        return usesLines ? true : articleRows[index].row.isSelectable
    }

    public func target(at index: Int) -> Target {
        guard index >= 0, index < rowCount else { return .none }
        if let gap, index == gap.row { return .none }
        return usesLines ? .line(line(at: index)) : articleRows[index].target
    }
}
