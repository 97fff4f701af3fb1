import Foundation
import Testing
@testable import PullFeed
import TerminalUI

/// `--id` on the screen, in virtual time: a refresh marks changed rows `~` with their changed
/// characters in reverse video, counts them, keeps the selection on its item though its text
/// changed, and Home goes to the first new or changed row.
@Suite struct IdentityScreenTests {
    func table(_ counter: Int, _ count: Int = 100) -> [String] {
        (0..<count).map { "\(1000 + $0) proc\($0) \(counter + ($0 % 3 == 0 ? 1 : 0))" }
    }

    @Test func aRefreshMarksChangedRowsAndKeepsTheSelection() throws {
        let output = LiveFeedScreenTests.Output(table(0).map { $0 })
        let h = ScreenHarness(source: LiveFeedScreenTests.source(output), identity: LineIdentity(fields: try FieldSelection(parsing: "1")))
        h.advance(1)
        h.press(.down, times: 30)
        #expect(h.lines.contains("›1030 proc30 1"))
        let row = try #require(h.lines.firstIndex { $0.hasPrefix("›") })

        output.lines = table(5)
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[row] == "›1030 proc30 6", "the selection stays on its item, whose text changed")
        #expect(h.lines[23] == " 100 changed")
        #expect(h.reactor.currentState.changes.changedCount == 100)
        #expect(!h.lines.contains { $0.hasPrefix("+") })
        let other = row - 1
        #expect(h.lines[other] == "~1029 proc29 5")
        let digit = h.lines[other].count - 1
        #expect(h.canvas.style(row: other, column: digit).reverse, "the changed counter is highlighted")
        #expect(!h.canvas.style(row: other, column: 2).reverse, "the rest is not")
        #expect(!h.canvas.style(row: other, column: 0).bold, "a changed row is not bold as a new one is")

        // New, changed and gone together; Home goes to the first new or changed row.
        let five = table(5), six = table(6)
        output.lines = Array(five[0..<3] + six[3..<6] + five[6..<50]) + ["2000 fresh 0", "2001 fresh 0"] + five[51...]
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[23] == " 2 new items · 3 changed · 1 gone")
        #expect(h.lines.contains("+2000 fresh 0") || h.lines.contains("›1030 proc30 6"))
        h.press(.home)
        #expect(h.lines.contains("›1003 proc3 7"), "Home goes to the first changed row, above the new ones")
        #expect(h.lines.contains("~1004 proc4 6"))
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[23] == " No new items")
        #expect(!h.lines.contains { $0.hasPrefix("~") }, "the marks last until the next refresh")
    }

    @Test func chineseCountsChangedRows() {
        let zh = AppStrings(language: .simplifiedChinese)
        #expect(zh.refreshed(new: 2, changed: 5, gone: 1) == "2 条新内容 · 5 条已更改 · 1 条已移除")
        #expect(zh.refreshed(new: 0, changed: 5, gone: 0) == "5 条已更改")
        let en = AppStrings(language: .english)
        #expect(en.refreshed(new: 2, changed: 5, gone: 1) == "2 new items · 5 changed · 1 gone")
        #expect(en.refreshed(new: 1, changed: 0, gone: 0) == "1 new item")
        #expect(en.refreshed(new: 0, changed: 0, gone: 3) == "No new items · 3 gone")
        #expect(en.refreshed(new: 0, changed: 1, gone: 3) == "1 changed · 3 gone")
    }
}
