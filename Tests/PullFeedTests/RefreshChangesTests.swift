import Foundation
import Testing
@testable import PullFeed

/// What is new after a refresh: a multiset difference of identity keys.
@Suite struct RefreshChangesTests {
    func keys(_ lines: [String]) -> [UInt64] { lines.map(ItemKeys.key(ofLine:)) }

    func marked(_ changes: RefreshChanges, _ count: Int) -> [Int] { (0..<count).filter { changes.newItems[$0] } }

    @Test func linesInsertedAboveAreNew() {
        let old = (0..<10).map { "line \($0)" }
        let new = ["a", "b", "c"] + old
        let changes = RefreshChanges.between(old: keys(old), new: keys(new))
        #expect(changes.newCount == 3 && changes.goneCount == 0)
        #expect(marked(changes, new.count) == [0, 1, 2])
        #expect(changes.newItems.first == 0)
    }

    @Test func removedAndReplacedLinesAreCountedGone() {
        let old = ["a", "b", "c", "d"]
        let new = ["a", "x", "d"]
        let changes = RefreshChanges.between(old: keys(old), new: keys(new))
        #expect(marked(changes, 3) == [1])
        #expect(changes.goneCount == 2)
        let firstPage = RefreshChanges.between(old: keys(old), new: keys(new), countsGone: false)
        #expect(firstPage.goneCount == 0)
    }

    @Test func marksFromAnIndexOnAreRemoved() {
        for (marks, from, left) in [([0, 5, 63, 64, 130], 64, [0, 5, 63]), ([3, 70], 0, []), ([10, 70], 10, []),
                                    ([1, 2], 200, [1, 2]), ([1, 65, 66], 66, [1, 65]), ([], 5, [])] {
            var set = RowMarks(count: 140)
            marks.forEach { set.insert($0) }
            set.removeAll(from: from)
            #expect((0..<140).filter { set[$0] } == left, "\(marks) from \(from)")
            #expect(set.count == left.count && set.first == left.first, "\(marks) from \(from)")
        }
    }

    /// Marks are read in order a word at a time, and a run is added a word at a time, as if
    /// index by index.
    @Test func marksAreReadAndAddedAWordAtATime() {
        var set = RowMarks(count: 200)
        [0, 5, 63, 64, 130, 199].forEach { set.insert($0) }
        var seen: [Int] = []
        set.forEach(below: 200) { seen.append($0) }
        #expect(seen == [0, 5, 63, 64, 130, 199])
        seen = []
        set.forEach(below: 64) { seen.append($0) }
        #expect(seen == [0, 5, 63])
        for range in [3..<3, 0..<1, 60..<70, 0..<64, 64..<128, 1..<199, 0..<200, 127..<129] {
            var byRun = RowMarks(count: 200)
            var byIndex = RowMarks(count: 200)
            [5, 64, 128].forEach { byRun.insert($0); byIndex.insert($0) }
            byRun.insert(range: range)
            range.forEach { byIndex.insert($0) }
            #expect(byRun == byIndex, "\(range)")
            #expect(byRun.count == byIndex.count && byRun.first == byIndex.first, "\(range)")
        }
    }

    @Test func duplicatesCountAsAMultiset() {
        let changes = RefreshChanges.between(old: keys(["a", "a"]), new: keys(["a", "a", "a"]))
        #expect(changes.newCount == 1 && changes.goneCount == 0)
        let fewer = RefreshChanges.between(old: keys(["a", "b", "a"]), new: keys(["a"]))
        #expect(fewer.newCount == 0 && fewer.goneCount == 2)
    }

    @Test func unchangedCompletelyChangedAndEmptyResults() {
        let old = keys((0..<100).map { "l\($0)" })
        #expect(RefreshChanges.between(old: old, new: old).newCount == 0)
        let other = keys((0..<50).map { "m\($0)" })
        let changed = RefreshChanges.between(old: old, new: other)
        #expect(changed.newCount == 50 && changed.goneCount == 100)
        let empty = RefreshChanges.between(old: old, new: [])
        #expect(empty.newCount == 0 && empty.goneCount == 100)
    }

    @Test func aHundredThousandIdenticalLines() {
        let same = Array(repeating: ItemKeys.key(ofLine: "same"), count: 100_000)
        var more = same
        more.append(contentsOf: same.prefix(10))
        let changes = RefreshChanges.between(old: same, new: more)
        #expect(changes.newCount == 10 && changes.goneCount == 0)
    }

    /// Keys come from the bytes held, and equal the key of the text shown: CRLF lines,
    /// invalid UTF-8, and lines given as strings.
    @Test func keysAreTheKeysOfTheTextShown() {
        let bytes = Array("plain\r\nnon-ascii 中文\n".utf8) + [0x66, 0xFF, 0x0A] + Array("last".utf8)
        let lines = LineList(splitting: bytes)
        var keys: [UInt64] = []
        ItemKeys.appendKeys(of: lines, to: &keys)
        #expect(keys == (0..<lines.count).map { ItemKeys.key(ofLine: lines[$0]) })
        #expect(keys[0] == ItemKeys.key(ofLine: "plain"))
        #expect(keys[2] == ItemKeys.key(ofLine: "f\u{FFFD}"))
        var tail: [UInt64] = []
        ItemKeys.appendKeys(of: lines, from: 2, to: &tail)
        #expect(tail == Array(keys[2...]))
    }
}
