import Testing
@testable import TerminalUI

/// `select(row:contextAbove:)`: a found row comes into view near the top, with the rows after
/// it, as a pager shows a search's match.
@Suite struct ListViewShowingFoundTests {
    @Test func aRowBelowTheViewComesInBelowTheTopWithTheRowsAfterIt() {
        // Row 0 is S0's header, rows 1...100 its items; a ten-line view at the top.
        let list = makeList([100], height: 10)
        #expect(list.select(row: 50, contextAbove: 3))
        #expect(list.selectedIndex == 50)
        #expect(list.scrollOffset == 47, "three lines above it, six after it in view")
    }

    @Test func aRowAboveTheViewComesInTheSameWay() {
        let list = makeList([100], height: 10)
        _ = list.apply(.end)
        #expect(list.select(row: 20, contextAbove: 3))
        #expect(list.scrollOffset == 17)
    }

    @Test func aRowInViewLeavesTheViewAlone() {
        let list = makeList([100], height: 10)
        #expect(list.select(row: 9, contextAbove: 3))
        #expect(list.scrollOffset == 0)
    }

    @Test func nearTheEndTheViewStopsAtTheLastLine() {
        let list = makeList([100], height: 10)
        #expect(list.select(row: 99, contextAbove: 3))
        #expect(list.scrollOffset == list.maxScrollOffset)
    }

    @Test func aShortViewKeepsLessContext() {
        let list = makeList([100], height: 4)
        #expect(list.select(row: 50, contextAbove: 3))
        #expect(list.scrollOffset == 49, "at most half the view above the row")
    }

    @Test func anUnselectableRowIsNotSelected() {
        let list = makeList([100], height: 10)
        #expect(!list.select(row: 0, contextAbove: 3))
        #expect(!list.select(row: 500, contextAbove: 3))
    }
}
