import Foundation
@testable import PullFeed
import Testing
import PullToRefresh
import TerminalUI

/// Esc on the feed screen undoes the find state one step a press before it quits, in virtual
/// time: a search's marked matches, a search still running (with its matches), a kept filter.
@Suite struct EscUndoScreenTests {
    /// A line source of `total` lines "L0", "L1", …, first page loaded.
    func lines(_ total: Int) -> ScreenHarness {
        let source = ScriptedSource.lines(total: total)
        source.delay = 0.1
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(0.2)
        return h
    }

    /// The rows with an underlined cell (a match marked).
    func underlinedRows(_ h: ScreenHarness) -> [Int] {
        (1..<23).filter { row in (0..<80).contains { h.canvas.style(row: row, column: $0).underline } }
    }

    @Test func escClearsTheMatchesThenQuits() {
        let h = lines(20)
        h.type("/L1")
        h.press(.enter)
        #expect(h.selectedRow == "L1")
        #expect(underlinedRows(h).count == 11, "L1 and L10…L19")
        h.press(.escape)
        #expect(h.quits == 0)
        #expect(underlinedRows(h).isEmpty)
        #expect(h.selectedRow == "L1", "the selection stays")
        // `n` searches again and marks the matches again.
        h.press(.character("n"))
        #expect(h.selectedRow == "L10")
        #expect(underlinedRows(h).count == 11)
        h.press(.escape, .escape)
        #expect(h.quits == 1)
    }

    /// One Esc stops a search still running and takes its matches away, so an Esc meant for
    /// it leaves the same screen whether or not the search ended just before.
    @Test func escStopsARunningSearchAndItsMatchesThenQuits() {
        let source = ScriptedSource.lines(total: 1000)
        source.delay = 1
        source.loadsRestPageByPage = true
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(1.5)
        h.type("/L1")
        h.press(.enter)
        h.press(.character("n"), times: 11)
        h.advance(2.5)
        #expect(h.lines[23].hasPrefix(" Searching…"))
        #expect(!underlinedRows(h).isEmpty)
        h.press(.escape)
        #expect(h.quits == 0)
        #expect(h.lines[23] == " Search cancelled")
        #expect(underlinedRows(h).isEmpty)
        h.press(.escape)
        #expect(h.quits == 1)
    }

    /// A kept filter and a search in it: Esc clears the search's matches (the filter's come
    /// back), then removes the filter (the selection goes back), then quits.
    @Test func escClearsASearchInAFilterThenTheFilterThenQuits() {
        let h = lines(20)
        h.press(.down, .down)
        h.type("&L1")
        h.press(.enter)
        #expect(h.lines[0].hasSuffix("11 of 20 items"))
        h.type("/L15")
        h.press(.enter)
        #expect(h.selectedRow == "L15")
        #expect(underlinedRows(h).count == 1)
        h.press(.escape)
        #expect(h.quits == 0)
        #expect(h.lines[0].hasSuffix("11 of 20 items"), "the filter stays")
        #expect(underlinedRows(h).count == 11, "the filter's matches are marked again")
        h.press(.escape)
        #expect(h.quits == 0)
        #expect(h.lines[0].hasSuffix(" 20 items") && !h.lines[0].contains(" of "))
        #expect(h.selectedRow == "L2")
        #expect(underlinedRows(h).isEmpty, "the search's matches, cleared, do not come back")
        h.press(.escape)
        #expect(h.quits == 1)
    }
}
