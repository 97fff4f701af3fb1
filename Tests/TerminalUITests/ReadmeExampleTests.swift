import Testing
import TerminalUI

/// The README's TerminalUI example, kept true.
@Suite struct ReadmeExampleTests {
    @Test func listViewExample() {
        let list = ListView(dataSource: ArrayListDataSource(sections: [
            ListSection(title: "Fruit", rows: [.item("Apple"), .item("梨")]),
        ]), viewportHeight: 10)
        let screen = MemoryScreen(columns: 20, rows: 10)
        var pulled: Int?
        if case .overscrollTop(let rows) = list.apply(.up) { pulled = rows }
        list.draw(on: screen, top: 0, height: 10, width: 20) { _, _ in }
        #expect(pulled == 1)
        #expect(screen.lines[1] == "›Apple")
        #expect(screen.style(row: 1, column: 10).reverse)
    }
}
