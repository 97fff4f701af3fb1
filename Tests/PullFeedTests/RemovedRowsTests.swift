@testable import PullFeed
import SearchEngine
import Testing

/// The rows a result removed, put back among its rows for `d`: where each goes, the marks the
/// result's own rows keep, and a changed row's old text with identity by fields.
@Suite struct RemovedRowsTests {
    /// `new` as shown after `old`, with its removed rows among its rows: each row's text, `-` for
    /// a removed row, `+` for a new one, `~` for a changed one.
    func shown(_ old: [String], _ new: [String], identity: LineIdentity = .wholeLine) -> [String]? {
        let shaping = ResultShaping(identity: identity)
        let result = shaping.result(header: [], lines: LineList(new), previous: LineList(old))
        guard let view = RemovedRows.view(of: result, previous: LineList(old), shaping: shaping) else { return nil }
        let changes = view.changes
        #expect(changes.keys.count == view.lines.count)
        return (0..<view.lines.count).map { index in
            let mark = changes.removedItems[index] ? "-" : changes.newItems[index] ? "+" : changes.changedItems[index] ? "~" : " "
            return mark + view.lines[index]
        }
    }

    @Test func aRemovedRowGoesAfterTheRowBeforeIt() {
        #expect(shown(["a", "b", "c"], ["a", "c"]) == [" a", "-b", " c"])
        #expect(shown(["a", "b", "c"], ["b", "c"]) == ["-a", " b", " c"], "at the top when no row before it is kept")
        #expect(shown(["a", "b", "c"], ["a", "b"]) == [" a", " b", "-c"])
        #expect(shown(["a", "b", "c", "d"], ["a", "x", "d"]) == [" a", "-b", "-c", "+x", " d"])
    }

    @Test func asManyOfALineAreRemovedAsTheResultHasFewer() {
        #expect(shown(["x", "x", "x", "y"], ["x", "y"]) == [" x", "-x", "-x", " y"])
        #expect(shown(["a", "b"], ["b", "a", "b"]) == nil, "nothing removed, nothing changed: nothing to show")
    }

    @Test func aResultComparedWithNothingShowsNothingRemoved() {
        let shaping = ResultShaping()
        let first = shaping.result(header: [], lines: LineList(["a"]), previous: nil)
        #expect(RemovedRows.view(of: first, previous: LineList(["b"]), shaping: shaping) == nil)
    }

    @Test func withIdentityByFieldsAChangedRowsOldTextGoesAboveIt() throws {
        let identity = LineIdentity(fields: try FieldSelection(parsing: "1"))
        #expect(shown(["1 a", "2 b", "3 c"], ["1 a", "2 B", "4 d"], identity: identity) == [" 1 a", "-2 b", "~2 B", "-3 c", "+4 d"])
    }

    @Test func theViewKeepsOldTextsAndSectionsOfItsRows() throws {
        let shaping = ResultShaping(identity: LineIdentity(fields: try FieldSelection(parsing: "1")), sectionPattern: try CapturePattern("^(\\S+)"))
        let result = shaping.result(header: ["H"], lines: LineList(["1 a", "2 B"]), previous: LineList(["1 a", "2 b", "3 c"]))
        let view = try #require(RemovedRows.view(of: result, previous: LineList(["1 a", "2 b", "3 c"]), shaping: shaping))
        #expect(view.headerLines == ["H"])
        let changed = try #require((0..<view.lines.count).first { view.changes.changedItems[$0] })
        #expect(view.previousLines[Int(view.changes.previousIndex[changed])] == "2 b")
        #expect(view.lineSections?.all.map(\.name) == ["1", "2", "3"])
        #expect(view.serial != result.serial)
    }

    @Test func rowMarksCountBelowAnIndex() {
        var marks = RowMarks(count: 200)
        for index in [0, 5, 63, 64, 130, 199] { marks.insert(index) }
        #expect(marks.count(below: 0) == 0)
        #expect(marks.count(below: 1) == 1)
        #expect(marks.count(below: 64) == 3)
        #expect(marks.count(below: 65) == 4)
        #expect(marks.count(below: 199) == 5)
        #expect(marks.count(below: 500) == 6)
        #expect(RowMarks().count(below: 10) == 0)
    }
}
