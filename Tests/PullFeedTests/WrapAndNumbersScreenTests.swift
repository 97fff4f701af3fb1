import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// `w` (wrapping long lines, `--wrap`) and `#` (line numbers, `--line-numbers`) on a
/// `MemoryScreen`, in virtual time.
@Suite struct WrapAndNumbersScreenTests {
    static let long = (0..<30).map { "w\($0)" }.joined(separator: " ") + " END"

    static func source(_ lines: [String]) -> ScriptedSource {
        let source = ScriptedSource { _ in .success(Page(lines: LineList(lines), hasMore: false)) }
        source.delay = 0.01
        return source
    }

    static func harness(_ lines: [String], columns: Int = 40, rows: Int = 10,
                        configure: (inout FeedScreen.Options) -> Void = { _ in }) -> ScreenHarness {
        let h = ScreenHarness(source: source(lines), columns: columns, rows: rows, configure: configure)
        h.advance(0.1)
        return h
    }

    @Test func wShowsALongLinesEndAndWAgainCutsIt() {
        let h = Self.harness(["first", Self.long, "last"])
        #expect(!h.text.contains("END"))
        #expect(h.lines[2].hasSuffix("…"))
        h.press(.character("w"))
        #expect(h.text.contains("END"))
        #expect(h.lines[3].hasPrefix(" ↳ "))
        #expect(h.lines.contains(" last"))
        h.press(.character("w"))
        #expect(!h.text.contains("END"))
        #expect(h.lines[3] == " last")
    }

    @Test func wrappedAWrappedLineIsOneItem() {
        let h = Self.harness(["first", Self.long, "last"]) { $0.wrap = true }
        #expect(h.text.contains("END"))
        h.press(.down)
        #expect(h.selectedRow?.hasPrefix("w0 w1") == true)
        for row in 2...4 { #expect(h.canvas.style(row: row, column: 10).reverse, "line \(row) of the selected item") }
        h.press(.down)
        #expect(h.selectedRow == "last")
        h.press(.up)
        #expect(h.selectedRow?.hasPrefix("w0 w1") == true, "one Up selects the whole wrapped item")
        for row in 2...4 { #expect(h.canvas.style(row: row, column: 10).reverse, "line \(row) of the selected item") }
        h.press(.up)
        #expect(h.selectedRow == "first")
        h.press(.down, .down)
        h.press(.enter)
        #expect(h.chosen == ["last"])
    }

    @Test func sidewaysScrollingIsOffWhileWrappedAndTheHelpLineSaysNothingOfIt() {
        let h = Self.harness(["first", Self.long], columns: 80) { $0.wrap = true }
        #expect(!h.lines[9].contains("scroll"))
        h.press(.right)
        #expect(!h.lines[0].contains("→"))
        h.press(.character("w"))
        #expect(h.lines[9].contains("scroll"))
        h.press(.right)
        #expect(h.lines[0].contains("→"))
    }

    @Test func searchAndTheFilterFindWrappedLines() {
        let lines = (0..<40).map { $0 == 25 ? Self.long : "line \($0)" }
        let h = Self.harness(lines) { $0.wrap = true }
        h.press(.character("/"))
        h.type("END")
        h.press(.enter)
        #expect(h.selectedRow?.hasPrefix("w0 w1") == true)
        #expect(h.text.contains("END"))
        h.press(.character("&"))
        h.type("w29")
        h.press(.enter)
        h.finishFindWalks()
        #expect(h.lines[0].hasSuffix("1 of 40 items"))
        #expect(h.text.contains("END"))
    }

    /// A match broken by a wrap point: "NEE" ends the first row of the line (columns 37-39),
    /// "DLE" begins the second after the mark (columns 3-5); both parts are marked.
    @Test func aSearchOrFilterMatchBrokenByAWrapPointIsMarkedOnBothRows() {
        let line = String(repeating: "x", count: 36) + "NEEDLE tail"
        let h = Self.harness(["first", line, "last"]) { $0.wrap = true }
        func expectMarked(_ label: String) {
            #expect(h.lines[2].hasSuffix("xxNEE"), "\(label): \(h.lines)")
            #expect(h.lines[3] == " ↳ DLE tail", "\(label): \(h.lines)")
            for column in 37...39 { #expect(h.canvas.style(row: 2, column: column).underline, "\(label): row 2 column \(column)") }
            for column in 3...5 { #expect(h.canvas.style(row: 3, column: column).underline, "\(label): row 3 column \(column)") }
            #expect(!h.canvas.style(row: 2, column: 36).underline, "\(label)")
            #expect(!h.canvas.style(row: 3, column: 7).underline, "\(label)")
        }
        h.press(.character("/"))
        h.type("NEEDLE")
        h.press(.enter)
        #expect(h.selectedRow?.hasSuffix("xxNEE") == true, "\(String(describing: h.selectedRow))")
        expectMarked("search")
        h.press(.character("&"))
        h.type("EDL")
        h.press(.enter)
        h.finishFindWalks()
        #expect(h.lines[0].hasSuffix("1 of 3 items"))
        #expect(h.lines[1].hasSuffix("xxNEE"), "\(h.lines)")
        for column in [39] { #expect(h.canvas.style(row: 1, column: column).underline, "filter: row 1 column \(column)") }
        #expect(!h.canvas.style(row: 1, column: 38).underline)
        for column in 3...4 { #expect(h.canvas.style(row: 2, column: column).underline, "filter: row 2 column \(column)") }
        #expect(!h.canvas.style(row: 2, column: 5).underline)
    }

    /// A line taller than the screen, its match near its end: the search shows that row of it.
    @Test func aSearchShowsTheMatchOfALineTallerThanTheScreen() {
        let tall = (0..<60).map { "w\($0)" }.joined(separator: " ") + " NEEDLE " + (0..<60).map { "v\($0)" }.joined(separator: " ")
        let h = Self.harness(["first", tall, "last"], columns: 20) { $0.wrap = true }
        #expect(!h.text.contains("NEEDLE"))
        h.press(.character("/"))
        h.type("NEEDLE")
        h.press(.enter)
        #expect(h.text.contains("NEEDLE"), "\(h.lines)")
        h.press(.down)
        #expect(h.selectedRow == "last")
    }

    @Test func theWrappedPlaceIsKeptAcrossARefreshAndAResize() {
        let lines = (0..<30).map { "line \($0) " + String(repeating: "x", count: 50) }
        let h = Self.harness(lines) { $0.wrap = true }
        h.press(.down, times: 6)
        let row = h.lines.firstIndex { $0.hasPrefix("›line 6 ") }
        #expect(row != nil)
        h.press(.character("r"))
        h.advance(0.1)
        #expect(h.lines.firstIndex { $0.hasPrefix("›line 6 ") } == row)
        h.screen.handle(.resize(Size(columns: 60, rows: 10)))
        h.canvas.resize(columns: 60, rows: 10)
        h.render()
        #expect(h.selectedRow?.hasPrefix("line 6 ") == true)
        #expect(h.lines.firstIndex { $0.hasPrefix("›line 6 ") } == row, "the same row of the screen: \(h.lines)")
        #expect(!h.text.contains("↳"), "nothing wraps at 60 columns")
        h.screen.handle(.resize(Size(columns: 30, rows: 10)))
        h.canvas.resize(columns: 30, rows: 10)
        h.render()
        #expect(h.lines.firstIndex { $0.hasPrefix("›line 6 ") } == row, "the same row of the screen: \(h.lines)")
    }

    @Test func hashShowsEachLinesNumberDimBeforeItAndEnterPrintsTheLineAlone() {
        let h = Self.harness(["item alpha", "item bravo", "item charlie"])
        #expect(h.lines[3] == " item charlie")
        h.press(.character("#"))
        #expect(h.lines[3] == " 3  item charlie")
        #expect(h.canvas.style(row: 3, column: 1).dim)
        #expect(!h.canvas.style(row: 3, column: 4).dim)
        h.press(.down, .down)
        h.press(.enter)
        #expect(h.chosen == ["item charlie"])
        h.press(.character("#"))
        #expect(h.lines[3] == "›item charlie")
    }

    @Test func numbersAreRightAlignedAndNeverMatchedBySearchOrFilter() {
        let lines = (1...12).map { "line \($0 % 2 == 0 ? "even" : "odd")" }
        let h = Self.harness(lines, rows: 16) { $0.lineNumbers = true }
        #expect(h.lines[1] == "› 1  line odd")
        #expect(h.lines[12] == " 12  line even")
        h.press(.character("/"))
        h.type("12")
        h.press(.enter)
        #expect(h.lines[15].contains("Pattern not found: 12"))
        h.press(.character("&"))
        h.type("1")
        h.finishFindWalks()
        #expect(h.lines[0].hasSuffix("0 of 12 items"))
    }

    @Test func headerLinesCountAndShowTheirNumbers() {
        let source = HeaderLinesSource(Self.source(["USER PID", "root 1", "me 2"]), count: 1)
        let h = ScreenHarness(source: source, columns: 40, rows: 10) { $0.lineNumbers = true }
        h.advance(0.1)
        #expect(h.lines[1] == " 1  USER PID")
        #expect(h.lines[2] == "›2  root 1")
        #expect(h.lines[3] == " 3  me 2")
    }

    @Test func aStreamsNumbersCountTheLinesItDropped() {
        let source = DroppingSource(lines: DroppedLinesScreenTests.lines(0..<20))
        let h = ScreenHarness(source: source, columns: 40, rows: 10) { $0.lineNumbers = true }
        h.advance(0)
        #expect(h.lines[1] == "› 1  L0")
        source.drop(through: 1_000, arriving: DroppedLinesScreenTests.lines(20..<1_005))
        h.advance(0)
        h.press(.home)
        #expect(h.lines[1] == "›1001  L1000")
        h.press(.end)
        #expect(h.lines.contains("›1005  L1004"))
        h.press(.enter)
        #expect(h.chosen == ["L1004"])
    }
}
