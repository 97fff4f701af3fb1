@testable import PullFeed
import SearchEngine
import Testing

/// A search through pages, as a table of steps: rows that arrive are searched once, the search
/// waits while the source loads its pages (the goal `LoadGoal.ahead`, whose own table is in
/// `LoadGoalsTests`), and wraps once that goal ended or there is nothing to load.
@Suite struct PagedSearchTests {
    func search(through rows: Int = 100, aheadEnds: Int = 2) -> PagedSearch {
        PagedSearch(pattern: TextPattern("x")!, backward: false, searchedThrough: rows, wrap: 0..<10, aheadEnds: aheadEnds)
    }

    @Test func rowsThatArriveAreSearchedOnce() {
        var paged = search()
        #expect(paged.newRows(rowCount: 100) == nil)
        #expect(paged.newRows(rowCount: 150) == 100..<150)
        #expect(paged.newRows(rowCount: 150) == nil)
        #expect(paged.searchedThrough == 150)
    }

    @Test func itWaitsWhileTheSourceLoadsAhead() {
        let paged = search()
        #expect(paged.next(FindContext.Feed(hasMore: true, loadsAhead: true, aheadEnds: 2)) == .none)
        #expect(paged.next(FindContext.Feed(hasMore: true, isLoadingMore: true, aheadEnds: 3)) == .none, "a page on its way")
        #expect(paged.next(FindContext.Feed(hasMore: true, aheadEnds: 2)) == .none, "the goal is not set yet")
    }

    @Test func itWrapsOnceTheGoalEndedOrThereIsNothingToLoad() {
        let paged = search()
        #expect(paged.next(FindContext.Feed(hasMore: true, aheadEnds: 3)) == .wrap)
        #expect(paged.next(FindContext.Feed(hasMore: false, isOpen: false, aheadEnds: 2)) == .wrap)
        #expect(paged.next(FindContext.Feed(hasMore: false, isOpen: true, aheadEnds: 2)) == .none)
    }

    @Test func rowsDroppedFromTheFrontMoveItsPlacesUp() {
        var paged = search(through: 100)
        paged.wrap = 20..<40
        paged.rowsDropped(30)
        #expect(paged.searchedThrough == 70 && paged.wrap == 0..<10)
    }
}
