import Foundation
import OpenCombine
@testable import PullFeed
import TerminalUI
import Testing

/// `[`, `]` and `d` on the in-memory screen, in virtual time: a source's kept results shown in
/// place of its live lines, marked against the result before each, the live feed going on
/// underneath, and the rows a result removed shown in place.
@Suite struct HistoryStepsScreenTests {
    /// A history in memory, a clock that moves one second a refresh, and what feeds the history.
    final class Kept {
        let writer: HistoryWriter
        let clock = ScreenHarness.Clock()
        var date: Date {
            get { clock.date }
            set { clock.date = newValue }
        }
        private var recordings: [AnyCancellable] = []

        init() {
            writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in
                try HistoryStore(path: HistoryStore.inMemory)
            }, onFailure: { _ in })
        }

        static func key(_ name: String) -> HistorySourceKey { .command(name, directory: "/tmp") }

        func browser(_ name: String) -> HistoryBrowser { HistoryBrowser(key: Self.key(name), writer: writer) }

        /// Every state of `source` goes to the history as the command `name`'s.
        func record(_ source: SourceReactor, as name: String) {
            let recorder = HistoryRecorder(key: Self.key(name), origin: .command, writer: writer)
            recordings.append(source.state.sink { recorder.observe($0) })
        }

        /// Presses `key` and lets what it asked for arrive.
        func press(_ key: Character, on h: ScreenHarness) {
            h.press(.character(key))
            settle(h)
        }

        /// Lets what runs on the history's queue and the sources' work queues arrive.
        func settle(_ h: ScreenHarness) {
            for _ in 0..<4 {
                writer.flush()
                for source in h.reactor.sources { source.workQueue.sync {} }
                h.advance(0)
            }
        }

        /// Refreshes with `r` a second later, and lets the result arrive and be kept.
        func refresh(_ h: ScreenHarness) {
            date += 1
            h.press(.character("r"))
            h.advance(0.2)
            settle(h)
        }
    }

    /// A source whose every run prints `outputs[run]` (the last one again after the last), and
    /// its runs counted.
    final class Runs {
        var outputs: [[String]]
        var count = 0
        init(_ outputs: [[String]]) { self.outputs = outputs }

        var source: ScriptedSource {
            let source = ScriptedSource { [self] _ in
                defer { count += 1 }
                return .success(Page(lines: LineList(outputs[min(count, outputs.count - 1)]), hasMore: false))
            }
            source.delay = 0.1
            return source
        }
    }

    /// A screen of one counting command (`value N`), kept in `kept`, after `results` runs.
    func counter(_ kept: Kept, results: Int, every: Double? = nil) -> (ScreenHarness, Runs) {
        let runs = Runs((1...20).map { ["value \($0)"] })
        let h = ScreenHarness(source: runs.source, every: every, clock: kept.clock, history: kept.browser("count"))
        kept.record(h.reactor.sources[0], as: "count")
        h.advance(0.2)
        kept.settle(h)
        for _ in 1..<results { kept.refresh(h) }
        return (h, runs)
    }

    @Test func bracketsStepBackAndForthThroughTheKeptResultsWithoutRunningAgain() {
        let kept = Kept()
        let (h, runs) = counter(kept, results: 3)
        #expect(h.selectedRow == "value 3")
        #expect(h.lines[0].hasSuffix("updated 14:05:02 · 1 item"))

        kept.press("[", on: h)
        #expect(h.selectedRow == "value 2")
        #expect(h.lines[0].hasSuffix("history 2/3 · 14:05:01 · 1 item"), "\(h.lines[0])")
        kept.press("[", on: h)
        #expect(h.selectedRow == "value 1")
        #expect(h.lines[0].hasSuffix("history 1/3 · 14:05:00 · 1 item"))
        kept.press("[", on: h)
        #expect(h.selectedRow == "value 1")
        #expect(h.lines[23] == " No older result kept")

        kept.press("]", on: h)
        #expect(h.selectedRow == "value 2")
        #expect(h.lines[0].contains("history 2/3"))
        kept.press("]", on: h)
        #expect(h.selectedRow == "value 3")
        #expect(h.lines[0].hasSuffix("updated 14:05:02 · 1 item"), "live again")
        kept.press("]", on: h)
        #expect(h.lines[23] == " This is the live result: nothing newer")
        #expect(runs.count == 3, "stepping ran nothing")
    }

    @Test func stepsAskedBeforeTheFirstArrivesGoOnFromWhereItLands() {
        let kept = Kept()
        let (h, _) = counter(kept, results: 4)
        h.press(.character("["))
        h.press(.character("["))
        kept.press("[", on: h)
        #expect(h.selectedRow == "value 1")
        #expect(h.lines[0].contains("history 1/4"))
        h.press(.character("]"))
        kept.press("]", on: h)
        #expect(h.selectedRow == "value 3")
        #expect(h.lines[0].contains("history 3/4"))
    }

    @Test func theLiveFeedGoesOnUnderneathAndIsThereOnReturn() {
        let kept = Kept()
        let (h, runs) = counter(kept, results: 2, every: 2)
        kept.press("[", on: h)
        #expect(h.selectedRow == "value 1")
        for _ in 0..<20 where runs.count < 5 {
            kept.date += 1
            h.advance(1)
            kept.settle(h)
        }
        #expect(runs.count == 5, "--every went on")
        #expect(h.selectedRow == "value 1", "the kept result stays shown")
        #expect(h.lines[0].contains("history 1/2"))
        kept.press("]", on: h)
        #expect(h.selectedRow == "value 2", "one step on from where it stood, among the results then kept")
        #expect(h.lines[0].contains("history 2/5"))
        h.press(.character("]"), times: 3)
        kept.settle(h)
        #expect(h.selectedRow == "value 5")
        #expect(!h.lines[0].contains("history"))
    }

    /// Three results: `alpha bravo charlie`, then `alpha charlie delta`, then `alpha delta echo`.
    func removingRows(_ kept: Kept, identity: LineIdentity = .wholeLine, outputs: [[String]]? = nil,
                      configure: (inout FeedScreen.Options) -> Void = { _ in }) -> ScreenHarness {
        let runs = Runs(outputs ?? [["alpha", "bravo", "charlie"], ["alpha", "charlie", "delta"], ["alpha", "delta", "echo"]])
        let h = ScreenHarness(source: runs.source, identity: identity, clock: kept.clock, history: kept.browser("rows"),
                              configure: configure)
        kept.record(h.reactor.sources[0], as: "rows")
        h.advance(0.2)
        kept.settle(h)
        kept.refresh(h)
        kept.refresh(h)
        return h
    }

    @Test func aPastResultsRowsAreMarkedAgainstTheResultBeforeIt() {
        let kept = Kept()
        let h = removingRows(kept)
        kept.press("[", on: h)
        #expect(Array(h.lines[1...3]) == ["›alpha", " charlie", "+delta"])
        kept.press("[", on: h)
        #expect(Array(h.lines[1...3]) == ["›alpha", " bravo", " charlie"], "the oldest kept is compared with nothing")
    }

    @Test func dShowsAndHidesTheRowsTheShownResultRemoved() {
        let kept = Kept()
        let h = removingRows(kept, configure: { $0.lineNumbers = true })
        #expect(Array(h.lines[1...4]) == ["›1  alpha", " 2  delta", "+3  echo", "   No more data"])
        kept.press("d", on: h)
        #expect(Array(h.lines[1...4]) == ["›1  alpha", "-   charlie", " 2  delta", "+3  echo"], "in place, not numbered")
        #expect(h.canvas.style(row: 2, column: 4).dim)
        #expect(h.lines[0].hasSuffix("· 3 items"), "a removed row is no item of the result")
        h.press(.down)
        #expect(h.selectedRow == "2  delta", "a removed row is not selected")
        h.press(.up)

        kept.press("[", on: h)
        #expect(Array(h.lines[1...4]) == ["›1  alpha", "-   bravo", " 2  charlie", "+3  delta"], "d goes on for the result stepped to")
        kept.press("d", on: h)
        #expect(Array(h.lines[1...4]) == ["›1  alpha", " 2  charlie", "+3  delta", "   No more data"])
        kept.press("[", on: h)
        kept.press("d", on: h)
        #expect(h.lines[23] == " The shown result removed no rows")
    }

    @Test func withIdentityByFieldsAChangedRowsOldTextIsShownAboveIt() throws {
        let kept = Kept()
        let identity = LineIdentity(fields: try FieldSelection(parsing: "1"))
        let h = removingRows(kept, identity: identity, outputs: [["1 up", "2 up", "3 up"], ["1 up", "2 up", "3 up"], ["1 up", "2 down", "4 up"]])
        #expect(Array(h.lines[1...3]) == ["›1 up", "~2 down", "+4 up"])
        kept.press("d", on: h)
        #expect(Array(h.lines[1...5]) == ["›1 up", "-2 up", "~2 down", "-3 up", "+4 up"])
    }

    @Test func searchFilterAndEnterWorkOnAPastResult() {
        let kept = Kept()
        let h = removingRows(kept)
        kept.press("[", on: h)
        h.press(.character("/"))
        h.type("char")
        h.press(.enter)
        #expect(h.selectedRow == "charlie")
        h.press(.character("&"))
        h.type("del")
        h.press(.enter)
        #expect(h.lines[1] == "›delta")
        #expect(!h.text.contains("charlie"))
        h.press(.enter)
        #expect(h.chosen == ["delta"], "Enter chooses the past result's row")
    }

    @Test func theHelpLineNamesTheKeysWhereResultsAreKeptAndTheKeysPageEveryTime() {
        let kept = Kept()
        let h = ScreenHarness(source: Runs([["x"]]).source, columns: 100, clock: kept.clock, history: kept.browser("x"))
        h.advance(1)
        #expect(h.lines[23] == " ↑↓ move  / search  & filter  ←→ scroll  r refresh  [ ] history  Enter print  ? keys  q quit")
        let unkept = ScreenHarness(source: Runs([["x"]]).source, columns: 100, rows: 50)
        unkept.advance(1)
        #expect(!unkept.lines[23].contains("history"))
        unkept.press(.character("?"))
        #expect(unkept.text.contains("Show the previous kept result of the selected row's source"))
        #expect(unkept.text.contains("Show or hide the rows the shown result removed"))
    }

    @Test func aSourceNotKeptSaysSo() {
        let h = ScreenHarness(source: Runs([["x"]]).source)
        h.advance(1)
        h.press(.character("["))
        #expect(h.lines[23] == " No results kept for this source")
    }

    @Test func withSeveralSourcesTheSelectedRowsSourceStepsAndItsHeaderSaysSo() {
        let kept = Kept()
        let a = Runs([["a1"], ["a2"]]), b = Runs([["b1"], ["b2"]])
        let h = ScreenHarness(sources: [a.source, b.source], titles: ["a", "b"], clock: kept.clock,
                              histories: [kept.browser("a"), kept.browser("b")])
        kept.record(h.reactor.sources[0], as: "a")
        kept.record(h.reactor.sources[1], as: "b")
        h.advance(0.2)
        kept.settle(h)
        kept.date += 1
        h.press(.character("R"))
        h.advance(0.2)
        kept.settle(h)
        #expect(Array(h.lines[1...4]) == [" ▾ a · 1 line  1 new", "›a2", " ▾ b · 1 line  1 new", "+b2"])
        h.press(.character("}"))
        kept.press("[", on: h)
        #expect(Array(h.lines[1...4]) == [" ▾ a · 1 line  1 new", "+a2", " ▾ b · 1 line  history 1/2 · 14:05:00", "›b1"])
        #expect(h.lines[0].contains("history 1/2 · 14:05:00"))
        #expect(a.count == 2 && b.count == 2)
        h.press(.character("{"))
        #expect(h.lines[0].contains("history 1/2"), "a source not live is said in the title wherever the selection is")
        #expect(h.lines[3].contains("history 1/2"), "and in its header")
    }

    @Test func withSeveralSourcesDShowsTheRemovedRowsInTheSelectedRowsSectionOnly() {
        let kept = Kept()
        let a = Runs([["a1"], ["a2"]]), b = Runs([["b1", "gone", "b2"], ["b1", "b2", "b3"]])
        let h = ScreenHarness(sources: [a.source, b.source], titles: ["a", "b"], clock: kept.clock,
                              histories: [kept.browser("a"), kept.browser("b")]) { $0.lineNumbers = true }
        kept.record(h.reactor.sources[0], as: "a")
        kept.record(h.reactor.sources[1], as: "b")
        h.advance(0.2)
        kept.settle(h)
        kept.date += 1
        h.press(.character("R"))
        h.advance(0.2)
        kept.settle(h)
        h.press(.character("}"))
        kept.press("d", on: h)
        #expect(Array(h.lines[1...7]) == ["    ▾ a · 1 line  1 new", "+1  a2", "    ▾ b · 3 lines  1 new", "›1  b1", "-   gone", " 2  b2", "+3  b3"])
        kept.press("d", on: h)
        #expect(Array(h.lines[3...6]) == ["    ▾ b · 3 lines  1 new", "›1  b1", " 2  b2", "+3  b3"])
    }

    @Test func aPastResultIsGroupedAsTheSourceGroupsItsLines() {
        let kept = Kept()
        let runs = Runs([["x 1", "y 1"], ["x 1", "y 1", "x 2"]])
        let h = ScreenHarness(source: runs.source, sectionBy: "^(\\S+)", clock: kept.clock, history: kept.browser("grouped"))
        kept.record(h.reactor.sources[0], as: "grouped")
        h.advance(0.2)
        kept.settle(h)
        kept.refresh(h)
        #expect(h.text.contains("x 2"))
        kept.press("[", on: h)
        #expect(h.lines[0].contains("history 1/2"))
        #expect(!h.text.contains("x 2"))
        #expect(h.lines.contains { $0.contains("▾ x") } && h.lines.contains { $0.contains("▾ y") }, "\(h.lines)")
    }
}
