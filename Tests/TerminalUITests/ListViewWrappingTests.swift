import SearchEngine
import Testing
@testable import TerminalUI

/// Rows of several screen lines (`wrapsLines`) and the number column (`numberWidth`), drawn
/// into a `MemoryScreen`.
@Suite struct ListViewWrappingTests {
    private static let alphabet = "abcdefghijklmnopqrstuvwxyz"

    private func list(_ texts: [String], height: Int, width: Int = 12, bottomInset: Int = 0) -> ListView {
        let source = Rows(texts.map { .item($0) })
        let list = ListView(dataSource: source, viewportHeight: height, bottomInset: bottomInset)
        list.viewportWidth = width
        list.wrapsLines = true
        return list
    }

    private func render(_ list: ListView, columns: Int = 12, rows: Int) -> MemoryScreen {
        let screen = MemoryScreen(columns: columns, rows: rows)
        list.draw(on: screen, top: 0, height: rows, width: columns) { _, row in screen.draw("~ footer", row: row, column: 0) }
        return screen
    }

    @Test func aLongRowTakesSeveralLinesEachAfterTheFirstBeginningWithTheMark() {
        let list = list(["short", Self.alphabet, "after"], height: 6)
        #expect(render(list, rows: 6).lines == [
            "›short",
            " abcdefghijk",
            " ↳ lmnopqrst",
            " ↳ uvwxyz",
            " after",
            "",
        ])
        #expect(list.height(ofRow: 1) == 3)
        #expect(list.height(ofRow: 0) == 1)
    }

    @Test func theSelectionCoversEveryLineOfItsRowAndDownMovesByRow() {
        let list = list(["short", Self.alphabet, "after"], height: 6)
        _ = list.apply(.down)
        #expect(list.selectedIndex == 1)
        let screen = render(list, rows: 6)
        #expect(screen.lines[1] == "›abcdefghijk")
        for row in 1...3 { #expect(screen.style(row: row, column: 11).reverse, "line \(row) of the selected row") }
        #expect(!screen.style(row: 0, column: 1).reverse)
        #expect(!screen.style(row: 4, column: 1).reverse)
        _ = list.apply(.down)
        #expect(list.selectedIndex == 2)
        _ = list.apply(.up)
        _ = list.apply(.up)
        #expect(list.selectedIndex == 0)
    }

    @Test func downRevealsTheWholeNextRowScrollingByScreenLines() {
        let list = list(["one", Self.alphabet, Self.alphabet, "last"], height: 4)
        _ = list.apply(.down)
        #expect(list.scrollOffset == 0)
        _ = list.apply(.down)
        // Row 2's three lines end the view: row 0 and two lines of row 1 have gone above.
        #expect(list.selectedIndex == 2)
        #expect(render(list, rows: 4).lines == [
            " ↳ uvwxyz",
            "›abcdefghijk",
            " ↳ lmnopqrst",
            " ↳ uvwxyz",
        ])
        #expect(list.scrollOffset == 1)
        #expect(list.scrollSkip == 2)
        _ = list.apply(.up)
        #expect(render(list, rows: 4).lines[0] == "›abcdefghijk")
    }

    @Test func aRowTallerThanTheViewShowsItsFirstLinesAndTheWheelScrollsThroughIt() {
        let long = String(repeating: Self.alphabet, count: 2)
        let list = list(["one", long, "after"], height: 3)
        _ = list.apply(.down)
        #expect(render(list, rows: 3).lines == ["›abcdefghijk", " ↳ lmnopqrst", " ↳ uvwxyzabc"])
        #expect(list.apply(.wheelDown(2)) == .moved)
        #expect(list.selectedIndex == 1)
        #expect(render(list, rows: 3).lines == [" ↳ uvwxyzabc", " ↳ defghijkl", " ↳ mnopqrstu"])
        _ = list.apply(.down)
        #expect(list.selectedIndex == 2)
        #expect(render(list, rows: 3).lines.last == "›after")
    }

    @Test func pageDownMovesAPageOfScreenLinesNotOfRows() {
        let texts = (0..<20).map { "row\($0)" + String(repeating: "-", count: 10) }   // 2 lines each
        let list = list(texts, height: 7)
        _ = list.apply(.pageDown)
        // Six screen lines down from row 0's first: row 3.
        #expect(list.selectedIndex == 3)
        let lines = render(list, rows: 7).lines
        #expect(lines.contains("›row3-------"))
        #expect(list.isRowVisible(3))
        _ = list.apply(.pageUp)
        #expect(list.selectedIndex == 0)
        #expect(list.isAtTop)
    }

    @Test func endShowsTheLastLineOfTheLastRowAtTheBottomMeasuringOnlyTheRowsNearIt() {
        let source = LongRows(count: 1_000_000)
        let list = ListView(dataSource: source, viewportHeight: 5, bottomInset: 1)
        list.viewportWidth = 12
        list.wrapsLines = true
        source.requests = 0
        _ = list.apply(.end)
        #expect(list.selectedIndex == 999_999)
        #expect(source.requests < 100, "End measured \(source.requests) rows")
        let lines = render(list, rows: 5).lines
        #expect(lines.last == "~ footer")
        #expect(lines[0] == " ↳ wrap")
        #expect(lines[1] == "›999999 long")
        #expect(lines[3] == " ↳ wrap")
        #expect(list.isBottomAccessoryFullyVisible)
        source.requests = 0
        _ = list.apply(.home)
        _ = list.apply(.pageDown)
        _ = list.apply(.pageDown)
        #expect(source.requests < 200, "two pages measured \(source.requests) rows")
        #expect(list.selectedIndex == 4)
    }

    @Test func thePlaceIsKeptAcrossAReloadAndAChangeOfWidth() {
        let list = list(["zero", "one", "two", "three", Self.alphabet, "five", "six"], height: 5)
        list.select(row: 5)
        let place = try! #require(list.place)
        #expect(place.screenRow == 4)
        #expect(render(list, rows: 5).lines[4] == "›five")
        list.reloadData(keeping: place)
        #expect(list.place == place)
        list.viewportWidth = 40   // nothing wraps now
        #expect(list.selectedIndex == 5)
        #expect(list.place?.screenRow == 4)
        #expect(render(list, columns: 40, rows: 5).lines == [" one", " two", " three", " " + Self.alphabet, "›five"])
    }

    @Test func turningWrappingOnAndOffKeepsTheSelectedRowOnItsLineAndStopsSidewaysScrolling() {
        let list = list((0..<10).map { "\($0)" + Self.alphabet }, height: 6)
        list.wrapsLines = false
        _ = list.apply(.down)
        _ = list.apply(.down)
        _ = render(list, rows: 6)
        #expect(list.apply(.scrollRight) == .moved)
        list.wrapsLines = true
        #expect(list.horizontalOffset == 0)
        #expect(list.place?.screenRow == 2)
        #expect(list.apply(.scrollRight) == .unchanged)
        #expect(render(list, rows: 6).lines[2] == "›2abcdefghij")
        list.wrapsLines = false
        #expect(render(list, rows: 6).lines[2] == "›2abcdefghi…")
    }

    @Test func aMatchBrokenByAWrapPointIsMarkedOnEveryLineItSpans() throws {
        // "abcdefghijk" / "↳ lmnopqrst" / "↳ uvwxyz": "jklm" ends line 1 and begins line 2.
        let list = list(["short", Self.alphabet], height: 4)
        list.highlight = TextPattern("jklm")
        let screen = render(list, rows: 4)
        #expect(screen.lines[1] == " abcdefghijk")
        for column in [10, 11] { #expect(screen.style(row: 1, column: column).underline, "\(column) of line 1") }
        #expect(!screen.style(row: 1, column: 9).underline)
        for column in [3, 4] { #expect(screen.style(row: 2, column: column).underline, "\(column) of line 2") }
        #expect(!screen.style(row: 2, column: 5).underline)
        #expect(!screen.style(row: 2, column: 1).underline, "the wrap mark is no part of the match")
        // A regular expression over all three lines: its middle line marked whole.
        list.highlight = try TextPattern("k.*v", syntax: .regularExpression)
        let spanning = render(list, rows: 4)
        #expect(spanning.style(row: 1, column: 11).underline)
        #expect(!spanning.style(row: 1, column: 10).underline)
        for column in 3...11 { #expect(spanning.style(row: 2, column: column).underline, "\(column) of line 2") }
        for column in [3, 4] { #expect(spanning.style(row: 3, column: column).underline, "\(column) of line 3") }
        #expect(!spanning.style(row: 3, column: 5).underline)
    }

    @Test func aMatchBrokenByAWrapPointIsMarkedOnTheSelectedRowAndAfterAWideCharacter() {
        // "漢" does not fit in the last column of line 1: it begins line 2, the match across it.
        let list = list(["abcdefghij漢xyz"], height: 3)
        list.highlight = TextPattern("j漢x")
        let screen = render(list, rows: 3)
        #expect(screen.lines == ["›abcdefghij", " ↳ 漢xyz", ""])
        #expect(screen.style(row: 0, column: 10).underline)
        #expect(!screen.style(row: 0, column: 10).reverse, "reverse video flipped off on the selected row")
        for column in [3, 4, 5] { #expect(screen.style(row: 1, column: column).underline, "\(column) of line 2") }
        #expect(!screen.style(row: 1, column: 6).underline)
    }

    @Test func changedCharactersAcrossAWrapPointAreMarkedOnEveryLine() {
        var row = ListRow.item("abcdefghijKLMnopqrstuvwxyz")
        row.previousText = Self.alphabet
        let source = Rows([.item("short"), row])
        let list = ListView(dataSource: source, viewportHeight: 4)
        list.viewportWidth = 12
        list.wrapsLines = true
        let screen = render(list, rows: 4)
        #expect(screen.lines[1] == "~abcdefghijK")
        #expect(screen.lines[2] == " ↳ LMnopqrst")
        #expect(screen.style(row: 1, column: 11).reverse)
        #expect(!screen.style(row: 1, column: 10).reverse)
        for column in [3, 4] { #expect(screen.style(row: 2, column: column).reverse, "\(column) of line 2") }
        #expect(!screen.style(row: 2, column: 5).reverse)
    }

    @Test func upAndDownMoveOneItemWhateverLinesTheSelectedOrTheNextItemTakes() {
        let long = String(repeating: Self.alphabet, count: 3)   // 8 lines, taller than the view
        let list = list(["one", long, Self.alphabet, "four"], height: 5)
        _ = list.apply(.down)
        #expect(list.selectedIndex == 1)
        _ = list.apply(.down)
        #expect(list.selectedIndex == 2, "one Down leaves an item taller than the view")
        #expect(render(list, rows: 5).lines.contains("›abcdefghijk"))
        _ = list.apply(.up)
        #expect(list.selectedIndex == 1, "one Up selects the tall item above")
        #expect(render(list, rows: 5).lines[0] == "›abcdefghijk", "shown from its first line")
        _ = list.apply(.wheelDown(4))
        #expect(list.selectedIndex == 1)
        _ = list.apply(.up)
        #expect(list.selectedIndex == 0, "one Up from part way down a tall item selects the item above it")
        _ = list.apply(.end)
        _ = list.apply(.up)
        _ = list.apply(.up)
        #expect(list.selectedIndex == 1)
    }

    @Test func revealingTheHighlightScrollsARowTallerThanTheViewToItsMatch() {
        let long = String(repeating: Self.alphabet, count: 3) + "MATCH"   // 9 lines, the match on the last
        let list = list(["one", long, "after"], height: 3)
        list.highlight = TextPattern("MATCH")
        list.select(row: 1)
        list.revealHighlight(inRow: 1)
        #expect(list.selectedIndex == 1)
        #expect(render(list, rows: 3).lines.contains { $0.contains("MATCH") })
        // Shown already (the row fits): nothing moves.
        let short = self.list(["one", Self.alphabet + "MATCH", "after"], height: 5)
        short.highlight = TextPattern("MATCH")
        short.select(row: 1)
        let before = short.position
        short.revealHighlight(inRow: 1)
        #expect(short.position == before)
    }

    @Test func theNumberColumnShowsEachRowsNumberRightAlignedAndDimOutsideItsText() {
        var rows = [ListRow.item("alpha"), .item("bravo"), .item("no number")]
        rows[0].number = 9
        rows[1].number = 10
        let source = Rows(rows)
        let list = ListView(dataSource: source, viewportHeight: 3)
        list.numberWidth = 2
        let screen = render(list, columns: 16, rows: 3)
        #expect(screen.lines == ["› 9  alpha", " 10  bravo", "     no number"])
        #expect(screen.style(row: 1, column: 1).dim)
        #expect(!screen.style(row: 1, column: 5).dim)
        list.highlight = TextPattern("1")
        #expect(render(list, columns: 16, rows: 3).lines[1] == " 10  bravo")
        #expect(!render(list, columns: 16, rows: 3).style(row: 1, column: 1).underline, "the number is never a match")
    }

    @Test func wrappedRowsLeaveTheNumberColumnBlankAfterTheirFirstLine() {
        var rows = [ListRow.item(Self.alphabet)]
        rows[0].number = 3
        let source = Rows(rows)
        let list = ListView(dataSource: source, viewportHeight: 4)
        list.numberWidth = 1
        list.wrapsLines = true
        #expect(render(list, columns: 16, rows: 4).lines == ["›3  abcdefghijkl", "    ↳ mnopqrstuv", "    ↳ wxyz", ""])
    }
}

/// A million rows of two lines each at 12 columns, counting the rows the list asks for.
private final class LongRows: ListDataSource {
    let count: Int
    var requests = 0

    init(count: Int) { self.count = count }

    var rowCount: Int { count }

    func row(at index: Int) -> ListRow {
        requests += 1
        return .item("\(index) long text to wrap")
    }

    func isSelectable(at index: Int) -> Bool { true }
}

/// Rows without sections.
private final class Rows: ListDataSource {
    let rows: [ListRow]

    init(_ rows: [ListRow]) { self.rows = rows }

    var rowCount: Int { rows.count }

    func row(at index: Int) -> ListRow { rows[index] }
}
