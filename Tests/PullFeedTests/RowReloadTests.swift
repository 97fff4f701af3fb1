@testable import PullFeed
import TerminalUI
import Testing

/// The reload decision as a table: from the old and the new state, how the place is kept.
@Suite struct RowReloadTests {
    typealias State = FeedState
    static var place: ListPlace { ListPlace(index: 40, identity: "L40", screenRow: 7) }

    static func loaded() -> State {
        var state = State()
        state.hasLoaded = true
        state.source.isLineSource = true
        return state
    }

    static func refreshed(_ old: State, keepingPlace: Bool) -> State {
        var new = old
        new.generation += 1
        new.refreshKeepsPlace = keepingPlace
        return new
    }

    @Test func aRefreshThatKeepsThePlaceKeepsTheItemWhereItWas() {
        let old = Self.loaded()
        let reload = RowReload(from: old, to: Self.refreshed(old, keepingPlace: true), place: Self.place, filtering: false)
        #expect(reload.mode == .keeping(Self.place))
    }

    @Test func aPullGoesBackToTheTop() {
        let old = Self.loaded()
        let reload = RowReload(from: old, to: Self.refreshed(old, keepingPlace: false), place: Self.place, filtering: false)
        #expect(reload.mode == .keepingSelection(false))
    }

    /// Rows replaced under a filter, which shows none of them until it has filtered them
    /// again: it then keeps the place as the reload does, or goes to the top with a pull, or to
    /// the last row while the user follows the end.
    @Test func aFilterComputedAgainKeepsWhatTheReloadKeeps() {
        let old = Self.loaded()
        let keeping = RowReload(from: old, to: Self.refreshed(old, keepingPlace: true), place: Self.place, filtering: true)
        #expect(keeping.filterKeeps == .place(Self.place))
        #expect(RowReload(from: old, to: Self.refreshed(old, keepingPlace: true), place: nil, filtering: true).filterKeeps == .place(nil))
        #expect(RowReload(from: old, to: Self.refreshed(old, keepingPlace: false), place: Self.place, filtering: true).filterKeeps == nil)
        var readOnce = old
        readOnce.source.keepsPlaceOnRefresh = true
        #expect(RowReload(from: readOnce, to: Self.refreshed(readOnce, keepingPlace: false), place: Self.place, filtering: true).filterKeeps
                == .place(Self.place))
        var following = Self.refreshed(old, keepingPlace: true)
        following.isFollowing = true
        following.hasMore = false
        #expect(RowReload(from: old, to: following, place: Self.place, filtering: true).filterKeeps == .lastRow)
    }

    @Test func inputReadOnceKeepsTheSelectionWhateverAskedForTheRefresh() {
        var old = Self.loaded()
        old.source.keepsPlaceOnRefresh = true
        for keepingPlace in [true, false] {
            let reload = RowReload(from: old, to: Self.refreshed(old, keepingPlace: keepingPlace), place: Self.place, filtering: false)
            #expect(reload.mode == .keepingSelection(true))
        }
    }

    @Test func theFirstResultIsNotAPlaceToKeep() {
        var old = State()
        old.source.isLineSource = true
        let reload = RowReload(from: old, to: Self.refreshed(old, keepingPlace: true), place: nil, filtering: false)
        #expect(reload.mode == .keepingSelection(false))
    }

    @Test func appendedRowsKeepTheSelection() {
        let old = Self.loaded()
        var new = old
        new.itemsVersion += 1
        #expect(RowReload(from: old, to: new, place: Self.place, filtering: false).mode == .keepingSelection(true))
    }

    /// Lines dropped from the front: the selected line keeps its line of the view; a selected
    /// line that was dropped gives way to the first row, at the top of the view.
    @Test(arguments: [(10, 30, 7), (40, 0, 7), (55, 0, 0)])
    func droppedLinesMoveTheRowsUp(dropped: Int, index: Int, screenRow: Int) {
        let old = Self.loaded()
        var new = old
        new.dropped = dropped
        let reload = RowReload(from: old, to: new, place: Self.place, filtering: false)
        #expect(reload.mode == .keeping(ListPlace(index: index, identity: nil, screenRow: screenRow)))
        #expect(RowReload(from: old, to: new, place: Self.place, filtering: true).mode == .keepingSelection(true),
                "a filter's rows are not the items' rows")
    }

    @Test func groupedLinesArrivingAboveKeepTheItem() {
        var old = Self.loaded()
        old.lineSections = LineSections()
        var new = old
        new.itemsVersion += 1
        #expect(RowReload(from: old, to: new, place: Self.place, filtering: false).mode == .keeping(Self.place))
    }

    @Test func theCountedLinesReplacingTheEndKeepTheDistanceToTheEnd() {
        var old = Self.loaded()
        old.tailStart = 500
        var new = old
        new.tailStart = nil
        let reload = RowReload(from: old, to: new, place: Self.place, filtering: false)
        #expect(reload.keepsDistanceToEndAfter == 500)
        // 1,000 rows then (500 counted, a gap, 499 from the end); 20,000 counted now.
        #expect(reload.selection(rowCount: 20_000, oldRows: 1_000, oldSelected: 990) == 19_990)
        #expect(reload.selection(rowCount: 20_000, oldRows: 1_000, oldSelected: 400) == nil, "before the gap: kept as it was")
        new.tailStart = 500
        #expect(RowReload(from: old, to: new, place: Self.place, filtering: false).keepsDistanceToEndAfter == nil)
    }

    @Test(arguments: [(true, false, true, true), (true, true, true, true), (true, false, false, true),
                      (true, false, true, false), (false, true, true, true)])
    func followingKeepsTheEnd(following: Bool, loadsToEnd: Bool, hasMore: Bool, isOpen: Bool) {
        var old = Self.loaded()
        old.isFollowing = following
        old.loadGoal = loadsToEnd ? .end : nil
        old.hasMore = hasMore
        old.isOpen = isOpen
        var new = old
        new.itemsVersion += 1
        let expected = following && (loadsToEnd || isOpen || !hasMore)
        let reload = RowReload(from: old, to: new, place: Self.place, filtering: false)
        #expect(reload.selectsEnd == expected)
        #expect(reload.selection(rowCount: 120, oldRows: 100, oldSelected: 99) == (expected ? 119 : nil))
    }
}
