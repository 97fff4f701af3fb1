import Testing
@testable import TerminalUI

/// Cost depends on the viewport, not on the number of rows: counted as rows requested
/// from the data source, which is deterministic where wall-clock time is not.
@Suite struct ListViewScaleTests {
    private func frame(_ list: ListView) -> MemoryScreen {
        let screen = MemoryScreen(columns: 80, rows: 24)
        list.draw(on: screen, top: 1, height: 22, width: 80) { _, _ in }
        return screen
    }

    @Test func endOnAMillionRowsLooksAtAHandfulOfRows() {
        let source = CountingDataSource(count: 1_000_000)
        let list = ListView(dataSource: source, viewportHeight: 22, bottomInset: 1)
        source.resetRequests()
        #expect(list.apply(.end) == .moved)
        #expect(list.selectedIndex == 999_999)
        #expect(list.scrollOffset == 1_000_000 + 1 - 22)
        #expect(list.isBottomAccessoryFullyVisible)
        #expect(source.requests < 10)

        source.resetRequests()
        #expect(list.apply(.home) == .moved)
        #expect(list.selectedIndex == 1)
        #expect(source.requests < 10)
    }

    @Test func drawingAFrameAsksOnlyForTheVisibleRows() {
        let small = CountingDataSource(count: 100)
        let huge = CountingDataSource(count: 1_000_000)
        let smallList = ListView(dataSource: small, viewportHeight: 22)
        let hugeList = ListView(dataSource: huge, viewportHeight: 22)
        for source in [small, huge] { source.resetRequests() }
        let smallFrame = frame(smallList)
        let hugeFrame = frame(hugeList)
        #expect(small.requests == 22)
        #expect(huge.requests == 22)
        #expect(smallFrame.lines == hugeFrame.lines)
        #expect(hugeFrame.line(2) == "›Row 1")
    }

    @Test func drawingTheLastFrameOfAMillionRows() {
        let source = CountingDataSource(count: 1_000_000)
        let list = ListView(dataSource: source, viewportHeight: 22)
        #expect(list.apply(.end) == .moved)
        source.resetRequests()
        let screen = frame(list)
        #expect(source.requests == 22)
        #expect(screen.line(22) == "›Row 999999")
        #expect(screen.line(1) == " Row 999978")
    }

    @Test func navigationCostIsIndependentOfListLength() {
        let source = CountingDataSource(count: 1_000_000, headerEvery: 7)
        let list = ListView(dataSource: source, viewportHeight: 22, topInset: 2, bottomInset: 1)
        source.resetRequests()
        for _ in 0..<300 { _ = list.apply(.down) }
        for _ in 0..<50 { _ = list.apply(.pageDown) }
        for _ in 0..<50 { _ = list.apply(.wheelDown(3)) }
        _ = list.apply(.click(screenRow: 5))
        // Each command looks at a few neighbours; the 1,000,000 rows are never scanned.
        #expect(source.requests < 401 * 30)
        #expect(list.selectedIndex.map { $0 % 7 != 0 } == true)
    }

    @Test func reloadAfterAppendingToAMillionRowsIsLocal() {
        let source = CountingDataSource(count: 1_000_000)
        let list = ListView(dataSource: source, viewportHeight: 22)
        list.select(row: 500_001)
        source.resetRequests()
        list.reloadData()
        #expect(list.selectedIndex == 500_001)
        #expect(source.requests < 10)
    }
}
