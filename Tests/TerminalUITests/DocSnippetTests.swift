import CombineSchedulers
import Dispatch
import SearchEngine
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

    /// `FilteredListSource`'s doc comment: a filter found by `ListFinder` over a snapshot.
    @Test func filteredListSource() throws {
        let rows = ArrayListDataSource(sections: [
            ListSection(title: "Fruit", rows: [.item("Apple"), .item("Pear"), .item("Grape")]),
        ])
        let pattern = try #require(TextPattern("ap"))

        let filtered = FilteredListSource(base: rows)
        let list = ListView(dataSource: filtered)
        let snapshot = rows.makeTextSnapshot()
        let matches = ListFinder.matchingRows(pattern, in: snapshot, range: 0..<snapshot.rowCount)!
        filtered.setFilter(pattern, matches: matches, headers: snapshot.sectionHeaders, through: snapshot.rowCount)
        list.reloadData()

        #expect((0..<filtered.rowCount).map { filtered.row(at: $0).text } == ["Fruit", "Apple", "Grape"])
    }

    /// `EventRuntime`'s doc comment: a timer by key that the handler re-arms, a render after
    /// each event, in virtual time.
    @Test func eventRuntimeBlinks() {
        let time = DispatchQueue.test
        final class Loop {
            let scheduler: LoopScheduler
            var renders = 0
            init(_ scheduler: LoopScheduler) { self.scheduler = scheduler }
            func setNeedsRender() { renders += 1 }
        }
        let loop = Loop(time.eraseToLoopScheduler())

        enum Timer: Hashable { case blink }
        let runtime = EventRuntime<Bool, Timer>(scheduler: loop.scheduler)
        var visible = true
        runtime.handler = { [unowned runtime] on in
            visible = on
            runtime.send(!on, after: 0.5, as: .blink)
        }
        runtime.onRender = { loop.setNeedsRender() }
        runtime.send(true)  // blinks every half second until `runtime.cancel(.blink)`

        #expect(visible)
        time.advance(by: .milliseconds(500))
        #expect(!visible)
        time.advance(by: .milliseconds(500))
        #expect(visible && loop.renders >= 3)
        runtime.cancel(.blink)
        time.advance(by: .seconds(2))
        #expect(visible)
    }
}
