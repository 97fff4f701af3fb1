import Testing
@testable import TerminalUI

/// Row defaults and the array-backed data source.
@Suite struct ListRowTests {
    @Test func selectabilityDefaultsFromTheKind() {
        #expect(!ListRow.header("h").isSelectable)
        #expect(ListRow.item("i").isSelectable)
        #expect(ListRow.action("a").isSelectable)
        #expect(!ListRow(text: "note", kind: .item, isSelectable: false).isSelectable)
        #expect(ListRow(text: "x", indent: -3).indent == 0)
    }

    @Test func sectionsFlattenToHeaderThenRows() {
        let source = ArrayListDataSource(sections: [
            ListSection(title: "A", rows: [.item("a1"), .item("a2")]),
            ListSection(title: "B", rows: []),
            ListSection(header: .header("C", style: .dim), rows: [.action("c")]),
        ])
        #expect(source.rows.map(\.text) == ["A", "a1", "a2", "B", "C", "c"])
        #expect(source.rows.map(\.kind) == [.sectionHeader, .item, .item, .sectionHeader, .sectionHeader, .action])
        #expect(source.row(at: 4).style == .dim)
        #expect(!source.isSelectable(at: 3))
    }

    @Test func unselectableItemsAreSkippedLikeHeaders() {
        let source = ArrayListDataSource(rows: [
            .item("a"), ListRow(text: "(no comments)", isSelectable: false), .item("b"),
        ])
        let list = ListView(dataSource: source, viewportHeight: 5)
        #expect(list.selectedIndex == 0)
        #expect(list.apply(.down) == .moved)
        #expect(list.selectedIndex == 2)
        #expect(list.apply(.click(screenRow: 1)) == .unchanged)
    }
}
