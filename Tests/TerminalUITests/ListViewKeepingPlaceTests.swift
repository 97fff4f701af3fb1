import Testing
@testable import TerminalUI

/// `reloadData(keeping:)`: the selected item stays selected on its line of the view when the
/// data changes around it; a gone item leaves the selection at its index.
@Suite struct ListViewKeepingPlaceTests {
    /// Rows whose identity is their text.
    final class TextRows: ListDataSource {
        var texts: [String]
        init(_ texts: [String]) { self.texts = texts }
        var rowCount: Int { texts.count }
        func row(at index: Int) -> ListRow { ListRow(text: texts[index]) }
        func identity(at index: Int) -> AnyHashable? { texts[index] }
    }

    func list(_ texts: [String], height: Int = 10) -> (ListView, TextRows) {
        let rows = TextRows(texts)
        return (ListView(dataSource: rows, viewportHeight: height), rows)
    }

    func screenRow(_ list: ListView) -> Int? { list.place?.screenRow }

    @Test func theItemStaysOnItsLineWhenRowsAreInsertedAbove() {
        let (list, rows) = list((0..<100).map { "row \($0)" })
        #expect(list.select(row: 40))
        let before = list.place
        let line = screenRow(list)
        rows.texts = ["new a", "new b", "new c"] + rows.texts
        list.reloadData(keeping: before)
        #expect(list.selectedIndex == 43)
        #expect(rows.texts[list.selectedIndex!] == "row 40")
        #expect(screenRow(list) == line)
    }

    @Test func aGoneItemLeavesTheSelectionAtItsIndexClamped() {
        let (list, rows) = list((0..<100).map { "row \($0)" })
        list.select(row: 50)
        let place = list.place
        rows.texts = (0..<20).map { "other \($0)" }
        list.reloadData(keeping: place)
        #expect(list.selectedIndex == 19)
        let last = list.place
        rows.texts = []
        list.reloadData(keeping: last)
        #expect(list.selectedIndex == nil)
        rows.texts = ["back"]
        list.reloadData(keeping: nil)
        #expect(list.selectedIndex == 0)
    }

    @Test func aRepeatedItemIsFoundNearestItsOldIndex() {
        let texts = (0..<30).map { $0 % 10 == 0 ? "same" : "row \($0)" }
        let (list, rows) = list(texts)
        list.select(row: 20)
        let place = list.place
        rows.texts = ["x", "y"] + texts
        list.reloadData(keeping: place)
        #expect(list.selectedIndex == 22)
        #expect(rows.texts[22] == "same")
    }

    @Test func withoutIdentitiesThePlaceIsKeptByIndex() {
        let source = ArrayListDataSource(rows: (0..<50).map { ListRow(text: "r\($0)") })
        let list = ListView(dataSource: source, viewportHeight: 10)
        list.select(row: 30)
        let place = list.place
        #expect(place?.identity == nil)
        source.rows.insert(ListRow(text: "new"), at: 0)
        list.reloadData(keeping: place)
        #expect(list.selectedIndex == 30)
        #expect(screenRow(list) == place?.screenRow)
    }

    @Test func newRowsAreMarkedAndBold() {
        let source = ArrayListDataSource(rows: [ListRow(text: "old"), ListRow(text: "fresh", isNew: true)])
        let list = ListView(dataSource: source, viewportHeight: 3)
        let screen = MemoryScreen(columns: 20, rows: 3)
        list.draw(on: screen, top: 0, height: 3, width: 20) { _, _ in }
        #expect(screen.lines[0] == "›old")
        #expect(screen.lines[1] == "+fresh")
        #expect(screen.style(row: 1, column: 2).bold)
        #expect(!screen.style(row: 0, column: 2).bold)
    }
}
