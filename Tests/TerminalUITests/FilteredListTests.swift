import SearchEngine
import TerminalText
import Testing
@testable import TerminalUI

@Suite struct FilteredListTests {
    let source = ArrayListDataSource(sections: [
        ListSection(title: "Fruits", rows: [.item("Apple"), .item("Banana"), .item("Cherry")]),
        ListSection(title: "Veg", rows: [.item("Carrot"), .item("Pea")]),
        ListSection(title: "Nuts an", rows: [.item("Walnut")]),
    ])

    func filter(_ text: String) -> FilteredListSource {
        let filtered = FilteredListSource(base: source)
        let snapshot = source.makeTextSnapshot()
        let pattern = TextPattern(text)!
        let matches = ListFinder.matchingRows(pattern, in: snapshot, range: 0..<snapshot.rowCount)!
        filtered.setFilter(pattern, matches: matches, headers: snapshot.sectionHeaders, through: snapshot.rowCount)
        return filtered
    }

    @Test func aSectionStaysWithItsHeaderWhileARowMatches() {
        let filtered = filter("an")
        #expect((0..<filtered.rowCount).map { filtered.row(at: $0).text } == ["Fruits", "Banana", "Nuts an", "Walnut"])
        #expect(filtered.index(ofBase: 2) == 1)
        #expect(filtered.index(ofBase: 1) == nil)
        #expect(filtered.baseIndex(of: 3) == 8)
    }

    /// Appends a section "More" (Cart, Bus) to the base and filters what it added.
    func appendMoreSection(to filtered: FilteredListSource) {
        source.append(section: ListSection(title: "More", rows: [.item("Cart"), .item("Bus")]))
        let snapshot = source.makeTextSnapshot()
        let new = ListFinder.matchingRows(filtered.pattern!, in: snapshot, range: filtered.coveredCount..<snapshot.rowCount)!
        filtered.appendMatches(new, headers: snapshot.sectionHeaders, through: snapshot.rowCount)
    }

    @Test func theFilterCountsTheHeadersItShows() {
        #expect(filter("an").shownHeaderCount == 2)
        #expect(filter("Pea").shownHeaderCount == 1)
        let filtered = filter("car")
        #expect(filtered.shownHeaderCount == 1)
        appendMoreSection(to: filtered)
        #expect(filtered.shownHeaderCount == 2)
        filtered.removeFilter()
        #expect(filtered.shownHeaderCount == 0)
    }

    @Test func rowsAppendedLaterAreFilteredToo() {
        let filtered = filter("car")
        #expect(filtered.rowCount == 2)
        appendMoreSection(to: filtered)
        #expect((0..<filtered.rowCount).map { filtered.row(at: $0).text } == ["Veg", "Carrot", "More", "Cart"])
    }

    @Test func aListViewShowsTheFilteredRowsAndHighlightsMatches() {
        let filtered = filter("an")
        let list = ListView(dataSource: filtered, viewportHeight: 4)
        list.highlight = TextPattern("an")
        let screen = MemoryScreen(columns: 12, rows: 4)
        list.draw(on: screen, top: 0, height: 4, width: 12) { _, _ in }
        #expect(screen.lines == [" Fruits", "›Banana", " Nuts an", " Walnut"])
        // "an" in Banana (columns 2-3 after the marker), on the selected row: reverse flipped off.
        #expect(screen.style(row: 1, column: 2) == ListView.highlightStyle(for: Style(reverse: true)))
        #expect(screen.style(row: 1, column: 1) == Style(reverse: true))
        #expect(screen.style(row: 2, column: 6).underline && screen.style(row: 2, column: 6).reverse)
        #expect(screen.style(row: 3, column: 2) == .plain)
    }

    @Test func searchForwardBackwardAndCancelled() {
        let snapshot = source.makeTextSnapshot()
        let pattern = TextPattern("a")!
        #expect(ListFinder.firstMatch(pattern, in: snapshot, range: 2..<snapshot.rowCount) == .some(2))
        #expect(ListFinder.firstMatch(pattern, in: snapshot, range: 0..<5, backward: true) == .some(2))
        #expect(ListFinder.firstMatch(TextPattern("zzz")!, in: snapshot, range: 0..<snapshot.rowCount) == .some(nil))
        #expect(ListFinder.firstMatch(pattern, in: snapshot, range: 0..<9, isCancelled: { true }) == nil)
        let empty = StringsTextSnapshot(texts: [])
        #expect(ListFinder.firstMatch(pattern, in: empty, range: 0..<0) == .some(nil))
    }

    @Test func helpLineKeepsEntriesByPriority() {
        let map = KeyMap<Int>([
            KeyBinding([.up], help: "up move", action: 0),
            KeyBinding([], help: "a long optional entry", helpPriority: 5, action: 1),
            KeyBinding([.character("q")], help: "q quit", longHelp: "Quit", action: 2),
        ])
        #expect(map.helpLine(fittingWidth: 20) == "up move  q quit")
        #expect(map.keyList.map(\.keys) == ["q"])
    }
}
