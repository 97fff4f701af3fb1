import Testing
@testable import TerminalUI

/// An empty list (and one without selectable rows) still reports pulls at the top.
@Suite struct ListViewEmptyTests {
    @Test func emptyListHasNoSelectionAndMovesReportUnchanged() {
        let list = ListView(dataSource: ArrayListDataSource(), viewportHeight: 5)
        #expect(list.selectedIndex == nil)
        #expect(list.visibleLines().isEmpty)
        for command: ListCommand in [.down, .pageUp, .pageDown, .home, .end, .wheelDown(3), .click(screenRow: 0)] {
            #expect(list.apply(command) == .unchanged, "\(command)")
        }
    }

    @Test func emptyListStillReportsPullsAtTheTop() {
        let list = ListView(dataSource: ArrayListDataSource(), viewportHeight: 5)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        #expect(list.apply(.wheelUp(2)) == .overscrollTop(rows: 2))
        list.setTopInset(2)
        #expect(list.visibleLines() == [.topAccessory(0), .topAccessory(1)])
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
    }

    @Test func listOfOnlyHeadersScrollsWithoutSelecting() {
        let source = ArrayListDataSource(rows: (0..<6).map { .header("H\($0)") })
        let list = ListView(dataSource: source, viewportHeight: 4)
        #expect(list.selectedIndex == nil)
        #expect(list.apply(.down) == .moved)
        #expect(list.scrollOffset == 1)
        #expect(list.apply(.up) == .moved)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        #expect(list.apply(.click(screenRow: 0)) == .unchanged)
    }

    @Test func filledListSelectsAfterReload() {
        let source = ArrayListDataSource()
        let list = ListView(dataSource: source, viewportHeight: 5)
        source.append(section: ListSection(title: "New", rows: [.item("a"), .item("b")]))
        list.reloadData()
        #expect(list.selectedIndex == 1)
        #expect(list.apply(.down) == .moved)
        #expect(list.selectedIndex == 2)
    }
}
