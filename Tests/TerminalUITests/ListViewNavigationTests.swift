import Testing
@testable import TerminalUI

/// Up/Down across sections, scrolling that follows the selection, and over-scroll at the edges.
@Suite struct ListViewNavigationTests {
    // Rows for [5, 5, 5]: 0 S0, 1...5, 6 S1, 7...11, 12 S2, 13...17.

    @Test func startsOnFirstSelectableRowAtTop() {
        let list = makeList([5, 5, 5], height: 5)
        #expect(list.rowCount == 18)
        #expect(list.selectedIndex == 1)
        #expect(list.scrollOffset == 0)
        #expect(list.isAtTop)
    }

    @Test func downSkipsSectionHeadersAndScrollsOneLineAtATime() {
        let list = makeList([5, 5, 5], height: 5)
        var selections: [Int] = []
        var offsets: [Int] = []
        for _ in 0..<6 {
            #expect(list.apply(.down) == .moved)
            selections.append(list.selectedIndex ?? -1)
            offsets.append(list.scrollOffset)
        }
        #expect(selections == [2, 3, 4, 5, 7, 8])
        // Lines 0...4 are visible at first; each move past the bottom edge scrolls just enough.
        #expect(offsets == [0, 0, 0, 1, 3, 4])
    }

    @Test func upSkipsSectionHeaders() {
        let list = makeList([2, 2], height: 10)
        list.select(row: 4)
        #expect(list.apply(.up) == .moved)
        #expect(list.selectedIndex == 2)
    }

    @Test func selectionNeverRestsOnAHeaderWalkingTheWholeList() {
        let list = makeList([3, 1, 4, 2], height: 4)
        var seen: [Int] = [list.selectedIndex!]
        while list.apply(.down) == .moved { seen.append(list.selectedIndex!) }
        let source = list.dataSource
        #expect(seen.allSatisfy { source.row(at: $0).kind == .item })
        #expect(Set(seen).count == 10)
        #expect(list.apply(.down) == .overscrollBottom(rows: 1))
        var back: [Int] = [list.selectedIndex!]
        while list.apply(.up) == .moved {
            back.append(list.selectedIndex!)
            #expect(list.isRowVisible(list.selectedIndex!))
        }
        #expect(Set(back) == Set(seen))
    }

    @Test func movingUpOntoTheFirstRowOfASectionRevealsItsHeader() {
        let list = makeList([5, 5, 5], height: 5)
        list.select(row: 17)
        list.select(row: 8)  // scrolls up just enough: lines 8...12
        #expect(list.scrollOffset == 8)
        #expect(list.apply(.up) == .moved)
        #expect(list.selectedIndex == 7)
        #expect(list.scrollOffset == 6)
        #expect(list.visibleLines().first == .row(6))
    }

    @Test func upFromTheFirstRowAtTheTopReportsOverscroll() {
        let list = makeList([3], height: 5)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
        #expect(list.selectedIndex == 1)
        #expect(list.scrollOffset == 0)
    }

    @Test func upFromTheSecondRowMovesInsteadOfOverscrolling() {
        let list = makeList([3], height: 5)
        list.select(row: 2)
        #expect(list.apply(.up) == .moved)
        #expect(list.selectedIndex == 1)
    }

    @Test func upOnTheFirstRowWhileScrolledScrollsUpBeforeOverscrolling() {
        let list = makeList([3], height: 2)
        #expect(list.apply(.wheelDown(1)) == .moved)
        #expect(list.scrollOffset == 1)
        #expect(list.selectedIndex == 1)
        #expect(list.apply(.up) == .moved)
        #expect(list.scrollOffset == 0)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
    }

    @Test func reachingTheLastRowRevealsTheFooterThenDownOverscrolls() {
        // Rows 0 S0, 1...3; footer line 4. Five lines in a three-line view.
        let list = makeList([3], height: 3, bottomInset: 1)
        #expect(list.apply(.down) == .moved)
        #expect(!list.isBottomAccessoryFullyVisible)
        #expect(list.apply(.down) == .moved)
        #expect(list.selectedIndex == 3)
        #expect(list.isBottomAccessoryFullyVisible)
        #expect(list.visibleLines() == [.row(2), .row(3), .bottomAccessory(0)])
        #expect(list.apply(.down) == .overscrollBottom(rows: 1))
        #expect(list.selectedIndex == 3)
    }

    @Test func downOnTheLastRowWithTheFooterHiddenScrollsFirst() {
        let list = makeList([3], height: 3, bottomInset: 1)
        list.select(row: 3)
        #expect(list.scrollOffset == 1)
        #expect(!list.isBottomAccessoryFullyVisible)
        #expect(list.apply(.down) == .moved)
        #expect(list.isBottomAccessoryFullyVisible)
        #expect(list.apply(.down) == .overscrollBottom(rows: 1))
    }

    @Test func overscrollIsNeverReportedAwayFromTheEdges() {
        let list = makeList([4, 4, 4], height: 5, topInset: 0, bottomInset: 1)
        for _ in 0..<11 {
            let outcome = list.apply(.down)
            #expect(outcome == .moved)
        }
        #expect(list.selectedIndex == 14)
        #expect(list.apply(.down) == .overscrollBottom(rows: 1))
        for _ in 0..<11 {
            let outcome = list.apply(.up)
            #expect(outcome == .moved)
        }
        #expect(list.selectedIndex == 1)
        #expect(list.apply(.up) == .overscrollTop(rows: 1))
    }

    @Test func randomCommandsKeepTheSelectionSelectableAndVisible() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<40 {
            let counts = (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 1...6, using: &random) }
            let list = makeList(
                counts, height: Int.random(in: 4...8, using: &random),
                topInset: Int.random(in: 0...2, using: &random), bottomInset: Int.random(in: 0...1, using: &random))
            for _ in 0..<200 {
                let command: ListCommand
                switch Int.random(in: 0..<9, using: &random) {
                case 0, 1: command = .up
                case 2, 3: command = .down
                case 4: command = .pageUp
                case 5: command = .pageDown
                case 6: command = Bool.random(using: &random) ? .home : .end
                case 7: command = Bool.random(using: &random) ? .wheelUp(Int.random(in: 1...3, using: &random))
                                                              : .wheelDown(Int.random(in: 1...3, using: &random))
                default: command = .click(screenRow: Int.random(in: -1...list.viewportHeight, using: &random))
                }
                let outcome = list.apply(command)
                let selected = try #require(list.selectedIndex)
                #expect(list.dataSource.isSelectable(at: selected), "\(command) selected a header")
                #expect(list.isRowVisible(selected), "\(command) → \(outcome) hid row \(selected)")
                #expect((0...list.maxScrollOffset).contains(list.scrollOffset))
                if case .overscrollTop = outcome { #expect(list.isAtTop) }
                if case .overscrollBottom = outcome { #expect(list.isBottomAccessoryFullyVisible) }
            }
        }
    }
}
