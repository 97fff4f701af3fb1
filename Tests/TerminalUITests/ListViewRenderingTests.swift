import TerminalText
import Testing
@testable import TerminalUI

/// Whole frames drawn into a `MemoryScreen` and compared as text and styles.
@Suite struct ListViewRenderingTests {
    private func fruitList(height: Int, topInset: Int = 0, bottomInset: Int = 0) -> ListView {
        let source = ArrayListDataSource(sections: [
            ListSection(title: "Fruits", rows: [.item("Apple", indent: 1), .item("Banana", indent: 1)]),
            ListSection(title: "Veg", rows: [.item("Carrot", indent: 1), .action("＋ Add", indent: 1)]),
        ])
        return ListView(dataSource: source, viewportHeight: height, topInset: topInset, bottomInset: bottomInset)
    }

    private func render(_ list: ListView, columns: Int, rows: Int, top: Int = 0) -> MemoryScreen {
        let screen = MemoryScreen(columns: columns, rows: rows)
        list.draw(on: screen, top: top, height: rows - top, width: columns) { line, row in
            switch line {
            case .topAccessory(let n): screen.draw("~ header \(n)", row: row, column: 0)
            case .bottomAccessory(let n): screen.draw("~ footer \(n)", row: row, column: 0)
            case .row: Issue.record("rows are not accessories")
            }
        }
        return screen
    }

    @Test func drawsSectionsWithTheSelectionMarker() {
        let screen = render(fruitList(height: 7), columns: 16, rows: 7)
        #expect(screen.lines == [
            " Fruits",
            "› Apple",
            "  Banana",
            " Veg",
            "  Carrot",
            "  ＋ Add",
            "",
        ])
    }

    @Test func selectedRowIsReverseVideoAcrossTheFullWidth() {
        let list = fruitList(height: 6)
        #expect(list.apply(.down) == .moved)
        let screen = render(list, columns: 12, rows: 6)
        #expect(screen.line(2) == "› Banana")
        #expect((0..<12).allSatisfy { screen.style(row: 2, column: $0).reverse })
        #expect(!screen.style(row: 1, column: 0).reverse)
        #expect(!screen.style(row: 1, column: 11).reverse)
        #expect(screen.line(1) == "  Apple")
    }

    @Test func sectionHeadersAreBoldAndItemsAreNot() {
        let screen = render(fruitList(height: 6), columns: 12, rows: 6)
        #expect(screen.style(row: 0, column: 1).bold)
        #expect(screen.style(row: 3, column: 1).bold)
        #expect(!screen.style(row: 2, column: 2).bold)
    }

    @Test func accessoriesAreDelegatedAndScrollWithTheRows() {
        let list = fruitList(height: 5, topInset: 2, bottomInset: 1)
        var screen = render(list, columns: 16, rows: 5)
        #expect(screen.lines == ["~ header 0", "~ header 1", " Fruits", "› Apple", "  Banana"])
        #expect(list.apply(.end) == .moved)
        screen = render(list, columns: 16, rows: 5)
        #expect(screen.lines == ["  Banana", " Veg", "  Carrot", "› ＋ Add", "~ footer 0"])
    }

    @Test func drawsBelowATitleAndClearsLeftovers() {
        let list = fruitList(height: 4)
        let screen = MemoryScreen(columns: 10, rows: 6)
        for row in 0..<6 { screen.draw(String(repeating: "x", count: 10), row: row, column: 0) }
        list.dataSource = ArrayListDataSource(rows: [.header("H"), .item("a")])
        list.draw(on: screen, top: 1, height: 4, width: 10) { _, _ in }
        #expect(screen.lines == ["xxxxxxxxxx", " H", "›a", "", "", "xxxxxxxxxx"])
    }

    @Test func accessoryClosureGetsTheCanvasRow() {
        let list = fruitList(height: 3, topInset: 1)
        var calls: [ListLine: Int] = [:]
        let screen = MemoryScreen(columns: 10, rows: 5)
        list.draw(on: screen, top: 2, height: 3, width: 10) { line, row in calls[line] = row }
        #expect(calls == [.topAccessory(0): 2])
    }

    @Test func truncatesWithAnEllipsisWithoutSplittingWideCharacters() {
        let source = ArrayListDataSource(rows: [
            .header("中文中文中文"),  // 12 columns into 9
            .item("中文中文中文"),
            .item("中文中文中", indent: 0),  // exactly 10 columns into 10 (wider screen row below)
        ])
        let list = ListView(dataSource: source, viewportHeight: 3)
        let screen = MemoryScreen(columns: 10, rows: 3)
        list.draw(on: screen, top: 0, height: 3, width: 10) { _, _ in }
        #expect(screen.line(0) == " 中文中文…")
        #expect(screen.line(1) == "›中文中文…")
        #expect(TextWidth.of(screen.line(1)) == 10)

        let wide = MemoryScreen(columns: 11, rows: 3)
        list.draw(on: wide, top: 0, height: 3, width: 11) { _, _ in }
        #expect(wide.line(0) == " 中文中文…")  // 中 would need columns 9-10 of 10 available
        #expect(wide.line(2) == " 中文中文中")
    }

    @Test func narrowWidthsStillShowTheMarker() {
        let list = fruitList(height: 2)
        let screen = MemoryScreen(columns: 2, rows: 2)
        list.draw(on: screen, top: 0, height: 2, width: 2) { _, _ in }
        #expect(screen.lines == [" …", "›"])
        let one = MemoryScreen(columns: 1, rows: 2)
        list.draw(on: one, top: 0, height: 2, width: 1) { _, _ in }
        #expect(one.lines == ["", "›"])
    }

    @Test func untrustedTextIsShownVisiblyAndMeasuredAfterSanitising() {
        let source = ArrayListDataSource(rows: [.item("\u{1B}[2J\tevil\u{07}")])
        let list = ListView(dataSource: source, viewportHeight: 1)
        let screen = MemoryScreen(columns: 30, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 30) { _, _ in }
        #expect(screen.line(0) == "›␛[2J    evil␇")
        let narrow = MemoryScreen(columns: 8, rows: 1)
        list.draw(on: narrow, top: 0, height: 1, width: 8) { _, _ in }
        #expect(narrow.line(0) == "›␛[2J  …")
    }

    @Test func customSelectionMarkerForAsciiTerminals() {
        let list = fruitList(height: 2)
        list.selectionMarker = ">"
        let screen = render(list, columns: 10, rows: 2)
        #expect(screen.line(1) == "> Apple")
    }

    @Test func emptyListClearsTheArea() {
        let list = ListView(dataSource: ArrayListDataSource(), viewportHeight: 3)
        let screen = MemoryScreen(columns: 5, rows: 3)
        for row in 0..<3 { screen.draw("xxxxx", row: row, column: 0) }
        list.draw(on: screen, top: 0, height: 3, width: 5) { _, _ in }
        #expect(screen.lines == ["", "", ""])
    }
}
