import OpenCombine
@testable import PullFeed
import TerminalUI
import Testing

/// A stream that drops its oldest lines (as `StreamStore` does past `--max-disk`): lines keep
/// their numbers from the stream's start, and a request's offset counts after the lines its
/// asker knew were dropped.
final class DroppingSource: FeedSource {
    let title = "stream"
    let stateKey = "stream"
    let isLineSource = true
    var keepsPlaceOnRefresh: Bool { true }
    var lines: [String]
    var dropped = 0
    let changeSubject = PassthroughSubject<SourceChange, Never>()

    init(lines: [String]) { self.lines = lines }

    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        changeSubject.eraseToAnyPublisher()
    }

    /// The oldest lines up to `count` (from the start) are dropped, and `more` arrive.
    func drop(through count: Int, arriving more: [String]) {
        dropped = count
        lines += more
        changeSubject.send(.grew)
    }

    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let first = max(request.offset + request.dropped, dropped)
        let end = request.isCatchUp || request.offset == 0 ? lines.count : min(lines.count, first + request.limit)
        var page = Page(lines: LineList(Array(lines[min(first, end)..<end])), hasMore: false)
        page.isOpen = true
        page.dropped = dropped
        return Just(.success(page)).receive(on: scheduler).eraseToAnyPublisher()
    }
}

@Suite struct DroppedLinesScreenTests {
    static func lines(_ range: Range<Int>) -> [String] { range.map { "L\($0)" } }

    @Test func droppedLinesLeaveTheTopAndTheSelectionStaysOnItsLine() {
        let source = DroppingSource(lines: Self.lines(0..<100))
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.down, times: 60)
        let before = h.lines
        let row = before.firstIndex { $0.hasPrefix("›L60") }
        #expect(row != nil)
        source.drop(through: 30, arriving: Self.lines(100..<110))
        h.advance(0)
        #expect(h.lines[0].hasSuffix("80 items · 30 dropped"))
        // The selected line is still selected, on the same row of the screen.
        #expect(h.lines.firstIndex { $0.hasPrefix("›L60") } == row)
        h.press(.home)
        #expect(h.lines[1] == "›L30")
        // Enter prints the line shown, not one of the dropped lines.
        h.press(.down, times: 2)
        h.press(.enter)
        #expect(h.chosen == ["L32"])
    }

    @Test func aSelectedLineThatWasDroppedLeavesTheSelectionOnTheFirstRow() {
        let source = DroppingSource(lines: Self.lines(0..<50))
        let h = ScreenHarness(source: source, configure: { $0.language = .simplifiedChinese })
        h.advance(0)
        h.press(.down, times: 5)
        source.drop(through: 1_234_567, arriving: Self.lines(50..<1_234_600))
        h.advance(0)
        #expect(h.lines[0].contains("已丢弃 1,234,567 行"))
        #expect(h.lines[1] == "›L1234567")
    }
}
