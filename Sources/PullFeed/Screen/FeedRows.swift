import SearchEngine
import TerminalUI

/// The feed's state as list rows: each article a section (header row, title, text rows,
/// comment rows, "＋ Add a comment"), or the lines of a line source, one row each.
/// Line rows are produced on demand, so a million lines cost nothing until drawn.
/// Rows of items the last refresh brought are marked new, and rows whose text it changed carry
/// their previous text; an item's identity (for keeping the place) is its line's key (by
/// `LineIdentity`), or its article's id and the row's place in the article.
package final class FeedRows: ListDataSource, TextSnapshotProviding {
    /// What Enter on a row does.
    package enum Target {
        case none
        case addComment(AddCommentCellReactor)
        case line(String)
        /// A folded section's header (`--section-by`): Enter unfolds it (nil: `Other`).
        case section(String?)
    }

    /// The rows of grouped lines (`--section-by`), or nil when lines are not grouped; the
    /// state it was built from; the lines dropped from the front of a stream (section line
    /// numbers count them); and the words of the header rows.
    private var sectionMap: SectionRowMap?
    private var sectionMapVersion = -1
    private var dropped = 0
    /// Lines before the first item in its source (`--header-lines`): line numbers count them.
    private var headerCount = 0
    /// Whether the lines after the gap row have no known line number yet (a file still counted).
    private var tailUnnumbered = false
    private var strings = AppStrings(language: .english)
    /// How many lines of section `section` a filter keeps, while one is set (nil: no filter):
    /// the section's header then says `N of M lines`, folded or not.
    package var keptCount: (_ section: Int) -> Int? = { _ in nil }
    /// The sources' sections when the list shows several (their headers and line numbers).
    private var sources: [SourceSection]?
    /// The spinner's frame a refreshing source's header shows.
    package var spinnerFrame = "*"
    /// How a source's header says which kept result it shows (`history 2/3 · 14:05:09`).
    package var historyText: (HistoryPosition) -> String = { "history \($0.number)/\($0.count)" }

    private var articleRows: [(row: ListRow, target: Target, identity: ArticleRow)] = []
    private var lines = LineList()
    /// The items the last refresh brought, and every item's key.
    private var changes = RefreshChanges()
    /// What identifies a line, and the lines before the last refresh (for changed rows).
    private var identity = LineIdentity.wholeLine
    private var previousLines = LineList()
    private var usesLines = false
    /// The marked lines (`--multi`).
    private var marks = Marks()
    /// Where the lines read from the end of a file begin, after a gap row (see
    /// `FeedState.tailStart`), and the gap row's text.
    private var gap: (row: Int, text: String)?
    /// Lines fetched lately, by index, for the `generation` they belong to: a line never
    /// changes until a refresh replaces them all, and each frame asks again for the rows it
    /// shows (fetching one reads it back from its file).
    private var recentLines = RecentByIndex<String>()
    private var recentGeneration = -1
    private var recentTail: Int?
    private var recentDropped = 0
    /// What the article rows were built from: the items version and the comment count of
    /// every section (comments only grow), so a key press that changes neither is free.
    private var builtFrom: (version: Int, comments: Int)?

    package init() {}

    /// Rebuilds the rows from `state` (articles are few; lines are not copied).
    package func update(from state: FeedState, strings: AppStrings) {
        changes = state.changes
        identity = state.lineIdentity
        previousLines = state.previousLines
        marks = state.marks
        sources = state.sourceSections
        if state.sections.isEmpty {
            usesLines = true
            lines = state.lines
            dropped = state.dropped
            headerCount = state.headerLines.count
            tailUnnumbered = state.tailStart != nil
            self.strings = strings
            if let sections = state.lineSections {
                if state.itemsVersion != sectionMapVersion || sectionMap == nil {
                    sectionMap = SectionRowMap(sections, folds: state.folds)
                    sectionMapVersion = state.itemsVersion
                }
            } else {
                sectionMap = nil
            }
            gap = state.tailStart.map { ($0, strings.text(.endGap)) }
            if state.generation != recentGeneration || state.tailStart != recentTail || state.dropped != recentDropped {
                recentTail = state.tailStart
                recentDropped = state.dropped
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
        var rows: [(row: ListRow, target: Target, identity: ArticleRow)] = []
        rows.reserveCapacity(state.sections.count * 8)
        for (number, section) in state.sections.enumerated() {
            let s = section.currentState
            let id = s.article.id
            var sectionRows: [(ListRow, Target)] = [
                (.header(s.headerText(strings: strings), style: .bold, indent: 1), .none),
                (.item(s.article.title, style: .bold, indent: 2), .none),
            ]
            for item in s.sectionItems {
                switch item {
                case .text(let text):
                    sectionRows.append((.item(text, indent: 2), .none))
                case .comment(let comment):
                    sectionRows.append((.item("\(strings.commentMarker) \(comment.author): \(comment.text)", style: .dim, indent: 2), .none))
                case .addComment(let cell):
                    sectionRows.append((.action(strings.addComment, indent: 2), .addComment(cell)))
                }
            }
            let isNew = changes.newItems[number]
            for (offset, (row, target)) in sectionRows.enumerated() {
                var row = row
                row.isNew = isNew
                rows.append((row, target, ArticleRow(id: id, offset: offset)))
            }
        }
        articleRows = rows
    }

    package var rowCount: Int {
        if let sectionMap { return sectionMap.rowCount }
        return usesLines ? lines.count + (gap == nil ? 0 : 1) : articleRows.count
    }

    package func row(at index: Int) -> ListRow {
        if let gap, index == gap.row { return .header(gap.text, style: .dim, indent: 1) }
        if let sectionMap, case .header(let section) = sectionMap.row(at: index) {
            let folded = sectionMap.folded[section]
            let kept = keptCount(section)
            return ListRow(text: headerText(section, folded: folded, shown: kept),
                           kind: .sectionHeader, isSelectable: folded, style: .bold)
        }
        guard usesLines else { return articleRows[index].row }
        if isSourceHeaderLine(index) { return ListRow(text: line(at: index), isSelectable: false, style: .dim) }
        let item = lineIndex(ofRow: index)
        var row = ListRow(text: line(at: index), isNew: changes.newItems[item])
        row.number = lineNumber(atRow: index)
        row.isMarked = !marks.isEmpty && marks.contains(item)
        row.isRemoved = changes.removedItems[item]
        row.isSelectable = !row.isRemoved
        if changes.changedItems[item], item < changes.previousIndex.count {
            let previous = Int(changes.previousIndex[item])
            if previous >= 0, previous < previousLines.count { row.previousText = previousLines[previous] }
        }
        return row
    }

    /// Whether row `index` shows one of a source's header lines (`--header-lines`, several
    /// sources): dim, not selectable, not a line of its items.
    private func isSourceHeaderLine(_ index: Int) -> Bool {
        guard let sources, let sectionMap, index >= 0, index < sectionMap.rowCount else { return false }
        let section = sectionMap.section(ofRow: index)
        let offset = index - sectionMap.headerRow(of: section) - 1
        return section < sources.count && offset >= 0 && offset < sources[section].headerLineCount && !sectionMap.folded[section]
    }

    /// The header of section `section`: a source's, or a `--section-by` section's.
    private func headerText(_ section: Int, folded: Bool, shown: Int? = nil) -> String {
        if let sources, section < sources.count {
            return SourceHeaderText.text(of: sources[section], folded: folded, shown: shown, spinner: spinnerFrame,
                                         history: sources[section].history.map(historyText), strings: strings)
        }
        guard let sectionMap else { return "" }
        return SectionHeaderText.text(of: sectionMap.sections[section], folded: folded, shown: shown, strings: strings)
    }

    /// The source of row `index` (its line's, or its header's), when the list shows several.
    package func sourceIndex(ofRow index: Int) -> Int? {
        guard sources != nil, let sectionMap, index >= 0, index < sectionMap.rowCount else { return nil }
        return sectionMap.section(ofRow: index)
    }

    /// The header rows of the sources' sections, in order, when the list shows several.
    package var sourceHeaderRows: [Int]? {
        guard sources != nil, let sectionMap else { return nil }
        return sectionMap.headerRows
    }

    /// The number in its source of the line row `index` shows, from 1: its line in the file or
    /// the stream, counting the header lines (`--header-lines`, as `less` counts a file's lines)
    /// and the lines a stream dropped, not rows shown for comparison (`d`). Nil for a row that
    /// shows no line of the source (those too), and for the lines read from the end of a file
    /// while the lines before them are still counted.
    package func lineNumber(atRow index: Int) -> Int? {
        let removed = changes.removedItems
        guard let item = lineIndex(atRow: index), item >= 0, !removed[item] else { return nil }
        if tailUnnumbered, let gap, index > gap.row { return nil }
        if let sources, let sectionMap {
            // A source's lines are its section's rows, in its order.
            let section = sectionMap.section(ofRow: index)
            guard section < sources.count else { return nil }
            // Its header lines are its first lines, as `less` counts a file's.
            let header = sectionMap.headerRow(of: section)
            let offset = index - header - 1
            let headers = sources[section].headerLineCount
            guard offset >= headers else { return offset + 1 }
            let before = removed.isEmpty ? 0 : removed.count(below: item) - removed.count(below: max(0, lineIndex(ofRow: header + 1)))
            return sources[section].numberOffset + offset - headers + 1 - before
        }
        return headerCount + dropped + item + 1 - (removed.isEmpty ? 0 : removed.count(below: item))
    }

    /// The largest line number a row may show (0 without lines): the column's width.
    package var largestLineNumber: Int {
        guard usesLines, lines.count > 0 else { return 0 }
        if let sources { return sources.map { $0.numberOffset + $0.lineCount }.max() ?? 0 }
        return headerCount + dropped + (tailUnnumbered ? gap?.row ?? lines.count : lines.count)
    }

    /// The index of the line row `index` shows; nil for a row that shows no line (an
    /// article's, the gap row).
    package func lineIndex(atRow index: Int) -> Int? {
        guard usesLines, index >= 0, index < rowCount, gap?.row != index else { return nil }
        return lineIndex(ofRow: index)
    }

    /// The line at row `index` (rows after the gap row show the line before them).
    private func lineIndex(ofRow row: Int) -> Int {
        if let sectionMap {
            guard case .line(_, let number) = sectionMap.row(at: row) else { return -1 }
            return number - dropped
        }
        return gap.map { row > $0.row ? row - 1 : row } ?? row
    }

    /// Whether row `index` is a section header of grouped lines.
    private func isSectionHeader(_ index: Int) -> Bool {
        guard let sectionMap, case .header = sectionMap.row(at: index) else { return false }
        return true
    }

    /// The section of row `index` of grouped lines, by name (nil: `Other`), and whether it is
    /// folded; nil when the lines are not grouped.
    package func section(ofRow index: Int) -> (name: String?, folded: Bool, headerRow: Int)? {
        guard let sectionMap, index >= 0, index < sectionMap.rowCount else { return nil }
        let section = sectionMap.section(ofRow: index)
        return (sectionMap.sections[section].name, sectionMap.folded[section], sectionMap.headerRow(of: section))
    }

    /// The first row of the items the last refresh brought or changed, if any.
    package var firstNewRow: Int? {
        let firsts = [changes.newItems.first, changes.changedItems.first].compactMap { $0 }
        guard let item = firsts.min() else { return nil }
        if let sectionMap {
            let changes = changes
            let marks = { (line: Int) in changes.newItems[line] || changes.changedItems[line] }
            var found: Int?
            sectionMap.forEachRun(in: 0..<sectionMap.rowCount) { row, numbers in
                guard let numbers else { return true }
                for number in numbers where marks(number - dropped) {
                    found = row + number - numbers.lowerBound
                    return false
                }
                return true
            }
            return found
        }
        if usesLines { return gap == nil && item < rowCount ? item : nil }
        return articleRows.firstIndex { $0.row.isNew }
    }

    package func identity(at index: Int) -> AnyHashable? {
        guard index >= 0, index < rowCount else { return nil }
        if let gap, index == gap.row { return nil }
        if let section = section(ofRow: index), section.headerRow == index { return AnyHashable(SectionHeaderIdentity(name: section.name)) }
        return usesLines ? AnyHashable(lineKey(at: index)) : AnyHashable(articleRows[index].identity)
    }

    package func index(ofIdentity identity: AnyHashable, near index: Int) -> Int? {
        guard usesLines, let key = identity.base as? UInt64 else {
            return ListSearch.nearest(to: index, count: rowCount) { self.identity(at: $0) == identity }
        }
        let keys = changes.keys
        if gap == nil, sectionMap == nil, keys.count == rowCount {
            return keys.withUnsafeBufferPointer { keys in ListSearch.nearest(to: index, count: keys.count) { keys[$0] == key } }
        }
        return ListSearch.nearest(to: index, count: rowCount) { self.lineKey(at: $0) == key }
    }

    private func lineKey(at index: Int) -> UInt64 {
        let line = lineIndex(ofRow: index)
        guard line >= 0 else { return 0 }
        return gap == nil && line < changes.keys.count ? changes.keys[line] : identity.keys(ofLine: self.line(at: index)).id
    }

    /// The line shown at row `index` (rows after the gap row show the line before them).
    private func line(at row: Int) -> String {
        let index = lineIndex(ofRow: row)
        // A header, or a line a stream dropped since it was grouped.
        guard index >= 0 else { return "" }
        if let line = recentLines[index] { return line }
        let line = lines[index]
        recentLines[index] = line
        return line
    }

    package func sectionHeader(forRow index: Int) -> Int? {
        guard index >= 0, index < rowCount else { return nil }
        if let section = section(ofRow: index) { return section.headerRow }
        guard !usesLines else { return nil }
        return articleRows[...index].lastIndex { $0.row.kind == .sectionHeader }
    }

    package func isSelectable(at index: Int) -> Bool {
        if let gap, index == gap.row { return false }
        if isSourceHeaderLine(index) { return false }
        if let section = section(ofRow: index), section.headerRow == index { return section.folded }
        return usesLines ? !changes.removedItems[lineIndex(ofRow: index)] : articleRows[index].row.isSelectable
    }

    /// The rows' texts for search and filter: lines straight from their storage (a file's
    /// read in bulk), article rows copied (they are few).
    package func textSnapshot() -> any ListTextSnapshot {
        if let sectionMap { return sectionedSnapshot(of: sectionMap) }
        if usesLines { return LineListSnapshot(lines: lines) }
        var headers: [Int] = []
        for (i, row) in articleRows.enumerated() where row.row.kind == .sectionHeader { headers.append(i) }
        return StringsTextSnapshot(texts: articleRows.map(\.row.text), sectionHeaders: headers)
    }

    private func sectionedSnapshot(of map: SectionRowMap) -> SectionedLinesSnapshot {
        var headers: [String] = []
        headers.reserveCapacity(map.sections.count)
        for (index, folded) in map.folded.enumerated() {
            headers.append(headerText(index, folded: folded))
        }
        return SectionedLinesSnapshot(lines: lines, map: map, dropped: dropped, headers: headers)
    }

    /// The rows of grouped lines as they fold now (nil when lines are not grouped).
    package var sectionRows: SectionRowMap? { sectionMap }

    /// The rows a filter walks: grouped lines with every section open (what it matches
    /// outlives folding), else the rows as shown.
    package func filterTextSnapshot() -> any ListTextSnapshot {
        guard let sectionMap, sectionMap.folded.contains(true) else { return textSnapshot() }
        return sectionedSnapshot(of: sectionMap.unfolded)
    }

    /// How many rows `filterTextSnapshot()` has.
    package var filterRowCount: Int { sectionMap?.openRowCount ?? rowCount }

    /// Grouped lines with every section open, for a search that finds lines in folded
    /// sections too; nil unless some section is folded.
    package func unfoldedRows() -> UnfoldedRows? {
        guard let sectionMap, sectionMap.folded.contains(true) else { return nil }
        return UnfoldedRows(snapshot: sectionedSnapshot(of: sectionMap.unfolded), shown: sectionMap)
    }

    /// Where row `row` of `unfolded` shows now (once its section is open: the line itself).
    package func shownRow(ofOpenRow row: Int, in unfolded: UnfoldedRows) -> Int? {
        guard let sectionMap, row >= 0, row < unfolded.open.rowCount else { return nil }
        return unfolded.open.row(row, in: sectionMap)
    }

    /// The whole line at row `index` for Enter to print: not cut, however long (a row shows
    /// at most the first MiB of a file's line).
    package func wholeLine(at index: Int) -> String? {
        guard usesLines, index >= 0, index < rowCount, gap?.row != index else { return nil }
        let line = lineIndex(ofRow: index)
        guard line >= 0, line < lines.count else { return nil }
        return lines.wholeLine(at: line)
    }

    /// The whole line at row `index` as the bytes read (invalid UTF-8 and all).
    package func wholeLineBytes(at index: Int) -> [UInt8]? {
        guard usesLines, index >= 0, index < rowCount, gap?.row != index else { return nil }
        let line = lineIndex(ofRow: index)
        guard line >= 0, line < lines.count else { return nil }
        return lines.wholeLineBytes(at: line)
    }

    /// The demo article row `index` belongs to, if it is an article's row.
    package func articleID(at index: Int) -> Int? {
        usesLines || index < 0 || index >= articleRows.count ? nil : articleRows[index].identity.id
    }

    package func target(at index: Int) -> Target {
        guard index >= 0, index < rowCount else { return .none }
        if let gap, index == gap.row { return .none }
        if let section = section(ofRow: index), section.headerRow == index { return section.folded ? .section(section.name) : .none }
        if isSourceHeaderLine(index) { return .none }
        return usesLines ? .line(line(at: index)) : articleRows[index].target
    }
}
