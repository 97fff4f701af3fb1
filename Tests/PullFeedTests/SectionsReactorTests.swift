import Foundation
import OpenCombine
import SearchEngine
import Testing
@testable import PullFeed
import TerminalUI

/// The feed reactor grouping lines (`--section-by`), in virtual time: pages grouped as they
/// come, the rest loading by itself until every line is in its section, lines that arrive
/// later updating only their own section, folds kept across a refresh.
@Suite struct SectionsReactorTests {
    func reactor(_ source: FeedSource, pageSize: Int = 100, pattern: String = #"^L(\d)"#) -> (FeedReactor, VirtualTime) {
        let time = VirtualTime()
        let reactor = FeedReactor(source: source, pageSize: pageSize, scheduler: time.scheduler,
                                  sectionPattern: try! CapturePattern(pattern))
        return (reactor, time)
    }

    @Test func theRestLoadsByItselfUntilEverySectionIsWhole() {
        let source = ScriptedSource.lines(total: 1_000)
        let (reactor, time) = reactor(source)
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lineSections?.lineCount == 100, "the first page is grouped as it comes")
        time.advance(30)
        let sections = reactor.currentState.lineSections!
        #expect(sections.lineCount == 1_000)
        #expect(reactor.currentState.hasMore == false)
        // L0, L1…L9 open sections 0…9 in that order; L10…L19 join section 1, and so on.
        #expect(sections.all.map(\.name) == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"])
        #expect(sections.all[1].count == 111, "L1, L10…L19, L100…L199")
        #expect(Array(sections.all[1].lines.prefix(3)) == [1, 10, 11])
        #expect(sections.all.reduce(0) { $0 + $1.count } == 1_000)
        #expect(source.requests.allSatisfy { !$0.isTail }, "grouped lines are never read from the end")
    }

    @Test func aPageCommandsPagesLoadAsTheUserScrolls() {
        let source = ScriptedSource.lines(total: 1_000)
        source.loadsRestPageByPage = true
        let (reactor, time) = reactor(source)
        reactor.action.send(.refresh)
        time.advance(30)
        #expect(reactor.currentState.lineSections?.lineCount == 100, "one page: each is a run of the command")
        reactor.action.send(.loadMore)
        time.advance(1)
        #expect(reactor.currentState.lineSections?.lineCount == 200)
    }

    @Test func aPageNamedOffTheUIThreadGroupsTheSame() async throws {
        let count = SourceReactor.inlineNamingLimit * 2
        let source = ScriptedSource.lines(total: count)
        let (reactor, time) = reactor(source, pageSize: count)
        reactor.action.send(.refresh)
        // The page is named on another thread, then delivered on the scheduler.
        for _ in 0..<500 where reactor.currentState.lineSections?.lineCount != count {
            try await Task.sleep(nanoseconds: 5_000_000)
            time.advance(1)
        }
        let sections = try #require(reactor.currentState.lineSections)
        #expect(sections.lineCount == count)
        var inline = LineSections()
        let list = LineList((0..<count).map { "L\($0)" })
        inline.group(SectionBatch(naming: list, range: 0..<count, by: try CapturePattern(#"^L(\d)"#), firstLine: 0))
        #expect(sections == inline)
    }

    /// `--section-start`: a section started on one page goes on through the next pages (each
    /// L…00 line starts one; the lines before L100 are Other), whether a page is named on the
    /// UI thread or off it, and lines that arrive later join the open section.
    @Test(arguments: [30, SourceReactor.inlineNamingLimit * 2])
    func sectionStartsGoOnAcrossPages(pageSize: Int) async throws {
        let total = pageSize == 30 ? 1_000 : SourceReactor.inlineNamingLimit * 2
        // Pages of lines, as a file or a stream gives them (a large one is named off the UI thread).
        let source = ScriptedSource { request in
            let end = min(total, request.offset + request.limit)
            return .success(Page(lines: LineList((request.offset..<max(request.offset, end)).map { "L\($0)" }), hasMore: end < total))
        }
        let time = VirtualTime()
        let reactor = FeedReactor(source: source, pageSize: pageSize, scheduler: time.scheduler,
                                  sectionPattern: try CapturePattern(#"^L([0-9]*)00$"#), sectionStarts: true)
        reactor.action.send(.refresh)
        for _ in 0..<2_000 where reactor.currentState.lineSections?.lineCount != total {
            if pageSize > SourceReactor.inlineNamingLimit { try await Task.sleep(nanoseconds: 5_000_000) }
            time.advance(1)
        }
        let sections = try #require(reactor.currentState.lineSections)
        #expect(sections.lineCount == total)
        let starts = (1..<((total + 99) / 100)).map(String.init)
        #expect(sections.all.map(\.name) == starts + [nil])
        #expect(sections.all.dropLast().dropLast().allSatisfy { $0.count == 100 }, "\(sections.all.map(\.count))")
        #expect(Array(sections.other.lines) == Array(0..<100))
        var inline = LineSections()
        let list = LineList((0..<total).map { "L\($0)" })
        inline.group(SectionBatch(naming: list, range: 0..<total, by: try CapturePattern(#"^L([0-9]*)00$"#), firstLine: 0, starts: true))
        #expect(sections == inline)
    }

    @Test func foldsOutliveARefresh() {
        let output = LiveFeedScreenTests.Output(["a: 1", "b: 2"])
        let (reactor, time) = reactor(LiveFeedScreenTests.source(output), pattern: "^([a-z]):")
        reactor.action.send(.refresh)
        time.advance(1)
        reactor.action.send(.fold("a"))
        #expect(reactor.currentState.folds.isFolded("a"))
        output.lines = ["c: 0", "a: 1", "b: 2", "a: 3"]
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.folds.isFolded("a"))
        let sections = reactor.currentState.lineSections!
        #expect(sections.all.map(\.name) == ["c", "a", "b"])
        #expect(sections.all.map(\.newCount) == [1, 1, 0], "the new lines count in their sections")
        reactor.action.send(.foldOthers("b"))
        #expect(reactor.currentState.folds.folded == ["a", "c"])
        reactor.action.send(.unfoldAll)
        #expect(reactor.currentState.folds.folded.isEmpty)
    }

    /// A stream written bit by bit (`git log -p` while git still writes): its first page came at
    /// a pause with nothing more to read, and its reader then read ahead and held. The lines
    /// that arrive say there is more, and the stream reads on until every line is in its
    /// section, with no key (it was grouped only as far as it read ahead until End).
    @Test func aStreamWrittenBitByBitIsGroupedWhole() throws {
        let stream = HoldingStream()
        stream.write(["commit a1", "one"])
        let time = VirtualTime()
        let reactor = FeedReactor(source: stream, pageSize: 100, scheduler: time.scheduler,
                                  sectionPattern: try CapturePattern(#"^commit (\S+)"#), sectionStarts: true)
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lineSections?.lineCount == 2)
        #expect(!stream.requests.contains { $0.isRest }, "a first page with nothing more asks for no rest")
        stream.write((0..<100).flatMap { ["commit b\($0)", "change \($0)", "more \($0)"] })
        time.advance(1)
        #expect(stream.requests.contains { $0.isRest }, "the lines that came say there is more")
        let sections = try #require(reactor.currentState.lineSections)
        #expect(sections.lineCount == 302)
        #expect(sections.all.count == 101)
        #expect(sections.all.last?.count == 3)
    }
}

/// A stream whose reader reads `readAhead` lines past those asked for, then holds until a
/// request for the rest makes it read on to its end, as `StreamStore` does; every write is
/// told as a change.
private final class HoldingStream: FeedSource {
    let title = "stream"
    let stateKey = "stream"
    let isLineSource = true
    let readAhead = 10
    private var written: [String] = []
    private var demand = 0
    private var readsToEnd = false
    private(set) var requests: [PageRequest] = []
    private let changeSubject = PassthroughSubject<SourceChange, Never>()

    /// Lines the reader has read.
    private var read: Int { readsToEnd ? written.count : min(written.count, demand + readAhead) }

    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        changeSubject.eraseToAnyPublisher()
    }

    func write(_ lines: [String]) {
        written += lines
        changeSubject.send(.grew)
    }

    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        requests.append(request)
        if case .rest = request { readsToEnd = true }
        if !request.isCatchUp { demand = max(demand, request.offset + request.limit) }
        let end = request.isCatchUp ? read : min(read, request.offset + request.limit)
        let first = min(request.offset, end)
        var page = Page(lines: LineList(Array(written[first..<end])), hasMore: written.count > end)
        page.isOpen = true
        return Just(.success(page)).receive(on: scheduler).eraseToAnyPublisher()
    }
}
