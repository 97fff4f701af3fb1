import SearchEngine
import Testing

/// The parallel finder over a text snapshot.
@Suite struct ListFinderTests {
    /// Enough rows to be searched on every core: the match nearest the start (the end,
    /// backward) wins whichever part finds it first, and parts after it do not hide it.
    @Test func aLargeSearchOnEveryCoreFindsTheNearestMatch() {
        var texts = (0..<450_000).map { "row \($0)" }
        for row in [120_000, 260_000, 440_000] { texts[row] = "needle \(row)" }
        let snapshot = StringsTextSnapshot(texts: texts)
        let needle = TextPattern("needle")!
        #expect(ListFinder.firstMatch(needle, in: snapshot, range: 0..<450_000) == .some(120_000))
        #expect(ListFinder.firstMatch(needle, in: snapshot, range: 120_001..<450_000) == .some(260_000))
        #expect(ListFinder.firstMatch(needle, in: snapshot, range: 0..<450_000, backward: true) == .some(440_000))
        #expect(ListFinder.firstMatch(needle, in: snapshot, range: 0..<440_000, backward: true) == .some(260_000))
        #expect(ListFinder.firstMatch(TextPattern("absent")!, in: snapshot, range: 0..<450_000) == .some(nil))
        #expect(ListFinder.firstMatch(needle, in: snapshot, range: 0..<450_000, isCancelled: { true }) == nil)
    }
}
