import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// A live feed on the screen, in virtual time: a refresh keeps the place and says what is new,
/// `--every` refreshes by itself (paused with `p` or by a prompt, never two at once), and
/// `--header-lines` keeps a header above the items.
@Suite struct LiveFeedScreenTests {
    /// Lines a test changes between refreshes.
    final class Output {
        var lines: [String]
        var failure: String?
        init(_ lines: [String]) { self.lines = lines }
    }

    static func source(_ output: Output) -> ScriptedSource {
        ScriptedSource { _ in
            if let failure = output.failure { return .failure(SourceError(failure)) }
            return .success(Page(lines: LineList(output.lines), hasMore: false))
        }
    }

    static let hundred = (0..<100).map { "L\($0)" }

    func harness(_ output: Output, every: Double? = nil,
                 configure: (inout FeedScreen.Options) -> Void = { _ in }) -> (ScreenHarness, ScriptedSource) {
        let source = Self.source(output)
        let h = ScreenHarness(source: source, every: every, configure: configure)
        h.advance(1)
        return (h, source)
    }

    func selectedRow(_ h: ScreenHarness) -> Int? { h.lines.firstIndex { $0.hasPrefix("›") } }

    @Test func rKeepsTheSelectedItemOnItsRowAndCountsWhatIsNew() throws {
        let output = Output(Self.hundred)
        let (h, _) = harness(output)
        #expect(h.lines[23] == FeedScreenTests.lineHelp, "the first load counts nothing as new")
        #expect(!h.lines.contains { $0.hasPrefix("+") })
        h.press(.down, times: 30)
        let row = try #require(selectedRow(h))
        #expect(h.lines[row] == "›L30")
        let shown = h.lines

        output.lines = ["new 1", "new 2", "new 3"] + Self.hundred
        h.press(.character("r"))
        #expect(h.reactor.currentState.isRefreshing)
        #expect(h.lines[1...22] == shown[1...22], "the old rows stay while the refresh runs")
        #expect(h.lines[23].hasSuffix(" Loading..."))
        h.press(.up)
        h.press(.down)
        h.advance(1)
        #expect(selectedRow(h) == row)
        #expect(h.lines[row] == "›L30")
        #expect(h.lines[23] == " 3 new items")
        #expect(h.reactor.currentState.changes.newCount == 3)

        // The new rows are above the view: Home goes to the first of them, then to the top.
        h.press(.home)
        #expect(h.lines[1] == "›new 1")
        #expect(h.lines[2] == "+new 2")
        #expect(h.canvas.style(row: 2, column: 2).bold)
        #expect(h.lines[4] == " L0")
        h.advance(3)
        #expect(h.lines[23] == FeedScreenTests.lineHelp)
    }

    @Test func goneItemsAndASelectedItemThatIsGone() {
        let output = Output(Self.hundred)
        let (h, _) = harness(output)
        h.press(.down, times: 5)
        output.lines = Array(Self.hundred.prefix(5)) + ["x"] + Self.hundred.dropFirst(8)
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[6] == "›x")
        #expect(h.lines[23] == " 1 new item · 3 gone")
        output.lines = []
        h.press(.character("r"))
        h.advance(1)
        #expect(h.reactor.currentState.lines.isEmpty)
        #expect(h.lines[23] == " No new items · 98 gone")
    }

    @Test func aSelectedLineThatRepeatsStaysOnTheNearestCopy() {
        let lines = (0..<60).map { $0 % 20 == 0 ? "same" : "L\($0)" }
        let output = Output(lines)
        let (h, _) = harness(output)
        h.press(.down, times: 40)
        #expect(h.lines.contains("›same"))
        let row = selectedRow(h)
        output.lines = ["a"] + lines
        h.press(.character("r"))
        h.advance(1)
        #expect(selectedRow(h) == row)
        #expect(h.screen.list.selectedIndex == 41)
    }

    @Test func aPullFromTheTopEndsAtTheTop() {
        let output = Output(Self.hundred)
        let (h, _) = harness(output)
        output.lines = ["new 1", "new 2"] + Self.hundred
        h.press(.up)
        h.press(.up)
        h.advance(0.5)
        h.advance(0.1)
        #expect(h.reactor.currentState.isRefreshing)
        h.advance(1)
        #expect(!h.reactor.currentState.isRefreshing)
        #expect(h.lines[1] == "›new 1")
        #expect(h.lines[2] == "+new 2")
        #expect(h.lines[3] == " L0")
    }

    @Test func everyRefreshesThatLongAfterTheLastRefreshEnded() {
        let output = Output(Self.hundred)
        let (h, source) = harness(output, every: 2)
        #expect(h.lines[0].hasSuffix("every 2s · 100 items"))
        #expect(h.lines[23].contains("p pause"))
        #expect(source.requests.count == 1)
        h.press(.down, times: 30)
        let row = selectedRow(h)
        output.lines = ["n"] + Self.hundred
        h.advance(1.9)
        #expect(source.requests.count == 1)
        h.advance(0.2)
        #expect(source.requests.count == 2)
        h.advance(1)
        #expect(selectedRow(h) == row && h.lines[row ?? 0] == "›L30")
        #expect(h.lines[23] == " 1 new item")
        h.advance(2)
        #expect(source.requests.count == 3)
    }

    @Test func pPausesAndResumes() {
        let (h, source) = harness(Output(Self.hundred), every: 1)
        h.press(.character("p"))
        #expect(h.lines[0].hasSuffix("paused · 100 items"))
        h.advance(10)
        #expect(source.requests.count == 1)
        h.press(.character("p"))
        #expect(h.lines[0].hasSuffix("every 1s · 100 items"))
        #expect(source.requests.count == 2, "the turn that came while paused runs at once")
        h.advance(1)
        h.advance(1)
        #expect(source.requests.count == 3)
    }

    @Test func aPromptHoldsAutomaticRefreshesBack() {
        let (h, source) = harness(Output(Self.hundred), every: 1)
        h.reactor.action.send(.holdSchedule(true))
        h.advance(5)
        #expect(source.requests.count == 1)
        h.reactor.action.send(.holdSchedule(false))
        #expect(source.requests.count == 2)
    }

    /// The search and filter prompts hold automatic refreshes while they are open.
    @Test func anOpenSearchOrFilterPromptHoldsAutomaticRefreshes() {
        for key in ["/", "&"] {
            let (h, source) = harness(Output(Self.hundred), every: 1)
            h.press(.character(Character(key)))
            h.advance(5)
            #expect(source.requests.count == 1, "\(key) prompt open")
            h.press(.escape)
            h.advance(0.1)
            #expect(source.requests.count == 2, "\(key) prompt closed")
        }
    }

    /// A command slower than the interval is never started twice; nor by `r` meanwhile.
    @Test func aSlowCommandNeverOverlaps() {
        let output = Output(Self.hundred)
        let source = Self.source(output)
        source.delay = 2
        let h = ScreenHarness(source: source, every: 0.01)
        for step in 1...1000 {
            h.time.advance(0.01)
            if step == 500 { h.screen.perform(.refresh) }
        }
        h.render()
        // Refreshes start at 0, 2.01, 4.02, 6.03 and 8.04 s.
        #expect(source.requests.count == 5)
        #expect(source.cancelled == 0)
    }

    @Test func aFailedAutomaticRefreshKeepsTheItemsAndTheNextStillComes() {
        let output = Output(Self.hundred)
        let (h, source) = harness(output, every: 1)
        output.failure = "boom"
        h.advance(1)
        h.advance(1)
        #expect(source.requests.count == 2)
        #expect(h.reactor.currentState.lines.count == 100)
        #expect(h.lines[23] == " Refresh failed: boom")
        output.failure = nil
        h.advance(1)
        h.advance(1)
        #expect(source.requests.count == 3)
        #expect(h.lines[23] == " No new items")
    }

    @Test func headerLinesStayAboveTheItems() {
        let output = Output(["USER PID CMD", "root 1 init", "me 2 sh"])
        let source = HeaderLinesSource(Self.source(output), count: 1)
        let h = ScreenHarness(source: source)
        h.advance(1)
        #expect(h.lines[1] == " USER PID CMD")
        #expect(h.canvas.style(row: 1, column: 2).underline)
        #expect(h.lines[2] == "›root 1 init")
        #expect(h.lines[0].hasSuffix("2 items"))
        h.press(.up, .up, .up)
        #expect(h.lines[1] == " USER PID CMD")
        output.lines = ["USER PID COMMAND", "me 2 sh", "me 3 vi"]
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[1] == " USER PID COMMAND")
        #expect(h.lines[23] == " 1 new item · 1 gone")
        #expect(h.reactor.currentState.lines.count == 2)
    }

    @Test func chineseTexts() {
        let output = Output(Self.hundred)
        let (h, _) = harness(output, every: 2) { $0.language = .simplifiedChinese }
        #expect(h.lines[0].hasSuffix("每 2 秒 · 100 项"))
        h.press(.down, times: 30)
        output.lines = ["a", "b"] + Self.hundred.dropLast(3)
        h.press(.character("r"))
        #expect(h.lines[23].hasSuffix("正在刷新数据中..."))
        h.advance(1)
        #expect(h.lines[23] == " 2 条新内容 · 3 条已移除")
        h.press(.character("p"))
        #expect(h.lines[0].contains("已暂停"))
        h.advance(3)
        output.lines = Self.hundred.dropLast(3)
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[23] == " 没有新内容 · 2 条已移除")
    }

    @Test func demoArticlesKeepTheirPlaceByID() throws {
        let h = ScreenHarness(source: DemoSource(latency: 0.6, seed: 1))
        h.advance(1)
        let title = "›  " + DemoSource.article(number: 8, edition: 1).title
        for _ in 0..<80 where !h.lines.contains(title) { h.press(.down) }
        let row = try #require(h.lines.firstIndex(of: title))
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[row] == "›  " + DemoSource.article(number: 8, edition: 2).title)
        #expect(h.lines[23] == " No new items")
    }
}
