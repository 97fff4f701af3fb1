import Testing
@testable import TerminalUI

/// Header accessory changes (pulling, parking, collapsing), reloads and resizes.
@Suite struct ListViewDataChangeTests {
    @Test func pullingAtTheTopPushesTheContentDown() {
        let list = makeList([5], height: 5)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        list.setTopInset(1)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().prefix(2) == [.topAccessory(0), .row(0)])
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        list.setTopInset(2)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().prefix(3) == [.topAccessory(0), .topAccessory(1), .row(0)])
        #expect(list.selectedIndex == 1)
        list.setTopInset(0)  // springs back
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().first == .row(0))
    }

    @Test func parkedHeaderScrollsAwayMovingDownAndReturnsAtTheTop() {
        // Parked header: 2 lines, then rows 0 S0, 1...10 in a five-line view.
        let list = makeList([10], height: 5)
        list.setTopInset(2)
        var offsets: [Int] = []
        for _ in 0..<3 {
            #expect(list.apply(.down) == .moved)
            offsets.append(list.scrollOffset)
        }
        #expect(list.selectedIndex == 4)
        #expect(offsets == [0, 1, 2])
        #expect(!list.isAtTop)
        #expect(!list.visibleLines().contains(.topAccessory(1)))

        for _ in 0..<3 { #expect(list.apply(.up) == .moved) }
        #expect(list.selectedIndex == 1)
        #expect(list.isAtTop)
        #expect(list.visibleLines().prefix(3) == [.topAccessory(0), .topAccessory(1), .row(0)])
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
    }

    @Test func aHeaderThatAppearsForARefreshKeepsTheSelectedRow() {
        // Section header row 0, rows 1...10 in a five-line view; the selection on the last line.
        for keeping in [true, false] {
            let list = makeList([10], height: 5)
            #expect(list.select(row: 4))
            #expect(list.scrollOffset == 0)
            list.setTopInset(2, keepingSelectedRow: keeping)
            if keeping {
                // The view scrolls by the two lines; the header is out of sight.
                #expect(list.selectedIndex == 4)
                #expect(list.isRowVisible(4))
                #expect(list.scrollOffset == 2)
            } else {
                // A pull pushes the rows down: the selection moves to the last row in view.
                #expect(list.selectedIndex == 2)
                #expect(list.scrollOffset == 0)
            }
        }
    }

    @Test func collapsingTheHeaderWhileScrolledKeepsTheRowsInPlace() {
        let list = makeList([10], height: 4)
        list.setTopInset(2)
        list.select(row: 8)
        let before = list.visibleLines()
        #expect(!before.contains(.topAccessory(1)))
        list.setTopInset(0)
        #expect(list.visibleLines() == before)
        list.setTopInset(2)  // a refresh begun elsewhere appears out of sight above
        #expect(list.visibleLines() == before)
        #expect(list.selectedIndex == 8)
    }

    @Test func collapsingAPartlyVisibleHeaderStopsAtTheTop() {
        let list = makeList([10], height: 4)
        list.setTopInset(2)
        #expect(list.apply(.wheelDown(1)) == .moved)
        list.setTopInset(0)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().first == .row(0))
    }

    @Test func scrollToTopShowsTheHeaderAndKeepsTheSelectionOnScreen() {
        let list = makeList([20], height: 5)
        #expect(list.apply(.end) == .moved)
        list.scrollToTop()
        #expect(list.selectedIndex == 4)  // the last row of the first screen
        list.setTopInset(2)  // the header pushes rows 3 and 4 out of the five-line view
        #expect(list.isAtTop)
        #expect(list.visibleLines() == [.topAccessory(0), .topAccessory(1), .row(0), .row(1), .row(2)])
        #expect(list.selectedIndex == 2)
    }

    @Test func appendingRowsDoesNotMoveTheViewport() {
        let source = sectionedSource([10])
        let list = ListView(dataSource: source, viewportHeight: 5, bottomInset: 1)
        #expect(list.apply(.end) == .moved)
        let offset = list.scrollOffset
        #expect(list.isBottomAccessoryFullyVisible)
        #expect(list.visibleLines().last == .bottomAccessory(0))

        source.append(section: ListSection(title: "S1", rows: (0..<10).map { .item("S1.\($0)") }))
        list.reloadData()
        #expect(list.rowCount == 22)
        #expect(list.scrollOffset == offset)
        #expect(list.selectedIndex == 10)
        #expect(list.visibleLines().last == .row(11))
        #expect(!list.isBottomAccessoryFullyVisible)
        #expect(list.apply(.down) == .moved)
        #expect(list.selectedIndex == 12)
    }

    @Test func replacingRowsClampsTheSelection() {
        let source = sectionedSource([20])
        let list = ListView(dataSource: source, viewportHeight: 5)
        #expect(list.apply(.end) == .moved)
        source.replace(sections: [ListSection(title: "S", rows: [.item("a"), .item("b"), .item("c")])])
        list.reloadData()
        #expect(list.selectedIndex == 3)
        #expect(list.scrollOffset == 0)
        #expect(list.isRowVisible(3))
    }

    @Test func replacingRowsMovesASelectionThatLandsOnAHeaderToTheNextRow() {
        let source = sectionedSource([6])
        let list = ListView(dataSource: source, viewportHeight: 10)
        list.select(row: 4)
        source.replace(sections: [ListSection(title: "A", rows: [.item("a"), .item("b"), .item("c")]),
                                  ListSection(title: "B", rows: [.item("d")])])
        list.reloadData()
        #expect(list.selectedIndex == 5)
    }

    @Test func reloadWithoutKeepingSelectionResetsToTheTop() {
        let source = sectionedSource([20])
        let list = ListView(dataSource: source, viewportHeight: 5)
        #expect(list.apply(.end) == .moved)
        list.reloadData(keepingSelection: false)
        #expect(list.selectedIndex == 1)
        #expect(list.scrollOffset == 0)
    }

    @Test func replacingTheDataSourceResets() {
        let list = makeList([20], height: 5)
        #expect(list.apply(.end) == .moved)
        list.dataSource = sectionedSource([2, 2])
        #expect(list.rowCount == 6)
        #expect(list.selectedIndex == 1)
        #expect(list.scrollOffset == 0)
    }

    @Test func emptyingTheListClearsTheSelection() {
        let source = sectionedSource([5])
        let list = ListView(dataSource: source, viewportHeight: 5, bottomInset: 1)
        source.rows = []
        list.reloadData()
        list.bottomInset = 0
        #expect(list.selectedIndex == nil)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().isEmpty)
    }

    @Test func shrinkingTheViewportKeepsTheSelectionVisible() {
        let list = makeList([20], height: 10)
        #expect(list.apply(.end) == .moved)
        #expect(list.scrollOffset == 11)
        list.viewportHeight = 3
        #expect(list.isRowVisible(20))
        #expect(list.scrollOffset == 18)
        list.select(row: 10)
        list.viewportHeight = 1
        #expect(list.visibleLines() == [.row(10)])
    }

    @Test func growingTheViewportPastTheContentScrollsBackToTop() {
        let list = makeList([20], height: 5)
        #expect(list.apply(.end) == .moved)
        list.viewportHeight = 30
        #expect(list.scrollOffset == 0)
        #expect(list.selectedIndex == 20)
        #expect(list.visibleLines().count == 21)
    }

    @Test func removingTheFooterAtTheBottomClampsTheScroll() {
        let list = makeList([10], height: 4, bottomInset: 1)
        #expect(list.apply(.end) == .moved)
        #expect(list.scrollOffset == 8)
        list.bottomInset = 0
        #expect(list.scrollOffset == 7)
        #expect(list.isRowVisible(10))
    }
}
