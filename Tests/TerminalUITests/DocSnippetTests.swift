import Testing
import TerminalUI

/// The TerminalUI code of the README and of the DocC catalog, verbatim (Scripts/check-doc-snippets.py
/// checks it), run: what it prints is recorded by a local `print` and checked.
@Suite struct DocSnippetTests {
    @Test func listView() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let list = ListView(dataSource: ArrayListDataSource(sections: [
            ListSection(title: "Fruit", rows: [.item("Apple"), .item("梨")]),
        ]), viewportHeight: 10)
        let screen = MemoryScreen(columns: 20, rows: 10)
        if case .overscrollTop(let rows) = list.apply(.up) { print("pulled \(rows) row(s)") }
        list.draw(on: screen, top: 0, height: 10, width: 20) { _, _ in }
        print(screen.lines[1])   // "›Apple" (reverse video across the row)

        #expect(printed == ["pulled 1 row(s)", "›Apple"])
        #expect(screen.style(row: 1, column: 10).reverse)
    }
}
