import Testing
@testable import TerminalUI

/// The frame-to-frame bookkeeping behind `CursesTerminal.present()`.
@Suite struct RowCacheTests {
    /// A list row as `ListView` draws it: the whole row filled, then its text.
    static func listRow(_ text: String) -> [RowCache.Op] {
        [.fill(column: 0, width: 10, style: .plain), .text(text, column: 1, style: .plain, limit: 9)]
    }

    static func frame(_ cache: inout RowCache, _ texts: [String]) {
        for (row, text) in texts.enumerated() {
            for op in listRow(text) { cache.record(op, row: row) }
        }
    }

    @Test func onlyChangedRowsAreDrawnAgain() {
        var cache = RowCache(rows: 3, columns: 10)
        Self.frame(&cache, ["a", "b", "c"])
        #expect(cache.takeChangedRows().map(\.row) == [0, 1, 2])
        Self.frame(&cache, ["a", "B", "c"])
        #expect(cache.takeChangedRows().map(\.row) == [1])
        Self.frame(&cache, ["a", "B", "c"])
        #expect(cache.takeChangedRows().isEmpty)
    }

    @Test func untouchedRowsKeepWhatTheyShow() {
        var cache = RowCache(rows: 2, columns: 10)
        Self.frame(&cache, ["a", "b"])
        _ = cache.takeChangedRows()
        for op in Self.listRow("x") { cache.record(op, row: 0) }
        #expect(cache.takeChangedRows().map(\.row) == [0])
        Self.frame(&cache, ["x", "b"])
        #expect(cache.takeChangedRows().isEmpty)
    }

    @Test func aListMovedByOneLineIsScrolledAndOnlyTheNewRowDrawn() {
        var cache = RowCache(rows: 6, columns: 10)
        Self.frame(&cache, ["title", "1", "2", "3", "4", "status"])
        _ = cache.takeChangedRows()
        Self.frame(&cache, ["title", "2", "3", "4", "5", "status"])
        let scroll = cache.bestScroll()
        #expect(scroll == RowCache.Scroll(top: 1, bottom: 4, lines: 1))
        if let scroll { cache.didScroll(scroll) }
        #expect(cache.takeChangedRows().map(\.row) == [4])
    }

    /// `bestScroll()` remembers which rows the shift matched, so the rows that scroll brings
    /// in place are not compared again; when the scroll is not made, or the window is
    /// forgotten after it, every row must be compared (and drawn) as usual.
    @Test func rowsMatchedByAScrollCountAsShownOnlyWhenTheScrollIsMade() {
        func scrolledCache() -> RowCache {
            var cache = RowCache(rows: 6, columns: 10)
            Self.frame(&cache, ["title", "1", "2", "3", "4", "status"])
            _ = cache.takeChangedRows()
            Self.frame(&cache, ["title", "2", "3", "4", "5", "status"])
            return cache
        }
        var refused = scrolledCache()
        #expect(refused.bestScroll() != nil)
        #expect(refused.takeChangedRows().map(\.row) == [1, 2, 3, 4])

        var forgotten = scrolledCache()
        if let scroll = forgotten.bestScroll() { forgotten.didScroll(scroll) }
        forgotten.forgetShown()
        #expect(forgotten.takeChangedRows().map(\.row) == [0, 1, 2, 3, 4, 5])

        // The next frame compares afresh: a row changed in place is drawn.
        var next = scrolledCache()
        if let scroll = next.bestScroll() { next.didScroll(scroll) }
        #expect(next.takeChangedRows().map(\.row) == [4])
        Self.frame(&next, ["title", "2", "three", "4", "5", "status"])
        #expect(next.takeChangedRows().map(\.row) == [2])
    }

    @Test func aListMovedUpIsScrolledDown() {
        var cache = RowCache(rows: 6, columns: 10)
        Self.frame(&cache, ["title", "2", "3", "4", "5", "status"])
        _ = cache.takeChangedRows()
        Self.frame(&cache, ["title", "1", "2", "3", "4", "status"])
        let scroll = cache.bestScroll()
        #expect(scroll == RowCache.Scroll(top: 1, bottom: 4, lines: -1))
        if let scroll { cache.didScroll(scroll) }
        #expect(cache.takeChangedRows().map(\.row) == [1])
    }

    /// Repeated lines can make the first shift tried match a row or two; the search must go on
    /// to the shift that explains the frame.
    @Test func aWeakFirstMatchDoesNotStopTheSearch() {
        var cache = RowCache(rows: 6, columns: 10)
        Self.frame(&cache, ["title", "A", "B", "A", "C", "status"])
        _ = cache.takeChangedRows()
        Self.frame(&cache, ["title", "Z", "A", "B", "A", "status"])
        #expect(cache.bestScroll() == RowCache.Scroll(top: 1, bottom: 4, lines: -1))
    }

    @Test func rowsThatDoNotCoverTheWholeRowAreNeverScrolled() {
        var cache = RowCache(rows: 5, columns: 10)
        func partial(_ texts: [String]) {
            for (row, text) in texts.enumerated() {
                cache.record(.text(text, column: 0, style: .plain, limit: 10), row: row)
            }
        }
        partial(["1", "2", "3", "4", "5"])
        _ = cache.takeChangedRows()
        partial(["2", "3", "4", "5", "6"])
        #expect(cache.bestScroll() == nil)
        #expect(cache.takeChangedRows().count == 5)
    }

    @Test func aResetCacheDrawsEverything() {
        var cache = RowCache(rows: 2, columns: 10)
        Self.frame(&cache, ["a", "b"])
        _ = cache.takeChangedRows()
        cache = RowCache(rows: 2, columns: 10)
        Self.frame(&cache, ["a", "b"])
        #expect(cache.takeChangedRows().count == 2)
    }
}
