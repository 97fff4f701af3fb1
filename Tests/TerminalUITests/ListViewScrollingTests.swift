import Testing
@testable import TerminalUI

/// Page keys, Home/End, the mouse wheel and clicks.
@Suite struct ListViewScrollingTests {
    @Test func pageDownMovesViewAndSelectionByAViewportMinusOneLine() {
        // Rows 0 S0, 1...20: 21 lines, five-line view, pages of four.
        let list = makeList([20], height: 5)
        var steps: [[Int]] = []
        while list.apply(.pageDown) == .moved {
            steps.append([list.selectedIndex!, list.scrollOffset])
        }
        #expect(steps == [[5, 4], [9, 8], [13, 12], [17, 16], [20, 16]])
        #expect(list.apply(.pageDown) == .unchanged)
    }

    @Test func pageUpMirrorsPageDownAndEndsOnTheFirstRow() {
        let list = makeList([20], height: 5)
        #expect(list.apply(.end) == .moved)
        var steps: [[Int]] = []
        while list.apply(.pageUp) == .moved {
            steps.append([list.selectedIndex!, list.scrollOffset])
        }
        #expect(steps == [[16, 12], [12, 8], [8, 4], [4, 0], [1, 0]])
        #expect(list.apply(.pageUp) == .unchanged)
    }

    @Test func pageDownLandingOnAHeaderTakesTheRowAfterIt() {
        // Rows 0 S0, 1...3, 4 S1, 5...7; pages of three.
        let list = makeList([3, 3], height: 4)
        #expect(list.apply(.pageDown) == .moved)
        #expect(list.selectedIndex == 5)
        #expect(list.isRowVisible(5))
    }

    @Test func pageUpLandingOnAHeaderTakesTheRowBeforeIt() {
        let list = makeList([3, 3], height: 4)
        list.select(row: 7)
        #expect(list.apply(.pageUp) == .moved)
        #expect(list.selectedIndex == 3)
        #expect(list.isRowVisible(3))
    }

    @Test func homeAndEndGoToTheVeryTopAndBottom() {
        let list = makeList([5, 5, 5], height: 5, topInset: 2, bottomInset: 1)
        #expect(list.apply(.end) == .moved)
        #expect(list.selectedIndex == 17)
        #expect(list.scrollOffset == 2 + 18 + 1 - 5)
        #expect(list.isBottomAccessoryFullyVisible)
        #expect(list.apply(.end) == .unchanged)
        #expect(list.apply(.home) == .moved)
        #expect(list.selectedIndex == 1)
        #expect(list.scrollOffset == 0)
        #expect(list.visibleLines().prefix(3) == [.topAccessory(0), .topAccessory(1), .row(0)])
        #expect(list.apply(.home) == .unchanged)
    }

    @Test func endShowsATrailingEmptySection() {
        let source = ArrayListDataSource(rows: [.header("A"), .item("a")] + (0..<10).map { .item("\($0)") } + [.header("Empty")])
        let list = ListView(dataSource: source, viewportHeight: 4)
        #expect(list.apply(.end) == .moved)
        #expect(list.selectedIndex == 11)
        #expect(list.visibleLines().last == .row(12))
    }

    @Test func wheelScrollsTheViewAndDragsTheSelectionAlong() {
        // Rows 0 S0, 1...10: eleven lines, four-line view.
        let list = makeList([10], height: 4)
        #expect(list.apply(.wheelDown(3)) == .moved)
        #expect(list.scrollOffset == 3)
        #expect(list.selectedIndex == 3)

        #expect(list.apply(.wheelUp(2)) == .moved)
        #expect(list.scrollOffset == 1)
        #expect(list.selectedIndex == 3)
    }

    @Test func wheelReportsWhatItCouldNotScrollAsOverscroll() {
        let list = makeList([10], height: 4)
        #expect(list.apply(.wheelDown(100)) == .overscrollBottom(rows: 100 - 7))
        #expect(list.scrollOffset == 7)
        #expect(list.selectedIndex == 7)
        #expect(list.apply(.wheelDown(2)) == .overscrollBottom(rows: 2))

        #expect(list.apply(.wheelUp(10)) == .overscrollTop(rows: 3))
        #expect(list.scrollOffset == 0)
        #expect(list.selectedIndex == 3)
        #expect(list.apply(.wheelUp(1)) == .overscrollTop(rows: 1))
        #expect(list.selectedIndex == 3)
    }

    @Test func wheelOfZeroLinesDoesNothing() {
        let list = makeList([10], height: 4)
        #expect(list.apply(.wheelUp(0)) == .unchanged)
        #expect(list.apply(.wheelDown(0)) == .unchanged)
    }

    @Test func clickSelectsTheRowUnderTheScreenRow() {
        let list = makeList([5], height: 4, topInset: 2)
        // Screen rows: 0-1 header accessory, 2 S0, 3 S0.0 (row 1).
        #expect(list.apply(.click(screenRow: 3)) == .clicked(row: 1))
        #expect(list.apply(.wheelDown(3)) == .moved)
        // Now rows 1...4 are on screen rows 0...3.
        #expect(list.apply(.click(screenRow: 2)) == .clicked(row: 3))
        #expect(list.selectedIndex == 3)
        #expect(list.scrollOffset == 3)
    }

    @Test func clicksOnHeadersAccessoriesAndOutsideChangeNothing() {
        let list = makeList([2], height: 6, topInset: 1, bottomInset: 1)
        // Screen rows: 0 accessory, 1 S0, 2 S0.0, 3 S0.1, 4 footer, 5 blank.
        for screenRow in [-1, 0, 1, 4, 5, 6, 99] {
            #expect(list.apply(.click(screenRow: screenRow)) == .unchanged, "screen row \(screenRow)")
        }
        #expect(list.selectedIndex == 1)
        #expect(list.line(atScreenRow: 0) == .topAccessory(0))
        #expect(list.line(atScreenRow: 4) == .bottomAccessory(0))
        #expect(list.line(atScreenRow: 5) == nil)
    }
}
