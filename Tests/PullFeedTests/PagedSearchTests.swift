@testable import PullFeed
import SearchEngine
import Testing

/// A search through pages, as a table of steps: rows that arrive are searched once, a source
/// with more is asked for it, an open input that brought nothing is asked again
/// `emptyPagesBeforeEnd - 1` times before the search wraps, and a source read to its end wraps.
@Suite struct PagedSearchTests {
    func search(through rows: Int = 100) -> PagedSearch {
        PagedSearch(pattern: TextPattern("x")!, backward: false, searchedThrough: rows, wrap: 0..<10)
    }

    @Test func rowsThatArriveAreSearchedOnce() {
        var paged = search()
        #expect(paged.newRows(rowCount: 100) == nil)
        #expect(paged.newRows(rowCount: 150) == 100..<150)
        #expect(paged.newRows(rowCount: 150) == nil)
        #expect(paged.searchedThrough == 150)
    }

    @Test func aSourceWithMoreIsAskedUntilItBringsNothing() {
        var paged = search()
        #expect(paged.next(busy: true, hasMore: true, isOpen: false, baseRows: 100) == PagedSearch.Step.none)
        #expect(paged.next(busy: false, hasMore: true, isOpen: false, baseRows: 100) == .load)
        #expect(paged.newRows(rowCount: 200) == 100..<200)
        #expect(paged.next(busy: false, hasMore: true, isOpen: false, baseRows: 200) == .load)
        // The load brought nothing and the source is not open: the end.
        #expect(paged.next(busy: false, hasMore: true, isOpen: false, baseRows: 200) == .wrap)
    }

    @Test func aSourceReadToItsEndWraps() {
        var paged = search()
        #expect(paged.next(busy: false, hasMore: false, isOpen: false, baseRows: 100) == .wrap)
    }

    /// An open input with nothing for a moment: asked again after a wait, twice; lines that
    /// arrive start the count again; the third empty answer ends the search.
    @Test func anOpenInputIsAskedAgainBeforeTheSearchWraps() {
        var paged = search()
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 100) == .load)
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 100) == .retryLater)
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 100) == PagedSearch.Step.none, "waiting")
        paged.retryDue()
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 100) == .load)
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 100) == .retryLater)
        // Lines arrive while it waits: searched, and the count of empty answers starts again.
        #expect(paged.newRows(rowCount: 120) == 100..<120)
        #expect(paged.emptyPages == 0 && !paged.isWaiting)
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 120) == .load)
        for _ in 1..<PagedSearch.emptyPagesBeforeEnd {
            #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 120) == .retryLater)
            paged.retryDue()
            #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 120) == .load)
        }
        #expect(paged.next(busy: false, hasMore: false, isOpen: true, baseRows: 120) == .wrap)
    }

    @Test func aRetryThatIsNotWaitedForChangesNothing() {
        var paged = search()
        #expect(paged.next(busy: false, hasMore: true, isOpen: false, baseRows: 100) == .load)
        paged.retryDue()
        #expect(paged.requestedAt == 100)
    }
}
