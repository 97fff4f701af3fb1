import OpenCombine
@testable import PullFeed
import TerminalUI
import Testing

/// A watched file that pages: `limit` lines a page, a catch-up gets the rest.
final class PagedFileSource: FeedSource {
    let title = "paged"
    let stateKey = "paged"
    let isLineSource = true
    var isWatched: Bool { true }
    var lines: [String]
    var requests: [PageRequest] = []
    let changeSubject = PassthroughSubject<SourceChange, Never>()
    init(lines: [String]) { self.lines = lines }
    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> { changeSubject.eraseToAnyPublisher() }
    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        requests.append(request)
        let end = request.isCatchUp ? lines.count : min(lines.count, request.offset + request.limit)
        let start = min(request.offset, end)
        let page = Page(lines: LineList(Array(lines[start..<end])), hasMore: end < lines.count)
        return Just(.success(page)).receive(on: scheduler).eraseToAnyPublisher()
    }
}


/// Following and the load goal through the screen, on sources that page: what the user sees
/// when a footer page, a turn of `--every`, End on a counted file or Esc meets following or a
/// goal.
@Suite struct FollowingScreenTests {
    /// A footer page loaded under the followed last row of a file moves the end away: following
    /// stops, whether the page was the last (the selection stays) or not (a line appended to
    /// the file later does not pull the selection down).
    @Test(arguments: [100, 200])
    func aFooterPageUnderTheLastRowEndsFollowing(total: Int) {
        let source = PagedFileSource(lines: (0..<total).map { "L\($0)" })
        let h = ScreenHarness(source: source, pageSize: 50)
        h.advance(0)
        h.press(.down, times: 49)
        h.advance(1)
        #expect(h.reactor.currentState.itemCount == 100)
        #expect(h.selectedRow == "L49")
        #expect(!h.lines[0].contains("following"), "title: \(h.lines[0])")
        source.lines.append("L\(total)")
        source.changeSubject.send(.grew)
        h.advance(1)
        #expect(h.selectedRow == "L49")
    }

    /// End on a paged source with `--every`: each turn replaces the lines with the first page,
    /// and the reactor loads up to the end again, where the selection ends.
    @Test func aTurnOfTheScheduleWhileFollowingLoadsUpToTheEndAgain() {
        let source = ScriptedSource.lines(total: 1000)
        source.delay = 0.1
        source.loadsRestPageByPage = true
        let h = ScreenHarness(source: source, pageSize: 200, every: 3)
        h.advance(0.5)
        h.press(.end)
        h.advance(2)
        #expect(h.selectedRow == "L999")
        // The turn comes 3 s after the last refresh ended (at 0.1 s): at 3.1 s, and its
        // pages by 3.6 s.
        let before = source.requests.count
        h.advance(3)
        #expect(source.requests.count == before + 5, "a refresh, then the four pages after the first")
        #expect(h.selectedRow == "L999")
        #expect(h.reactor.currentState.isFollowing)
    }

    /// End again on the end of a file still counted (shown after a gap): nothing to load, and
    /// no goal left that nothing pursues.
    @Test func endOnTheEndOfACountedFileSetsNoGoal() {
        let source = LiveSource(lines: (1...1000).map { "L\($0)" })
        source.readsFromEnd = true
        source.counted = 100
        source.isOpen = false
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.end)
        h.advance(0)
        #expect(h.reactor.currentState.tailStart != nil)
        let asked = source.requests.count
        h.press(.end)
        h.advance(1)
        #expect(source.requests.count == asked)
        #expect(h.reactor.currentState.loadGoal == nil)
    }

    /// A search and a filter look through an open input's next lines without asking it to read
    /// on to its end: once they stop (found, cancelled, the screen filled) its reader holds
    /// again. Only End asks for the rest.
    @Test(arguments: ["/zqxj\n", "&zqxj"])
    func aSearchOrAFilterNeverAsksAStreamForTheRest(typed: String) {
        let source = LiveSource(lines: (1...30).map { "L\($0)" })
        source.isReading = true
        let h = ScreenHarness(source: source)
        h.advance(0)
        for c in typed { h.press(c == "\n" ? .enter : .character(c)) }
        h.advance(1)
        #expect(source.requests.contains { $0.offset > 0 && !$0.isCatchUp }, "the lines not loaded are asked for")
        h.press(.escape)
        h.advance(1)
        #expect(!source.requests.contains { $0.isRest })
        // (A source that said "more" to every request would have End load for ever.)
        source.isReading = false
        h.press(.end)
        h.advance(1)
        #expect(source.requests.contains { $0.isRest })
    }

    /// A filter that does not fill the screen on a file still being counted loads the next
    /// lines in order, not the file's end.
    @Test func aFilterOnACountedFileLoadsTheNextLinesNotTheEnd() {
        let source = LiveSource(lines: (0..<5000).map { "L\($0)" })
        source.readsFromEnd = true
        source.counted = 100
        source.isOpen = false
        let h = ScreenHarness(source: source)
        h.advance(0)
        for c in "&L1" { h.press(.character(c)) }
        h.advance(1)
        #expect(!source.requests.contains { $0.isTail })
        #expect(h.reactor.currentState.tailStart == nil)
    }

    /// Esc while the reactor loads the pages through a match a scan found: the goal is given
    /// up (at most the page in flight arrives).
    @Test func escStopsLoadingThroughAMatch() {
        let source = ScriptedSource.lines(total: 5000)
        source.delay = 0.1
        source.loadsRestPageByPage = true
        source.scan = .found(3000)
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(0.2)
        for c in "/L3000" { h.press(.character(c)) }
        h.press(.enter)
        var rounds = 0
        while h.reactor.currentState.loadGoal == nil, rounds < 200 {
            h.advance(0.05)
            rounds += 1
        }
        #expect(h.reactor.currentState.loadGoal != nil)
        h.press(.escape)
        #expect(!h.screen.find.isBusy)
        #expect(h.reactor.currentState.loadGoal == nil)
        let asked = source.requests.count
        h.advance(30)
        #expect(source.requests.count <= asked + 1, "\(source.requests.count - asked) more pages asked after Esc")
    }
}
