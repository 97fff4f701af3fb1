import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// Several choices (`--multi`) on a `MemoryScreen`, in virtual time: Tab and Shift-Tab mark and
/// move, marked rows show `*` and bold, the title counts them, marks stay with their items
/// across refreshes and filters, and Enter prints the marked lines in list order.
@Suite struct MultiSelectScreenTests {
    /// A screen with `--multi` on lines that `lines()` gives at each refresh.
    func screen(_ lines: @escaping () -> [String], multi: Bool = true) -> ScreenHarness {
        let source = ScriptedSource { _ in .success(Page(items: lines().map(FeedItem.line), hasMore: false)) }
        source.delay = 0.01
        let h = ScreenHarness(source: source) { $0.multi = multi }
        h.advance(0.1)
        return h
    }

    /// The row showing `text`, as drawn (its marker column first).
    func row(_ h: ScreenHarness, _ text: String) -> String? {
        h.lines.first { $0.dropFirst() == text }
    }

    @Test func tabMarksAndMovesDownShiftTabMarksAndMovesUp() {
        let h = screen { ["a", "b", "c", "d"] }
        h.press(.tab, .tab)
        #expect(row(h, "a") == "*a")
        #expect(row(h, "b") == "*b")
        #expect(h.selectedRow == "c")
        #expect(h.lines[0].hasSuffix("2 marked · 4 items"), "\(h.lines[0])")
        let column = h.lines.firstIndex { $0 == "*a" }!
        #expect(h.canvas.style(row: column, column: 1).bold, "a marked row is bold")
        h.press(.backTab)
        #expect(row(h, "c") == "*c", "Shift-Tab marks the selected row")
        #expect(h.lines.contains("*b"), "and moves up onto a marked row, which keeps its mark")
        h.press(.backTab)
        #expect(row(h, "b") == " b", "Shift-Tab on a marked row unmarks it")
        #expect(row(h, "a") == "*a", "and moves up onto a, marked and selected")
        #expect(h.lines[0].hasSuffix("2 marked · 4 items"), "\(h.lines[0])")
    }

    @Test func enterPrintsTheMarkedLinesInListOrderOrTheSelectedOne() {
        let h = screen { ["a", "b", "c", "d"] }
        h.press(.down, .down, .down)
        h.press(.tab)  // d
        h.press(.home)
        h.press(.down)
        h.press(.tab)  // b
        h.press(.enter)
        #expect(h.chosen == ["b\nd"], "list order, not the order marked")

        let single = screen { ["a", "b"] }
        single.press(.down, .enter)
        #expect(single.chosen == ["b"], "no marks: the selected line")
    }

    @Test func marksFollowTheirItemsAcrossARefresh() {
        var lines = ["a", "b", "c", "d"]
        let h = screen { lines }
        h.press(.down)
        h.press(.tab)  // b
        h.press(.tab)  // c
        lines = ["new", "c", "a", "gone-b-is-not-here", "d"]
        h.press(.character("r"))
        h.advance(0.1)
        #expect(row(h, "c") == "*c", "\(h.lines)")
        #expect(!h.lines.contains { $0.hasPrefix("*") && !$0.hasSuffix("c") }, "only c is still marked: \(h.lines)")
        #expect(h.lines[0].contains("1 marked"), "\(h.lines[0])")
        h.press(.enter)
        #expect(h.chosen == ["c"])
    }

    @Test func withIdAMarkStaysOnItsItemWhenItsTextChanges() throws {
        var lines = ["pid-1 cpu 3", "pid-2 cpu 5"]
        let source = ScriptedSource { _ in .success(Page(lines: LineList(lines), hasMore: false)) }
        source.delay = 0.01
        let h = ScreenHarness(source: source, identity: LineIdentity(fields: try FieldSelection(parsing: "1"))) { $0.multi = true }
        h.advance(0.1)
        h.press(.down, .tab)
        lines = ["pid-3 cpu 1", "pid-2 cpu 9", "pid-1 cpu 4"]
        h.press(.character("r"))
        h.advance(0.1)
        #expect(h.lines.contains("*pid-2 cpu 9"), "\(h.lines)")
        #expect(h.lines[0].contains("1 marked"))
        h.press(.enter)
        #expect(h.chosen == ["pid-2 cpu 9"], "the item's text now")
    }

    @Test func aMarkOnAColouredLineSurvivesTheFirstRefresh() {
        let h = screen { ["\u{1B}[31mred\u{1B}[0m", "plain"] }
        h.press(.tab)
        h.press(.character("r"))
        h.advance(0.1)
        #expect(h.lines[0].contains("1 marked"), "\(h.lines[0])")
        #expect(h.lines[1] == "*red")
        h.press(.enter)
        #expect(h.chosen == ["red"], "printed without its colours")
    }

    @Test func marksSurviveAFilterAndMarkingInsideIt() {
        let h = screen { ["apple", "banana", "avocado", "cherry"] }
        h.press(.tab)  // apple
        h.type("&a")
        h.press(.enter)
        #expect(!h.lines.contains { $0.hasSuffix("cherry") }, "the filter hides cherry: \(h.lines)")
        #expect(row(h, "apple") == "*apple")
        // Within the filter the rows are apple, banana, avocado; mark avocado.
        h.press(.end)
        h.press(.tab)
        h.press(.escape)
        #expect(h.lines.contains { $0.hasSuffix("cherry") }, "the filter is gone")
        #expect(row(h, "avocado") == "*avocado")
        #expect(row(h, "apple") == "*apple")
        h.press(.enter)
        #expect(h.chosen == ["apple\navocado"])
    }

    @Test func withoutMultiTabDoesNothing() {
        let h = screen({ ["a", "b"] }, multi: false)
        let before = h.lines
        h.press(.tab)
        #expect(h.lines == before)
        #expect(!h.lines[0].contains("marked"))
        h.type("&a")
        let filtered = h.lines
        h.press(.tab, .backTab)
        #expect(h.lines == filtered, "nor in the filter prompt")
    }

    /// In the `&` prompt Tab marks the selected row and moves down, Shift-Tab marks and moves
    /// up, and the prompt stays open with its text (type, Tab, type, Tab, as in fzf); the
    /// marks stay when the filter changes. In the `/` prompt Tab does nothing.
    @Test func tabInTheFilterPromptMarksAndThePromptStaysOpen() {
        let h = screen { ["apple pie", "apple tart", "banana", "cherry cake", "cherry pie"] }
        h.type("&apple")
        h.press(.tab)
        #expect(row(h, "apple pie") == "*apple pie")
        #expect(h.selectedRow == "apple tart")
        #expect(h.lines[23].hasPrefix("&apple"), "the prompt stays open with its text")
        h.press(.ctrl("u"))
        h.type("cherry")
        #expect(h.selectedRow == "cherry cake", "\(h.lines)")
        h.press(.tab)
        #expect(h.selectedRow == "cherry pie")
        h.press(.backTab)
        #expect(row(h, "cherry cake") == "*cherry cake" && row(h, "cherry pie") == "*cherry pie")
        let cake = h.lines.firstIndex(of: "*cherry cake")!
        #expect(h.canvas.style(row: cake, column: 9).reverse, "Shift-Tab moved up onto cherry cake")
        #expect(h.lines[0].hasSuffix("3 marked · 2 of 5 items"), "\(h.lines[0])")
        #expect(h.lines[23].hasPrefix("&cherry"))
        h.press(.enter, .enter)
        #expect(h.chosen == ["apple pie\ncherry cake\ncherry pie"])
        let search = screen { ["a", "b"] }
        search.type("/a")
        search.press(.tab)
        #expect(!search.lines[0].contains("marked"))
        #expect(search.lines[23].hasPrefix("/a") && search.selectedRow == "a")
    }
}
