import Foundation
@testable import PullFeed
import Testing
import TerminalUI

/// A refresh that keeps the place (`r`, `--every`) under a kept filter (`&` … Enter): the
/// filter is computed again over the new rows, and the selected line stays selected on its
/// line of the view, as it does without a filter.
@Suite struct FilterRefreshScreenTests {
    /// A line source of `total` lines "L0", "L1", …, in pages of `pageSize`, its first page
    /// loaded.
    func lines(_ total: Int, pageSize: Int) -> ScreenHarness {
        let source = ScriptedSource.lines(total: total)
        source.delay = 0.1
        let h = ScreenHarness(source: source, pageSize: pageSize)
        h.advance(0.2)
        return h
    }

    /// The screen row the selection is on, and its text.
    func selection(_ h: ScreenHarness) -> (row: Int, text: String)? {
        h.lines.firstIndex { $0.hasPrefix("›") }.map { ($0, String(h.lines[$0].dropFirst())) }
    }

    /// The list scrolled under a kept filter: each `r` leaves the selected line on its row.
    /// With 300 rows the filter is computed again at once; with more than `FindModel.syncRows`
    /// in the background, and the list shows the filter's rows once they are there. (The
    /// filter's rows computed again scrolled the list to the top before the screen kept the
    /// place, and the refresh header's rows were then taken off the place once more: the line
    /// went up two rows with every refresh; in the background it went to the first row.)
    @Test(arguments: [(300, "111", 40, "L119"), (FindModel.syncRows + 10_000, "11111", 50, "L129")])
    func aRefreshUnderAKeptFilterKeepsTheSelectedLineOnItsRow(total: Int, matches: String, downs: Int, selected: String) {
        let h = lines(total, pageSize: total)
        h.type("&L1")
        h.finishFindWalks()
        h.press(.enter)
        #expect(h.lines[0].hasSuffix("\(AppStrings.grouped(Int(matches)!)) of \(AppStrings.grouped(total)) items"))
        h.press(.down, times: downs)
        h.press(.up, times: 10)
        let before = selection(h)
        #expect(before?.text == selected)
        #expect(before.map { $0.row > 2 } == true, "the list is scrolled")
        for _ in 0..<3 {
            h.press(.character("r"))
            h.advance(0.2)
            h.finishFindWalks()
            #expect(!h.reactor.currentState.isRefreshing)
            #expect(h.lines[0].hasSuffix("\(AppStrings.grouped(Int(matches)!)) of \(AppStrings.grouped(total)) items"))
            #expect(selection(h)?.text == before?.text)
            #expect(selection(h)?.row == before?.row)
            #expect(h.lines[23] == " No new items")
        }
    }

    /// A file is counted again by a refresh: a refresh that keeps the place gets the lines
    /// through the selected one, however far down it is, so the line keeps its place under the
    /// filter (the refresh gave the lines counted first, some 256 KiB of them: a line after
    /// them was not there to keep, and the selection went to the first row).
    @Test func aRefreshOfALargeFileKeepsALineFarDownUnderAFilter() {
        let total = 400_000
        let path = temporaryFile(Array((1...total).map { "\($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let source = FileSource(path: path)
        let h = ScreenHarness(source: source)
        let counted = { h.reactor.currentState.lines.count == total && !h.reactor.currentState.isCounting }
        HostileDataTests.settle(h, queue: source.queue, until: counted)
        h.press(.character("&"))
        h.screen.handle(.paste("9123"))
        h.finishFindWalks()
        h.press(.enter)
        #expect(h.lines[0].hasSuffix("80 of \(AppStrings.grouped(total)) items"))
        h.press(.end)
        let before = selection(h)
        #expect(before?.text == "399123")
        h.press(.character("r"))
        HostileDataTests.settle(h, queue: source.queue) { !h.reactor.currentState.isRefreshing && counted() }
        h.finishFindWalks()
        #expect(h.lines[0].hasSuffix("80 of \(AppStrings.grouped(total)) items"))
        #expect(selection(h)?.text == before?.text)
        #expect(selection(h)?.row == before?.row)
    }
}
