import Foundation
import Testing
@testable import PullFeed
import TerminalUI

/// `--id FIELDS`: the field syntax, the keys of a line's fields, and what a refresh changed when
/// lines are identified by fields (new, changed, gone; duplicates; colours).
@Suite struct IdentityByFieldsTests {
    typealias R = FieldSelection.Range

    @Test func fieldSyntax() throws {
        #expect(try FieldSelection(parsing: "1").ranges == [R(from: 1, to: 1)])
        #expect(try FieldSelection(parsing: "2,4").ranges == [R(from: 2, to: 2), R(from: 4, to: 4)])
        #expect(try FieldSelection(parsing: "-1").ranges == [R(from: -1, to: -1)])
        #expect(try FieldSelection(parsing: "2..").ranges == [R(from: 2, to: nil)])
        #expect(try FieldSelection(parsing: "..3").ranges == [R(from: nil, to: 3)])
        #expect(try FieldSelection(parsing: "2..4").ranges == [R(from: 2, to: 4)])
        #expect(try FieldSelection(parsing: "..").ranges == [R(from: nil, to: nil)])
        #expect(try FieldSelection(parsing: "-3..-1,1").ranges == [R(from: -3, to: -1), R(from: 1, to: 1)])
        #expect(try FieldSelection(parsing: "2..-1").ranges == [R(from: 2, to: -1)])
    }

    @Test(arguments: [
        ("", "is empty"), ("0", "counted from 1"), ("a", "'a' is not a field"), ("1,", "empty item"),
        (",1", "empty item"), ("1 ", "'1 ' is not a field"), ("3..1", "selects no field"), ("-1..-3", "selects no field"),
        ("1...2", "is not a field"), ("99999999999999999999", "is not a field"), ("+1", "is not a field"), ("1..0", "counted from 1"),
        ("١", "is not a field"),
    ])
    func invalidFieldSyntaxNamesTheProblem(text: String, problem: String) {
        #expect {
            _ = try FieldSelection(parsing: text)
        } throws: { error in
            (error as? FieldSelection.ParseError)?.description.contains(problem) == true
        }
    }

    /// Fields resolved against a line's field count, as fzf resolves them.
    @Test func fieldIndices() throws {
        let s = try FieldSelection(parsing: "1,-1,2..,..2,-2..,5")
        #expect(s.ranges.map { s.indices(of: $0, fieldCount: 3) } == [0..<1, 2..<3, 1..<3, 0..<2, 1..<3, 0..<0])
        #expect(s.ranges.allSatisfy { s.indices(of: $0, fieldCount: 0).isEmpty })
    }

    func identity(_ fields: String, delimiter: String? = nil) throws -> LineIdentity {
        LineIdentity(fields: try FieldSelection(parsing: fields), delimiter: delimiter)
    }

    @Test func fieldsSplitOnBlankRunsOrOnTheDelimiter() throws {
        let first = try identity("1")
        #expect(first.keys(ofLine: "  42 bash 10").id == first.keys(ofLine: "42\tzsh  99").id)
        #expect(first.keys(ofLine: "42 bash").id != first.keys(ofLine: "43 bash").id)
        #expect(first.keys(ofLine: "42 bash").text != first.keys(ofLine: "42 zsh").text)
        #expect(first.keys(ofLine: "42 bash").text == ItemKeys.key(ofLine: "42 bash"), "the text key is the whole line's key")
        let last = try identity("-1")
        #expect(last.keys(ofLine: "a b key").id == last.keys(ofLine: "c key").id)
        let pair = try identity("2,4")
        #expect(pair.keys(ofLine: "x a y b").id == pair.keys(ofLine: "z a w b").id)
        #expect(pair.keys(ofLine: "x ab y ").id != pair.keys(ofLine: "x a y b").id, "fields keep their bounds")
        let colon = try identity("2", delimiter: ":")
        #expect(Array("a::b:".utf8).withUnsafeBufferPointer { colon.split($0) } == [0..<1, 2..<2, 3..<4, 5..<5])
        #expect(colon.keys(ofLine: "x:user one:1").id == colon.keys(ofLine: "y:user one:2").id)
        #expect(colon.keys(ofLine: "x:user one:1").id != colon.keys(ofLine: "x:user two:1").id)
        let word = try identity("1", delimiter: " | ")
        #expect(word.keys(ofLine: "a b | c").id == word.keys(ofLine: "a b | d").id)
    }

    /// Colours are not part of a line's identity nor of its text: only what is shown counts.
    @Test func coloursAreLeftOut() throws {
        let first = try identity("1")
        let plain = first.keys(ofLine: "42 bash 10")
        let coloured = first.keys(ofLine: "\u{1B}[31m42\u{1B}[0m bash \u{1B}[1m10\u{1B}[m")
        #expect(plain == coloured)
        // The same through the bytes a command's output is held in, invalid UTF-8 read as U+FFFD.
        let lines = LineList(splitting: Array("\u{1B}[32m42\u{1B}[0m bash 10\n7 caf\u{E9} 1\n".utf8) + [0x38, 0x20, 0xFF, 0x0A])
        var ids: [UInt64] = [], texts: [UInt64] = []
        ItemKeys.appendKeys(of: lines, identity: first, ids: &ids, texts: &texts)
        #expect(ids[0] == plain.id && texts[0] == plain.text)
        #expect(texts[1] == ItemKeys.key(ofLine: "7 café 1"))
        #expect(texts[2] == ItemKeys.key(ofLine: "8 \u{FFFD}"))
        #expect(ids[2] == first.keys(ofLine: "8 zzz").id)
    }

    func changes(_ old: [String], _ new: [String], id: String = "1") throws -> RefreshChanges {
        let identity = try identity(id)
        func keys(_ lines: [String]) -> (ids: [UInt64], texts: [UInt64]) {
            var ids: [UInt64] = [], texts: [UInt64] = []
            ItemKeys.appendKeys(of: LineList(lines), identity: identity, ids: &ids, texts: &texts)
            return (ids, texts)
        }
        let o = keys(old), n = keys(new)
        let before = RefreshChanges.between(oldKeys: [], oldTexts: [], newIds: o.ids, newTexts: o.texts, compares: false)
        #expect(!before.isComparison && before.newCount == 0)
        return RefreshChanges.between(oldKeys: before.keys, oldTexts: before.textKeys, newIds: n.ids, newTexts: n.texts)
    }

    func rows(_ marks: RowMarks, _ count: Int) -> [Int] { (0..<count).filter { marks[$0] } }

    @Test func rowsWhoseFieldsStayButTextChangesAreChanged() throws {
        let old = ["1 init 100", "20 sshd 5", "300 bash 7", "4000 top 1"]
        let new = ["1 init 101", "20 sshd 5", "300 bash 9", "5000 vim 0", "4000 top 2"]
        let c = try changes(old, new)
        #expect(c.isComparison)
        #expect(rows(c.newItems, 5) == [3])
        #expect(rows(c.changedItems, 5) == [0, 2, 4])
        #expect(c.newCount == 1 && c.changedCount == 3 && c.goneCount == 0)
        #expect(c.previousIndex[0] == 0 && c.previousIndex[2] == 2 && c.previousIndex[4] == 3)
        #expect(c.previousIndex[1] == -1 && c.previousIndex[3] == -1)
        let gone = try changes(old, ["300 bash 8"])
        #expect(gone.changedCount == 1 && gone.newCount == 0 && gone.goneCount == 3)
        #expect(gone.previousIndex == [2])
        let same = try changes(old, old)
        #expect(same.newCount == 0 && same.changedCount == 0 && same.goneCount == 0 && same.previousIndex.isEmpty)
    }

    /// The first line with an identity keeps it; later ones are identified by their text, so
    /// they are new or gone as whole lines, never changed, and nothing crashes.
    @Test func duplicateIdentitiesCountAsDistinctRows() throws {
        let old = ["7 a", "7 b", "7 c", "8 x"]
        let unchanged = try changes(old, old)
        #expect(unchanged.newCount == 0 && unchanged.changedCount == 0 && unchanged.goneCount == 0)
        let c = try changes(old, ["7 z", "7 b", "7 y", "8 x", "8 x"])
        #expect(rows(c.changedItems, 5) == [0], "the first 7 keeps its identity")
        #expect(rows(c.newItems, 5) == [2, 4], "7 y and the second 8 x are new")
        #expect(c.goneCount == 1, "7 c is gone")
        #expect(Set(c.keys).count == 5)
        let all = try changes(Array(repeating: "1 same", count: 1000), Array(repeating: "1 other", count: 1001))
        #expect(all.changedCount == 1 && all.newCount == 1000 && all.goneCount == 999)
        let none = try changes(["a b", "c d"], ["e f", "g h"], id: "5")
        #expect(none.changedCount == 1 && none.newCount == 1 && none.goneCount == 1, "lines without the field share one empty identity")
    }

    @Test func aHundredThousandChangedLines() throws {
        let old = (0..<100_000).map { "\($0) name \($0 % 7)" }
        let new = (0..<100_000).map { "\($0) name \($0 % 7 + 1)" }
        let c = try changes(old, new)
        #expect(c.changedCount == 100_000 && c.newCount == 0 && c.goneCount == 0)
        #expect(c.changedItems.first == 0)
    }

    /// Keys that share their low bits probe on to the next free slot; a key is found again,
    /// never taken for another.
    @Test func keyTableFindsEveryKey() {
        var table = KeyTable(capacity: 2000)
        let keys = (0..<1000).map { UInt64($0) << 32 } + (1..<1000).map { UInt64($0) }
        for (i, key) in keys.enumerated() { #expect(table.value(of: key, addingIfAbsent: Int32(i)) == nil) }
        for (i, key) in keys.enumerated() { #expect(table.value(of: key, addingIfAbsent: -5) == Int32(i)) }
        table.set(keys[7], to: 70)
        #expect(table.value(of: keys[7], addingIfAbsent: -5) == 70)
        #expect(table.value(of: UInt64.max, addingIfAbsent: -5) == nil)
    }
}
