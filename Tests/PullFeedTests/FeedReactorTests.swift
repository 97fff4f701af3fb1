import Foundation
import Testing
@testable import PullFeed
import Reactors

@Suite struct FeedReactorTests {
    let time = VirtualTime()
    let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

    func demoReactor(failRate: Double = 0) -> FeedReactor {
        FeedReactor(source: DemoSource(latency: 0.6, failRate: failRate, seed: 7), pageSize: 200,
                    scheduler: time.scheduler, now: { self.fixedNow })
    }

    @Test func initialRefreshShowsTheFirstPage() {
        let reactor = demoReactor()
        reactor.action.send(.refresh)
        #expect(reactor.currentState.isRefreshing)
        #expect(reactor.currentState.isEmpty)
        time.advance(0.5)
        #expect(reactor.currentState.isRefreshing)
        time.advance(0.1)
        #expect(!reactor.currentState.isRefreshing)
        #expect(reactor.currentState.sections.count == 10)
        #expect(reactor.currentState.hasLoaded)
        #expect(reactor.currentState.lastUpdated == fixedNow)
        #expect(reactor.currentState.sections.first?.currentState.article.id == 1)
    }

    @Test func loadMoreAppendsAndRefreshReplaces() {
        let reactor = demoReactor()
        reactor.action.send(.refresh)
        time.advance(1)
        reactor.action.send(.loadMore)
        #expect(reactor.currentState.isLoadingMore)
        time.advance(1)
        #expect(reactor.currentState.sections.map { $0.currentState.article.id } == Array(1...20))
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.sections.count == 10)
        #expect(reactor.currentState.hasMore)
    }

    /// A refresh that keeps the place says how many lines are shown (a file counts that many
    /// again before it answers, so the selected line is in the result); a pull does not.
    @Test func aRefreshThatKeepsThePlaceSaysHowManyLinesAreShown() {
        let source = ScriptedSource.lines(total: 1_000)
        source.delay = 0.1
        let reactor = FeedReactor(source: source, pageSize: 100, scheduler: time.scheduler)
        for action in [FeedReactor.Action.refresh, .loadMore, .refreshKeepingPlace, .refresh] {
            reactor.action.send(action)
            time.advance(0.2)
        }
        #expect(source.requests.map(\.linesShown) == [0, 0, 200, 0])
    }

    @Test func fivePagesThenNoMoreData() {
        let reactor = demoReactor()
        reactor.action.send(.refresh)
        time.advance(1)
        for _ in 0..<4 {
            reactor.action.send(.loadMore)
            time.advance(1)
        }
        #expect(reactor.currentState.sections.count == 50)
        #expect(!reactor.currentState.hasMore)
        #expect(reactor.currentState.toast?.kind == .noMoreData)
        reactor.action.send(.loadMore)
        #expect(!reactor.currentState.isLoadingMore)
        // A refresh resets "no more data".
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.hasMore)
        #expect(reactor.currentState.sections.count == 10)
    }

    @Test func headerRefreshCancelsAFooterLoadInFlight() {
        let source = ScriptedSource.lines(total: 100)
        source.delay = 1
        let reactor = FeedReactor(source: source, pageSize: 10, scheduler: time.scheduler, now: { self.fixedNow })
        reactor.action.send(.refresh)
        time.advance(1)
        reactor.action.send(.loadMore)
        time.advance(0.5)
        reactor.action.send(.refresh)
        #expect(!reactor.currentState.isLoadingMore)
        #expect(reactor.currentState.isRefreshing)
        #expect(source.cancelled == 1)
        time.advance(2)
        #expect(reactor.currentState.lines.count == 10)
        #expect(!reactor.currentState.isRefreshing)
        #expect(source.requests.map(\.offset) == [0, 10, 0])
    }

    @Test func footerLoadCancelsAHeaderRefreshInFlight() {
        let source = ScriptedSource.lines(total: 100)
        let reactor = FeedReactor(source: source, pageSize: 10, scheduler: time.scheduler, now: { self.fixedNow })
        reactor.action.send(.refresh)
        time.advance(1)
        let firstUpdate = reactor.currentState.lastUpdated
        reactor.action.send(.refresh)
        time.advance(0.5)
        reactor.action.send(.loadMore)
        #expect(!reactor.currentState.isRefreshing)
        #expect(reactor.currentState.isLoadingMore)
        time.advance(2)
        #expect(reactor.currentState.lines.count == 20)
        #expect(reactor.currentState.lines[10] == "L10")
        #expect(reactor.currentState.lastUpdated == firstUpdate)
        #expect(source.cancelled == 1)
    }

    @Test func aRequestInFlightIsNotSentTwice() {
        let source = ScriptedSource.lines(total: 100)
        let reactor = FeedReactor(source: source, pageSize: 10, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        reactor.action.send(.refresh)
        time.advance(0.5)
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(source.requests.count == 1)
        reactor.action.send(.loadMore)
        reactor.action.send(.loadMore)
        time.advance(1)
        #expect(source.requests.map(\.offset) == [0, 10])
    }

    @Test func failureKeepsItemsAndShowsAToastForThreeSeconds() {
        var fail = false
        let source = ScriptedSource { request in
            fail ? .failure(SourceError("disk on fire"))
                : .success(Page(items: (0..<10).map { .line("L\(request.offset + $0)") }, hasMore: true))
        }
        let reactor = FeedReactor(source: source, pageSize: 10, scheduler: time.scheduler, now: { self.fixedNow })
        reactor.action.send(.refresh)
        time.advance(1)
        fail = true
        let before = reactor.currentState.lastUpdated
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lines.count == 10)
        #expect(!reactor.currentState.isRefreshing)
        #expect(reactor.currentState.toast?.kind == .refreshFailed(reason: "disk on fire"))
        #expect(reactor.currentState.lastUpdated == before)
        reactor.action.send(.loadMore)
        time.advance(1)
        #expect(reactor.currentState.lines.count == 10)
        #expect(reactor.currentState.toast?.kind == .loadMoreFailed(reason: "disk on fire"))
        time.advance(2.9)
        #expect(reactor.currentState.toast != nil)
        time.advance(0.2)
        #expect(reactor.currentState.toast == nil)
    }

    @Test func lastUpdatedChangesOnlyOnSuccess() {
        var clock = fixedNow
        var fail = true
        let source = ScriptedSource { _ in
            fail ? .failure(SourceError("offline")) : .success(Page(items: [.line("a")], hasMore: false))
        }
        let reactor = FeedReactor(source: source, pageSize: 10, scheduler: time.scheduler,
                                  lastUpdated: nil, now: { clock })
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lastUpdated == nil)
        #expect(!reactor.currentState.hasLoaded)
        fail = false
        clock = fixedNow.addingTimeInterval(60)
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lastUpdated == clock)
    }

    @Test func aCommentReachesOnlyItsArticleAndReemitsTheFeedState() {
        let reactor = demoReactor()
        reactor.action.send(.refresh)
        time.advance(1)
        var emissions = 0
        let subscription = reactor.state.sink { _ in emissions += 1 }
        let before = reactor.currentState.sections.map { $0.currentState.article.comments.count }
        let third = reactor.currentState.sections[2]
        emissions = 0
        third.currentState.addComment.action.send(.create)
        let after = reactor.currentState.sections.map { $0.currentState.article.comments.count }
        var expected = before
        expected[2] += 1
        #expect(after == expected)
        #expect(emissions == 1)
        #expect(third.currentState.article.comments.last?.author == "You")
        #expect(third.currentState.headerText.hasSuffix("\(expected[2]) comment\(expected[2] == 1 ? "" : "s")"))
        subscription.cancel()
    }

    /// A notice about the input stays its time: "No more data" from a later page does not
    /// cover it; any other toast does.
    @Test func aStreamNoticeIsNotCoveredByNoMoreData() {
        let reactor = SourceReactor(source: ScriptedSource.lines(total: 3), pageSize: 10, scheduler: time.scheduler)
        var state = reactor.initialState
        let notice = Toast(id: 1, kind: .stream(.diskFull(directory: "/tmp")))
        state = reactor.reduce(state: state, mutation: .showToast(notice))
        state = reactor.reduce(state: state, mutation: .showToast(Toast(id: 2, kind: .noMoreData)))
        #expect(state.toast == notice)
        state = reactor.reduce(state: state, mutation: .showToast(Toast(id: 3, kind: .fileDeleted)))
        #expect(state.toast?.kind == .fileDeleted)
    }

    @Test func choosingALinePulsesIt() {
        let reactor = FeedReactor(source: ScriptedSource.lines(total: 3), pageSize: 10, scheduler: time.scheduler)
        var chosen: [[UInt8]] = []
        let subscription = reactor.pulse(\.$chosenLine).compactMap { $0 }.sink { chosen.append($0) }
        reactor.action.send(.choose([0x4C, 0xFF, 0x31]))
        reactor.action.send(.refresh)
        #expect(chosen == [[0x4C, 0xFF, 0x31]])
        subscription.cancel()
    }

    @Test func loadingTheRestOfAPagedSourceAsksPagesOfTheUsualSize() {
        let source = ScriptedSource.lines(total: 1_000)
        source.loadsRestPageByPage = true
        let reactor = FeedReactor(source: source, pageSize: 200, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(1)
        while reactor.currentState.hasMore {
            reactor.action.send(.loadRest)
            time.advance(1)
        }
        #expect(reactor.currentState.lines.count == 1_000)
        #expect(source.requests.map { [$0.offset, $0.limit] } == (0..<5).map { [$0 * 200, 200] })
        #expect(source.requests.dropFirst().allSatisfy { $0.isRest }, "End asks for the rest")
        #expect(source.requests.map(\.page) == Array(0..<5))
        let bulk = ScriptedSource.lines(total: 1_000)
        let other = FeedReactor(source: bulk, pageSize: 200, scheduler: time.scheduler)
        other.action.send(.refresh)
        time.advance(1)
        other.action.send(.loadRest)
        time.advance(1)
        #expect(bulk.requests.last.map { [$0.offset, $0.limit] } == [200, SourceReactor.bulkPageSize])
    }

    @Test func aCommandsExitStatusIsAToastOverItsItems() {
        let source = ScriptedSource { request in
            var page = Page(lines: LineList(["a", "b"]), hasMore: false)
            page.exit = CommandExit(status: 3, message: request.offset == 0 ? "oops" : nil)
            return .success(page)
        }
        let reactor = FeedReactor(source: source, pageSize: 200, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(1)
        #expect(reactor.currentState.lines.count == 2)
        #expect(reactor.currentState.toast?.kind == .commandExited(status: 3, message: "oops"))
        #expect(AppStrings(language: .english).toast(.commandExited(status: 3, message: "oops")) == "exit status 3: oops")
        #expect(AppStrings(language: .english).toast(.commandExited(status: 4, message: nil)) == "exit status 4")
        #expect(AppStrings(language: .simplifiedChinese).toast(.commandExited(status: 3, message: "oops")) == "退出状态 3：oops")
    }
}
