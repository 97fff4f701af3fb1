import Testing
@testable import TerminalUI

/// A changed row (`ListRow.previousText`): the `~` marker and its changed characters in reverse
/// video, compared column by column with the previous text as `watch -d` does; a removed row
/// (`ListRow.isRemoved`): the `-` marker, dim.
@Suite struct ChangedTextTests {
    func parts(_ text: String, _ before: String) -> [String] {
        ChangedText.parts(of: text, before: before).map { "\($0.column):\($0.text)" }
    }

    @Test func changedCharactersByColumn() {
        #expect(parts("1030 bash 12", "1030 bash 09") == ["10:12"])
        #expect(parts("abc", "abc").isEmpty)
        #expect(parts("a1c2e", "abcde") == ["1:1", "3:2"])
        #expect(parts("longer text", "long") == ["4:er text"])
        #expect(parts("ab", "abcdef").isEmpty, "what was cut off is not drawn")
        #expect(parts("", "abc").isEmpty)
        #expect(parts("abc", "").count == 1 && parts("abc", "") == ["0:abc"])
        #expect(parts("é1c", "éxc") == ["1:1"], "the same by characters when not ASCII")
        // Wide characters: a character is the same only at the same column.
        #expect(parts("中文x", "中文y") == ["4:x"])
        #expect(parts("x中文", "中文") == ["0:x中文"])
        #expect(parts("中b", "aab") == ["0:中"])
    }

    @Test func aChangedRowIsMarkedAndItsChangesHighlighted() {
        var changed = ListRow(text: "42 bash 10")
        changed.previousText = "42 bash 9"
        let source = ArrayListDataSource(rows: [ListRow(text: "top"), changed, ListRow(text: "new", isNew: true)])
        let list = ListView(dataSource: source, viewportHeight: 3)
        let screen = MemoryScreen(columns: 20, rows: 3)
        list.draw(on: screen, top: 0, height: 3, width: 20) { _, _ in }
        #expect(screen.lines == ["›top", "~42 bash 10", "+new"])
        #expect((1...8).allSatisfy { !screen.style(row: 1, column: $0).reverse })
        #expect(screen.style(row: 1, column: 9).reverse && screen.style(row: 1, column: 10).reverse)
        #expect(!screen.style(row: 1, column: 1).bold)
        // Selected, the changed characters flip back out of reverse video.
        _ = list.apply(.down)
        list.draw(on: screen, top: 0, height: 3, width: 20) { _, _ in }
        #expect(screen.lines[1] == "›42 bash 10")
        #expect(screen.style(row: 1, column: 1).reverse && !screen.style(row: 1, column: 9).reverse)
    }

    @Test func aRemovedRowIsMarkedDimAndNotSelected() {
        var removed = ListRow(text: "gone", isSelectable: false)
        removed.isRemoved = true
        let source = ArrayListDataSource(rows: [ListRow(text: "top"), removed, ListRow(text: "kept")])
        let list = ListView(dataSource: source, viewportHeight: 3)
        let screen = MemoryScreen(columns: 20, rows: 3)
        list.draw(on: screen, top: 0, height: 3, width: 20) { _, _ in }
        #expect(screen.lines == ["›top", "-gone", " kept"])
        #expect(screen.style(row: 1, column: 0).dim && screen.style(row: 1, column: 1).dim)
        #expect(!screen.style(row: 2, column: 1).dim)
        _ = list.apply(.down)
        #expect(list.selectedIndex == 2, "the selection passes over it")
        list.removedRowMarker = "x"
        list.draw(on: screen, top: 0, height: 3, width: 20) { _, _ in }
        #expect(screen.lines[1] == "xgone")
    }
}
