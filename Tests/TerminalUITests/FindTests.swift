import SearchEngine
import TerminalText
import Testing
@testable import TerminalUI

/// The prompt's line editor, smart-case matching, highlighting and filtered views.
@Suite struct LineEditorTests {
    @Test func typesEditsAndClears() {
        var editor = LineEditor()
        for c in "héllo 中文 👍🏽" { #expect(editor.handle(.character(c)) == .edited) }
        #expect(editor.text == "héllo 中文 👍🏽")
        _ = editor.handle(.backspace)
        #expect(editor.text == "héllo 中文 ")
        _ = editor.handle(.left)
        _ = editor.handle(.character("x"))
        #expect(editor.text == "héllo 中文x ")
        #expect(editor.handle(.ctrl("u")) == .edited)
        #expect(editor.text.isEmpty && editor.cursor == 0)
        #expect(editor.handle(.enter) == .submitted)
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.function(3)) == .ignored)
        #expect(editor.handle(.ctrl("x")) == .ignored)
        #expect(editor.text.isEmpty)
    }

    @Test func aPasteIsInsertedWholeWithNewlinesAsSpaces() {
        var editor = LineEditor(text: "ab")
        editor.paste("one\ntwo\r\nthree\rfour")
        #expect(editor.text == "abone two three four")
        let huge = String(repeating: "x", count: 10_000)
        editor.paste(huge)
        #expect(editor.text.count == 20 + 10_000)
    }

    @Test func controlCharactersAndEscapesShowInert() {
        var editor = LineEditor()
        editor.paste("a\u{1B}[31mred\u{07}")
        let screen = MemoryScreen(columns: 30, rows: 1)
        editor.draw(on: screen, row: 0, prefix: "/", width: 30)
        #expect(!screen.lines[0].contains("\u{1B}"))
        #expect(!screen.lines[0].contains("\u{07}"))
        #expect(screen.lines[0].hasPrefix("/a"))
        #expect(screen.lines[0].contains("[31mred"))
    }

    @Test func aLongTextScrollsToKeepTheCursorInView() {
        var editor = LineEditor()
        editor.insert(String(repeating: "a", count: 50) + "END")
        let screen = MemoryScreen(columns: 20, rows: 1)
        let cursor = editor.draw(on: screen, row: 0, prefix: "&", width: 20)
        #expect(screen.lines[0].hasPrefix("&"))
        #expect(screen.lines[0].contains("aaEND"))
        #expect(cursor == 19)
        #expect(screen.style(row: 0, column: 19).reverse)
        editor.moveCursor(to: 0)
        editor.draw(on: screen, row: 0, prefix: "&", width: 20)
        #expect(screen.lines[0] == "&" + String(repeating: "a", count: 19))
        #expect(screen.style(row: 0, column: 1).reverse)
    }

    @Test func wideCharactersScrollWhole() {
        var editor = LineEditor()
        editor.insert(String(repeating: "中", count: 30))
        let screen = MemoryScreen(columns: 11, rows: 1)
        editor.draw(on: screen, row: 0, prefix: "/", width: 11)
        #expect(screen.lines[0].hasPrefix("/中中中中"))
    }
}

@Suite struct TextPatternTests {
    @Test func smartCase() {
        let lower = TextPattern("error")!
        #expect(lower.ignoresCase)
        #expect(lower.matches("An ERROR here") && lower.matches("Error") && !lower.matches("err or"))
        let upper = TextPattern("Error")!
        #expect(!upper.ignoresCase)
        #expect(upper.matches("Error: x") && !upper.matches("error") && !upper.matches("ERROR"))
        #expect(TextPattern("") == nil)
    }

    @Test func unicodeCJKAndEmoji() {
        #expect(TextPattern("привет")!.matches("ПРИВЕТ мир"))
        #expect(!TextPattern("Привет")!.matches("привет"))
        #expect(TextPattern("中文")!.matches("Item 001 中文 ok"))
        #expect(TextPattern("👍")!.matches("ok 👍 done"))
        #expect(TextPattern("é")!.matches("CAFÉ"))
    }

    @Test func linesOfABlock() {
        let block = "line one\nLine Two needle\nthree\nneedle four"
        #expect(matchingLines(TextPattern("two needle")!, block) == [1])
        #expect(matchingLines(TextPattern("needle")!, block) == [1, 3])
        #expect(TextPattern("absent")!.matches(String(repeating: "absen", count: 1000)) == false)
        #expect(TextPattern("needle")!.matches(String(repeating: "x", count: 5000) + "NEEDLE"))
    }

    @Test func refinement() {
        #expect(TextPattern("abc")!.refines(TextPattern("ab")!))
        #expect(TextPattern("aBc")!.refines(TextPattern("a")!))
        #expect(!TextPattern("ab")!.refines(TextPattern("abc")!))
    }

    @Test func highlightsAreColumnsOfTheVisibleText() {
        let parts = TextPattern("ab")!.highlights(in: "中AB xab")
        #expect(parts.map(\.column) == [2, 6])
        #expect(parts.map(\.text) == ["AB", "ab"])
    }
}

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
