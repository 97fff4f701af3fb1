import Testing
@testable import TerminalUI

/// Tiny viewports (a 1×1 terminal) and pulls longer than the view.
@Suite struct ListViewTinyViewportTests {
    @Test func pullLongerThanTheViewHidesTheSelectionUntilItSpringsBack() {
        let list = makeList([5], height: 3)
        list.setTopInset(3)
        #expect(list.visibleLines() == [.topAccessory(0), .topAccessory(1), .topAccessory(2)])
        #expect(list.selectedIndex == 1)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        list.setTopInset(0)
        #expect(list.isRowVisible(1))
        #expect(list.selectedIndex == 1)
    }

    /// Rows that arrive before the list knows its height keep their first section header:
    /// the selection is revealed once there is a viewport, not scrolled to as if none fitted.
    @Test func rowsLoadedBeforeTheViewportKeepTheFirstHeaderInView() {
        let source = ArrayListDataSource()
        let list = ListView(dataSource: source)
        list.setTopInset(2)  // a header refreshing above the rows
        source.replace(sections: [ListSection(title: "S0", rows: (0..<30).map { .item("row \($0)") })])
        list.reloadData(keepingSelection: true)
        #expect(list.selectedIndex == 1)
        list.viewportHeight = 5
        list.setTopInset(0)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().first == .row(0))
    }

    @Test func oneLineViewportStillNavigatesAndPulls() {
        let list = makeList([2, 2], height: 1, bottomInset: 1)  // 0 S0, 1, 2, 3 S1, 4, 5, footer
        #expect(list.visibleLines() == [.row(1)])
        #expect(list.apply(.down) == .moved)
        #expect(list.visibleLines() == [.row(2)])
        #expect(list.apply(.down) == .moved)
        #expect(list.visibleLines() == [.row(4)])
        #expect(list.apply(.down) == .moved)
        #expect(list.visibleLines() == [.row(5)])
        #expect(list.apply(.end) == .unchanged)
        #expect(list.apply(.down) == .moved)  // the footer is the only line on screen
        #expect(list.visibleLines() == [.bottomAccessory(0)])
        #expect(list.apply(.down) == .overscrollBottom(rows: 1))
        #expect(list.apply(.home) == .moved)
        #expect(list.visibleLines() == [.row(1)])
        #expect(list.apply(.up) == .moved)  // shows the header above, then the pull begins
        #expect(list.visibleLines() == [.row(0)])
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
    }

    @Test func zeroHeightListSurvivesEveryCommand() {
        let list = makeList([3, 3], height: 0, topInset: 1, bottomInset: 1)
        for command: ListCommand in [.down, .down, .pageDown, .end, .up, .pageUp, .home, .wheelDown(2), .wheelUp(2), .click(screenRow: 0)] {
            _ = list.apply(command)
            #expect(list.visibleLines().isEmpty)
            #expect(list.selectedIndex.map(list.dataSource.isSelectable(at:)) == true)
        }
        let screen = MemoryScreen(columns: 1, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 1) { _, _ in }
        #expect(screen.lines == [""])
    }
}
