import OpenCombine
@testable import PullFeed
import TerminalUI
import Testing

/// A source whose input the test grows: lines arrive without a request (`changes`), the input
/// stays open or closes, and, as a large file, it can be counting and read from its end.
final class LiveSource: FeedSource {
    let title = "live"
    let stateKey = "live"
    let isLineSource = true
    var readsFromEnd = false
    /// True: a file the app watches (lines that arrive are new rows).
    var isWatched = false
    var lines: [String]
    var isOpen = true
    /// False: a command's run (one result, no pages).
    var hasPages = true
    /// True: an input that cannot be read again (standard input), refreshed in place.
    var keepsPlaceOnRefresh = false
    /// The reader is still reading what was written (a fast stream): pages say there is more.
    var isReading = false
    /// Lines counted so far, while counting (a large file); nil when all are counted.
    var counted: Int?
    var requests: [PageRequest] = []
    let changeSubject = PassthroughSubject<SourceChange, Never>()

    init(lines: [String]) { self.lines = lines }

    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        changeSubject.eraseToAnyPublisher()
    }

    /// Lines arrive on the input.
    func arrive(_ more: [String]) {
        lines += more
        changeSubject.send(.grew)
    }

    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        requests.append(request)
        let available = counted ?? lines.count
        var page: Page
        if request.isTail, counted != nil {
            page = Page(lines: LineList(Array(lines.suffix(request.limit))), hasMore: true)
            page.isEnd = true
            page.isCounting = true
        } else {
            let end = request.isCatchUp || request.offset == 0 ? available : min(available, request.offset + request.limit)
            let start = min(request.offset, end)
            page = Page(lines: LineList(Array(lines[start..<end])), hasMore: counted != nil || isReading)
            page.isCounting = counted != nil
        }
        page.isOpen = isOpen
        return Just(.success(page)).receive(on: scheduler).eraseToAnyPublisher()
    }
}

@Suite struct LiveSourceTests {
    static func lines(_ range: ClosedRange<Int>) -> [String] { range.map { "L\($0)" } }

    @Test func linesThatArriveAreAppendedWithoutAKeyAndTheFooterWaits() {
        let source = LiveSource(lines: Self.lines(1...3))
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(h.lines[0].hasSuffix("3 items"))
        #expect(h.lines[4] == "   Waiting for more...")
        #expect(!h.text.contains("No more data"))
        source.arrive(Self.lines(4...5))
        h.advance(0)
        #expect(h.lines[0].hasSuffix("5 items"))
        #expect(h.lines[1] == "›L1")
        #expect(h.lines[6] == "   Waiting for more...")
        source.isOpen = false
        source.arrive([])
        h.advance(0)
        #expect(h.lines[6] == "   No more data")
    }

    /// An open input that sent nothing yet says it waits; a command's run says it runs (also
    /// with `--header-lines`, whose header alone shows), as its footer does.
    @Test(arguments: [(true, "Waiting for more..."), (false, "Running...")])
    func anOpenInputThatSentNothingSaysSo(hasPages: Bool, text: String) {
        let source = LiveSource(lines: [])
        source.hasPages = hasPages
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(h.lines[1] == " " + text)
        source.arrive(["first"])
        h.advance(0)
        #expect(h.lines[1] == "›first")
        #expect(h.lines[2] == "   " + text)
    }

    /// A command's run that is still going with more to read (its reader holds, or reads on)
    /// says more may come, `3+ items`, as a stream does; once it ended, the count is exact.
    @Test func aRunningCommandsCountSaysMoreMayCome() {
        let source = LiveSource(lines: Self.lines(1...3))
        source.hasPages = false
        source.isOpen = false
        source.isReading = true
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(h.lines[0].hasSuffix(" 3+ items"), "\(h.lines[0])")
        source.isReading = false
        source.arrive(Self.lines(4...5))
        h.advance(0)
        #expect(h.lines[0].hasSuffix(" 5 items"), "\(h.lines[0])")
    }

    @Test func endFollowsUpStopsAndTheLastRowFollowsAgain() {
        let source = LiveSource(lines: Self.lines(1...30))
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(!h.lines[0].contains("following"))
        h.press(.end)
        h.advance(0)
        #expect(h.lines[0].hasPrefix(" PullFeed · live · following"))
        source.arrive(Self.lines(31...35))
        h.advance(0)
        #expect(h.lines.contains("›L35"))
        h.press(.up)
        #expect(!h.lines[0].contains("following"))
        source.arrive(Self.lines(36...40))
        h.advance(0)
        #expect(h.lines.contains("›L34"))
        #expect(h.lines[0].hasSuffix("40 items"))
        h.press(.down, times: 6)
        #expect(h.lines.contains("›L40"))
        #expect(h.lines[0].contains("following"))
        source.arrive(["L41"])
        h.advance(0)
        #expect(h.lines.contains("›L41"))
    }

    /// `--every` counts from the end of a command's run, not from its first lines; an open
    /// input that is not run again (standard input) is refreshed on schedule.
    @Test(arguments: [false, true])
    func everyWaitsForACommandsRunButNotForAnOpenInput(isRun: Bool) {
        let source = LiveSource(lines: Self.lines(1...3))
        source.hasPages = !isRun
        let h = ScreenHarness(source: source, every: 2)
        h.advance(2.5)
        #expect(source.requests.filter { $0.offset == 0 }.count == (isRun ? 1 : 2), "run: \(isRun)")
        source.isOpen = false
        source.arrive([])
        h.advance(0)
        // The run's turn comes 2 s after its end (at 4.5 s); the open input's every 2 s (4 s, 6 s).
        h.advance(1.9)
        #expect(source.requests.filter { $0.offset == 0 }.count == (isRun ? 1 : 3), "run: \(isRun)")
        h.advance(0.2)
        #expect(source.requests.filter { $0.offset == 0 }.count == (isRun ? 2 : 3), "run: \(isRun)")
    }

    /// Following a stream read faster than it pauses: a page that says more is being read
    /// shows no "+" and no "Scroll down to load more" (the lines come unasked); once the
    /// user stops following, the footer offers the rest again.
    @Test func followingAFastStreamShowsNoMoreToAskFor() {
        let source = LiveSource(lines: Self.lines(1...30))
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.end)
        h.advance(0)
        source.isReading = true
        source.arrive(Self.lines(31...35))
        h.advance(0)
        #expect(h.lines[0].hasSuffix(" 35 items"), "\(h.lines[0])")
        #expect(h.text.contains("Waiting for more...") && !h.text.contains("Scroll down"), "\(h.text)")
        h.press(.up)
        source.arrive(Self.lines(36...36))
        h.advance(0)
        #expect(h.lines[0].hasSuffix(" 36+ items"), "\(h.lines[0])")
    }

    /// A refresh of more items than are compared still says it arrived; the first load says
    /// nothing.
    @Test func aRefreshTooLargeToCompareSaysItReloaded() {
        let source = LiveSource(lines: Self.lines(1...(SourceReactor.comparedItemLimit + 1)))
        source.isOpen = false
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(!h.lines[23].contains("Reloaded"))
        h.press(.character("r"))
        h.advance(0.2)
        #expect(h.lines[23] == " Reloaded (too many items to count what is new)", "\(h.lines[23])")
        #expect(h.lines[0].hasSuffix(" \(AppStrings.grouped(SourceReactor.comparedItemLimit + 1)) items"))
    }

    @Test func chineseTextsForWaitingAndFollowing() {
        let source = LiveSource(lines: Self.lines(1...3))
        let h = ScreenHarness(source: source) { $0.language = .simplifiedChinese }
        h.advance(0)
        #expect(h.lines[4] == "   等待更多数据...")
        h.press(.end)
        #expect(h.lines[0].contains(" · 跟随中"))
    }

    @Test func endOnAFileStillCountedShowsItsLastLinesThenTheExactCount() {
        let source = LiveSource(lines: Self.lines(1...5_000))
        source.readsFromEnd = true
        source.isOpen = false
        source.counted = 300
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(h.lines[0].hasSuffix("counting… 300+ items"))
        h.press(.end)
        h.advance(0)
        #expect(source.requests.last?.isTail == true)
        #expect(h.lines.contains("›L5000"))
        #expect(h.lines[0].hasSuffix("counting… 1,300+ items"))
        h.press(.up, times: 3)
        #expect(h.lines.contains("›L4997"))
        // Home and back work meanwhile; the gap between the counted lines and the end shows.
        h.press(.home)
        #expect(h.lines[1] == "›L1")
        h.press(.end)
        h.press(.pageUp, times: 50)
        h.press(.end)
        h.press(.up, times: 3)
        // Counting done: the exact count, and the selection stays on the same line.
        source.counted = nil
        source.changeSubject.send(.grew)
        h.advance(0)
        #expect(h.lines[0].hasSuffix("5,000 items"))
        #expect(h.lines.contains("›L4997"))
        #expect(h.reactor.currentState.tailStart == nil)
    }

    /// A page asked for while lines are caught up (a filter loading ahead on a file still
    /// counted) cuts the catch-up short; the catch-up still owed waits for the page, and
    /// catches up after it. (It started again at once, before the page's request showed in the
    /// state, from the line the page starts at: those lines were added twice.)
    @Test func aPageAskedForDuringACatchUpAddsEachLineOnce() {
        let source = LiveSource(lines: Self.lines(1...300))
        source.isOpen = false
        source.counted = 100
        let time = VirtualTime()
        let reactor = FeedReactor(source: source, pageSize: 50, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(0)
        #expect(reactor.currentState.lines.count == 100)
        source.counted = 200
        source.changeSubject.send(.grew)
        source.changeSubject.send(.grew)
        reactor.action.send(.loadAhead(.search))
        time.advance(0)
        source.counted = nil
        source.changeSubject.send(.grew)
        time.advance(0)
        let lines = reactor.currentState.lines
        let texts = (0..<lines.count).map { lines[$0] }
        #expect(Set(texts).count == texts.count, "no line twice")
        #expect(texts == Self.lines(1...300))
    }

    @Test func theGapRowSitsBetweenTheCountedLinesAndTheEnd() {
        let source = LiveSource(lines: Self.lines(1...5_000))
        source.readsFromEnd = true
        source.counted = 300
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.end)
        h.advance(0)
        for _ in 0..<60 where !h.text.contains("… lines still being counted …") { h.press(.pageUp) }
        #expect(h.text.contains("… lines still being counted …"))
        // The last line counted, the gap, then the first of the last 1,000 lines.
        let gap = h.lines.firstIndex { $0.contains("… lines still being counted …") } ?? 0
        #expect(gap == 0 || h.lines[gap - 1].hasSuffix("L300"))
        #expect(gap + 1 >= 23 || h.lines[gap + 1].hasSuffix("L4001"))
    }

    /// A file rewritten or replaced while line 500 is read: the reload keeps that line on its
    /// screen row, found by its text, else by its line number, as `r` does.
    @Test func aRewrittenOrReplacedFileKeepsThePlace() throws {
        let source = LiveSource(lines: Self.lines(1...900))
        source.isOpen = false
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.end)
        h.screen.refreshable.select(row: 499)
        h.press(.up, .down)
        #expect(h.selectedRow == "L500")
        let row = try #require(h.lines.firstIndex { $0.hasPrefix("›") })
        source.lines = ["new a", "new b"] + Self.lines(1...900)
        source.changeSubject.send(.reset(.truncated))
        h.advance(0)
        #expect(h.selectedRow == "L500")
        #expect(h.lines.firstIndex { $0.hasPrefix("›") } == row)
        #expect(h.lines[23] == " File was truncated; reloaded")
        source.lines = (1...902).map { "row \($0)" }
        source.changeSubject.send(.reset(.replaced))
        h.advance(0)
        #expect(h.selectedRow == "row 502", "the same line number (the 502nd)")
        #expect(h.lines.firstIndex { $0.hasPrefix("›") } == row)
    }

    /// An input that has ended empty and cannot be read again does not invite a refresh.
    @Test func anEmptyClosedInputDoesNotInviteARefresh() {
        let source = LiveSource(lines: [])
        source.isOpen = false
        source.keepsPlaceOnRefresh = true
        let h = ScreenHarness(source: source)
        h.advance(0)
        #expect(h.lines[1] == " Nothing here: the input was empty")
        let file = LiveSource(lines: [])
        file.isOpen = false
        let f = ScreenHarness(source: file)
        f.advance(0)
        #expect(f.lines[1] == " Nothing here yet — pull down or press r to refresh", "a file can be read again")
    }

    @Test func aTruncatedOrReplacedFileReloadsWithAToast() {
        let source = LiveSource(lines: Self.lines(1...10))
        source.isOpen = false
        let h = ScreenHarness(source: source)
        h.advance(0)
        source.lines = ["new"]
        source.changeSubject.send(.reset(.truncated))
        h.advance(0)
        #expect(h.lines[1] == "›new")
        #expect(h.lines[23] == " File was truncated; reloaded")
        source.changeSubject.send(.reset(.replaced))
        h.advance(0)
        #expect(h.lines[23] == " File was replaced; reloaded")
        source.changeSubject.send(.deleted)
        h.advance(0)
        #expect(h.lines[23] == " File was deleted; showing what was read")
        #expect(h.lines[1] == "›new")
    }
}
