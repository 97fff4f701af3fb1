/// A result with the rows it removed shown among its own, as `viddy`'s diff shows them (`d`):
/// each item of the result before it that this one has not, at its place (after the row of
/// the last item before it that both have), and with identity by fields (`--id`) each changed
/// row's old text just above it. Those rows are marked (`RefreshChanges.removedItems`); the
/// result's own rows keep their marks.
///
/// Items are matched in order by identity key, each old one with the first new one of its key
/// not matched yet, so as many of a key are removed as the old result had more of it (what
/// `RefreshChanges` counts as gone). It walks every line of both results: run it off the UI
/// thread.
package enum RemovedRows {
    /// What a removed row's identity key is: its item's, moved out of the way of the result's
    /// own keys (a changed row's old text has its row's identity).
    static func removedKey(_ key: UInt64) -> UInt64 { key ^ 0x5EED_0FFD_1FF0_0001 }

    /// `result` with the rows it removed against `previous` (the lines of the result before it)
    /// among its rows; nil when it removed nothing and changed no row's text, or was not
    /// compared with `previous`.
    package static func view(of result: ResultLines, previous: LineList, shaping: ResultShaping) -> ResultLines? {
        let changes = result.changes
        guard changes.isComparison, changes.goneCount > 0 || !changes.changedItems.isEmpty else { return nil }
        let lines = result.lines
        let newKeys = changes.keys.count == lines.count ? changes.keys : shaping.keys(of: lines)
        let oldKeys = shaping.keys(of: previous)
        let inserted = insertions(old: oldKeys, new: newKeys, changes: changes, previousCount: previous.count)
        guard !inserted.isEmpty else { return nil }

        let total = lines.count + inserted.count
        var shown = LineList()
        var keys: [UInt64] = []
        keys.reserveCapacity(total)
        var newItems = RowMarks(count: total)
        var changedItems = RowMarks(count: total)
        var removedItems = RowMarks(count: total)
        var previousIndex: [Int32] = changes.changedItems.isEmpty ? [] : Array(repeating: -1, count: total)
        var next = 0
        func takeRows(upTo end: Int) {
            guard next < end else { return }
            shown.append(lines, range: next..<end)
            for index in next..<end {
                let row = keys.count
                keys.append(newKeys[index])
                if changes.newItems[index] { newItems.insert(row) }
                if changes.changedItems[index] {
                    changedItems.insert(row)
                    if index < changes.previousIndex.count { previousIndex[row] = changes.previousIndex[index] }
                }
            }
            next = end
        }
        for insertion in inserted {
            takeRows(upTo: insertion.before)
            removedItems.insert(keys.count)
            keys.append(removedKey(oldKeys[insertion.old]))
            shown.append(previous, range: insertion.old..<insertion.old + 1)
        }
        takeRows(upTo: lines.count)

        var combined = RefreshChanges(keys: keys, newItems: newItems, goneCount: changes.goneCount, isComparison: true)
        combined.changedItems = changedItems
        combined.previousIndex = previousIndex
        combined.removedItems = removedItems
        return ResultLines(lines: shown, headerLines: result.headerLines, changes: combined,
                           previousLines: changes.changedItems.isEmpty ? LineList() : previous,
                           lineSections: shaping.sections(of: shown, changes: combined))
    }

    /// A row of the result before, shown before the result's row `before`.
    struct Insertion: Equatable {
        var before: Int
        var old: Int
    }

    /// Where the old items go among the new ones: those no new item matches, after the row of
    /// the last old item before them that one does (at the top when none does), and the old
    /// rows of changed items just above them; in the order they are shown.
    static func insertions(old: [UInt64], new: [UInt64], changes: RefreshChanges, previousCount: Int) -> [Insertion] {
        // For each key, its new items not matched yet, as a chain: the first, then `later`.
        var first: [UInt64: Int] = [:]
        first.reserveCapacity(new.count)
        var later = [Int](repeating: -1, count: new.count)
        for index in new.indices.reversed() {
            later[index] = first[new[index]] ?? -1
            first[new[index]] = index
        }
        var result: [Insertion] = []
        var place = 0
        for (index, key) in old.enumerated() {
            if let matched = first[key], matched >= 0 {
                first[key] = later[matched]
                place = matched + 1
            } else {
                result.append(Insertion(before: place, old: index))
            }
        }
        if !changes.changedItems.isEmpty {
            for index in 0..<min(new.count, changes.previousIndex.count) where changes.changedItems[index] {
                let old = Int(changes.previousIndex[index])
                if old >= 0, old < previousCount { result.append(Insertion(before: index, old: old)) }
            }
        }
        // Stable: at one place, removed items in their old order, then a changed item's old text.
        return result.enumerated().sorted { ($0.element.before, $0.offset) < ($1.element.before, $1.offset) }.map(\.element)
    }
}
