/// What a refresh changed: which items of the new result were not in the one before (compared
/// as multisets, by identity: a line's text, an article's id), how many of the old ones are
/// gone, and every item's identity key (for keeping the place and the next comparison).
/// With identity by fields (`LineIdentity`), also which items were there before with another
/// text (changed), and the row each of them had.
///
/// The reactor works it out when a refresh's result arrives; the screen only shows it.
package struct RefreshChanges: Sendable, Equatable {
    /// One identity key per item of the result, in order (see `ItemKeys`).
    package var keys: [UInt64]
    /// The items of the result that were not in the previous result.
    package var newItems: RowMarks
    /// How many items of the previous result are not in this one.
    package var goneCount: Int
    /// Whether the counts mean anything: false for the first load, which counts nothing as new.
    package var isComparison: Bool
    /// With identity by fields: one text key per item (`LineIdentity.keys(ofLine:)`); empty
    /// when the whole line is the identity.
    package var textKeys: [UInt64] = []
    /// The items whose identity was there before with another text.
    package var changedItems = RowMarks()
    /// For each changed item, the index it had in the previous result (-1 for the others);
    /// empty when nothing changed.
    package var previousIndex: [Int32] = []
    /// Rows shown for comparison only (`d`, `RemovedRows`): an item the result before had and
    /// this one has not, or a changed item's old text. Empty unless they are shown.
    package var removedItems = RowMarks()

    package init(keys: [UInt64] = [], newItems: RowMarks = RowMarks(), goneCount: Int = 0, isComparison: Bool = false) {
        self.keys = keys
        self.newItems = newItems
        self.goneCount = goneCount
        self.isComparison = isComparison
    }

    package var newCount: Int { newItems.count }
    package var changedCount: Int { changedItems.count }

    /// What makes the identity of a line whose fields' identity an earlier line of the same
    /// result already has: its text key, moved out of the way of field keys.
    static func duplicateKey(text: UInt64) -> UInt64 { text ^ 0xA5A5_5A5A_C3C3_3C3C }

    /// The changes from a result whose items had identities `oldKeys` and texts `oldTexts` to
    /// one whose items have field keys `newIds` and texts `newTexts` (`LineIdentity`).
    ///
    /// The first item with a field key has that identity; a later one with the same field key
    /// is identified by its text (`duplicateKey(text:)`), so it is new unless a duplicate with
    /// that text was there before. An item whose identity was there before is changed when its
    /// text differs, else unchanged; the others are new. `compares` false (a first load) only
    /// works out the identities (`keys`), and counts nothing.
    package static func between(
        oldKeys: [UInt64], oldTexts: [UInt64], newIds: [UInt64], newTexts: [UInt64], countsGone: Bool = true,
        compares: Bool = true
    ) -> RefreshChanges {
        precondition(oldKeys.count == oldTexts.count && newIds.count == newTexts.count, "one text key per item")
        let count = newIds.count
        if compares, oldKeys == newIds {
            return sameIdentities(keys: newIds, oldTexts: oldTexts, newTexts: newTexts)
        }
        // Each first identity of the old result, and its index; duplicates by text, counted.
        var firsts = KeyTable(capacity: oldKeys.count + count)
        var oldDuplicates: [UInt64: Int32] = [:]
        for i in oldKeys.indices {
            let key = oldKeys[i]
            if key == duplicateKey(text: oldTexts[i]) {
                oldDuplicates[key, default: 0] += 1
            } else {
                firsts.set(key, to: Int32(i))
            }
        }
        // Old items matched so far (a first identity is matched at most once).
        var matchedOld = RowMarks(count: oldKeys.count)
        var matched = 0
        var keys = newIds
        var newItems = RowMarks(count: count)
        var changedItems = RowMarks(count: count)
        var previousIndex: [Int32] = []
        // A field key seen in this result that the old one did not have.
        let onlyNew: Int32 = -1
        for i in 0..<count {
            let id = newIds[i]
            if let old = firsts.value(of: id, addingIfAbsent: onlyNew) {
                if old >= 0, !matchedOld[Int(old)] {
                    matchedOld.insert(Int(old))
                    matched += 1
                    if oldTexts[Int(old)] != newTexts[i] {
                        if previousIndex.isEmpty { previousIndex = Array(repeating: -1, count: count) }
                        previousIndex[i] = old
                        changedItems.insert(i)
                    }
                    continue
                }
            } else {
                newItems.insert(i)
                continue
            }
            // A duplicate of an identity this result has already given.
            let key = duplicateKey(text: newTexts[i])
            keys[i] = key
            if let left = oldDuplicates[key], left > 0 {
                oldDuplicates[key] = left - 1
                matched += 1
            } else {
                newItems.insert(i)
            }
        }
        guard compares else {
            return RefreshChanges(keys: keys, textKeys: newTexts, isComparison: false)
        }
        var changes = RefreshChanges(keys: keys, newItems: newItems, goneCount: countsGone ? oldKeys.count - matched : 0,
                                     isComparison: true)
        changes.textKeys = newTexts
        changes.changedItems = changedItems
        changes.previousIndex = previousIndex
        return changes
    }

    /// The changes when the new result's field keys are the old result's identities, in the same
    /// order (a table whose rows stayed, the common case): every old identity is a field key
    /// (a duplicate's text key is never one), so each is a first one in both results, and the
    /// item at each index is the one at the same index before, changed when its text differs.
    private static func sameIdentities(keys: [UInt64], oldTexts: [UInt64], newTexts: [UInt64]) -> RefreshChanges {
        let count = keys.count
        var changes = RefreshChanges(keys: keys, newItems: RowMarks(count: count), goneCount: 0, isComparison: true)
        changes.textKeys = newTexts
        var changedItems = RowMarks(count: count)
        var previousIndex: [Int32] = []
        for i in 0..<count where oldTexts[i] != newTexts[i] {
            if previousIndex.isEmpty { previousIndex = Array(repeating: -1, count: count) }
            previousIndex[i] = Int32(i)
            changedItems.insert(i)
        }
        changes.changedItems = changedItems
        changes.previousIndex = previousIndex
        return changes
    }

    private init(keys: [UInt64], textKeys: [UInt64], isComparison: Bool) {
        self.init(keys: keys, newItems: RowMarks(count: keys.count), goneCount: 0, isComparison: isComparison)
        self.textKeys = textKeys
    }

    /// The changes from a result whose items had `old` keys to one whose items have `new` keys.
    /// Equal runs at the start and the end are matched at once; the rest is compared as
    /// multisets: an item is new when its key occurs more often in `new` than in `old` up to
    /// it. `countsGone` false (the new result is only a first page) reports nothing gone.
    package static func between(old: [UInt64], new: [UInt64], countsGone: Bool = true) -> RefreshChanges {
        var marks = RowMarks(count: new.count)
        if old == new { return RefreshChanges(keys: new, newItems: marks, goneCount: 0, isComparison: true) }
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        var counts: [UInt64: Int32] = [:]
        counts.reserveCapacity(oldMiddle.count)
        for key in oldMiddle { counts[key, default: 0] += 1 }
        var matched = 0
        for index in newMiddle.indices {
            let key = new[index]
            if let left = counts[key], left > 0 {
                counts[key] = left - 1
                matched += 1
            } else {
                marks.insert(index)
            }
        }
        let gone = countsGone ? oldMiddle.count - matched : 0
        return RefreshChanges(keys: new, newItems: marks, goneCount: gone, isComparison: true)
    }
}

/// A set of row indices below a fixed count, one bit each (100,000 rows take 12.5 KB).
package struct RowMarks: Sendable, Equatable {
    private var words: [UInt64]
    /// How many indices are in the set.
    package private(set) var count = 0
    /// The smallest index in the set.
    package private(set) var first: Int?

    /// An empty set for indices `0 ..< count`.
    package init(count: Int = 0) {
        words = Array(repeating: 0, count: (max(0, count) + 63) / 64)
    }

    package var isEmpty: Bool { count == 0 }

    /// Whether `index` is in the set (false outside the range it was made for).
    package subscript(index: Int) -> Bool {
        guard index >= 0, index / 64 < words.count else { return false }
        return words[index / 64] & (1 << UInt64(index % 64)) != 0
    }

    /// Removes every index from `index` on.
    package mutating func removeAll(from index: Int) {
        guard let first else { return }
        guard first < index else {
            words = Array(repeating: 0, count: words.count)
            count = 0
            self.first = nil
            return
        }
        let word = index / 64
        if word < words.count {
            words[word] &= (1 << UInt64(index % 64)) - 1
            for i in (word + 1)..<words.count { words[i] = 0 }
        }
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// How many indices of the set are below `index`.
    package func count(below index: Int) -> Int {
        guard index > 0, !words.isEmpty else { return 0 }
        let whole = min(index / 64, words.count)
        var total = 0
        for word in words[..<whole] { total += word.nonzeroBitCount }
        if whole < words.count, index % 64 != 0 {
            total += (words[whole] & ((1 << UInt64(index % 64)) - 1)).nonzeroBitCount
        }
        return total
    }

    /// Calls `body` with each index of the set below `end`, in order: a word at a time, so a
    /// sparse set of many rows costs its words, not its rows.
    package func forEach(below end: Int, _ body: (Int) -> Void) {
        guard count > 0, end > 0 else { return }
        for word in 0..<min(words.count, (end + 63) / 64) {
            var bits = words[word]
            while bits != 0 {
                let index = word * 64 + bits.trailingZeroBitCount
                guard index < end else { return }
                body(index)
                bits &= bits - 1
            }
        }
    }

    /// Adds every index of `range` (within the range the set was made for), a word at a time.
    package mutating func insert(range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && (range.upperBound - 1) / 64 < words.count, "row mark out of range")
        var index = range.lowerBound
        while index < range.upperBound {
            let word = index / 64
            let from = index % 64
            let to = min(64, from + range.upperBound - index)
            let mask: UInt64 = (to == 64 ? ~0 : (1 << UInt64(to)) - 1) & ~((1 << UInt64(from)) - 1)
            count += (mask & ~words[word]).nonzeroBitCount
            words[word] |= mask
            index += to - from
        }
        if first.map({ range.lowerBound < $0 }) ?? true { first = range.lowerBound }
    }

    /// Adds `index` (one of the range the set was made for).
    package mutating func insert(_ index: Int) {
        precondition(index >= 0 && index / 64 < words.count, "row mark out of range")
        let bit: UInt64 = 1 << UInt64(index % 64)
        guard words[index / 64] & bit == 0 else { return }
        words[index / 64] |= bit
        count += 1
        if first.map({ index < $0 }) ?? true { first = index }
    }
}
