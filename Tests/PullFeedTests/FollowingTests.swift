import OpenCombine
@testable import PullFeed
import TerminalUI
import Testing

/// Following the end and the one loading goal that outlives a request, owned by the reactor:
/// the view says where the selection went, the reactor decides what loads.
@Suite struct FollowingTests {
    let time = VirtualTime()

    func pagedFeed() -> (ScriptedSource, FeedReactor) { Self.pagedFeed(time) }

    /// A feed of 1,000 lines that pages 200 at a time, its first page loaded.
    static func pagedFeed(_ time: VirtualTime) -> (ScriptedSource, FeedReactor) {
        let source = ScriptedSource.lines(total: 1_000)
        source.loadsRestPageByPage = true
        let reactor = FeedReactor(source: source, pageSize: 200, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(1)
        return (source, reactor)
    }

    /// End on a paged source: one action, and the reactor loads page after page until none is
    /// left, with no view in the loop.
    @Test func endLoadsEveryPageThenStillFollows() {
        let (source, reactor) = pagedFeed()
        reactor.action.send(.followEnd)
        #expect(reactor.currentState.isFollowing && reactor.currentState.loadsToEnd)
        time.advance(10)
        #expect(reactor.currentState.lines.count == 1_000)
        #expect(source.requests.map(\.offset) == [0, 200, 400, 600, 800])
        #expect(reactor.currentState.isFollowing)
        #expect(!reactor.currentState.loadsToEnd, "the goal is reached")
        #expect(reactor.currentState.keepsEnd)
    }

    /// Leaving the end gives the goal up: the page in flight arrives, and no other is asked.
    @Test func leavingTheEndStopsLoadingTheRest() {
        let (source, reactor) = pagedFeed()
        reactor.action.send(.followEnd)
        time.advance(1.5)
        reactor.action.send(.follow(false))
        time.advance(10)
        #expect(source.requests.count == 3)
        #expect(!reactor.currentState.isFollowing && !reactor.currentState.loadsToEnd)
    }

    /// A failed page stops following: a broken source is not asked again and again.
    @Test func aFailedPageStopsFollowing() {
        let (source, reactor) = pagedFeed()
        source.answer = { _ in .failure(SourceError("gone")) }
        reactor.action.send(.followEnd)
        time.advance(2)
        #expect(source.requests.count == 2)
        #expect(!reactor.currentState.isFollowing)
        #expect(reactor.currentState.toast?.kind == .loadMoreFailed(reason: "gone"))
        time.advance(10)
        #expect(source.requests.count == 2)
    }

    /// Lines arriving on an open input while the user follows it cost one catch-up each, and
    /// no footer load: "Loading more..." never shows for them.
    @Test func aLineArrivingWhileFollowingStartsNoFooterLoad() {
        let source = LiveSource(lines: (1...30).map { "L\($0)" })
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.end)
        h.advance(0)
        #expect(h.lines[0].contains("following"))
        let before = source.requests.count
        var loading: [Bool] = []
        let watch = h.reactor.state.map(\.isLoadingMore).sink { loading.append($0) }
        for n in 31...35 {
            source.arrive(["L\(n)"])
            h.advance(0)
        }
        watch.cancel()
        let asked = source.requests.dropFirst(before)
        #expect(asked.count == 5)
        #expect(asked.allSatisfy { $0.isCatchUp })
        #expect(!loading.contains(true))
        #expect(h.selectedRow == "L35")
        #expect(!h.text.contains("Loading more"))
    }

    /// The selection arriving on the last row of an open input follows it, and asks the input
    /// for the rest once (it reads on to its end); arriving there on a file that pages does not
    /// load for the view (the footer does), and a page that comes does not pull the selection.
    @Test func theLastRowFollowsAnOpenInputAndAsksForTheRestOnce() {
        let source = LiveSource(lines: (1...30).map { "L\($0)" })
        let h = ScreenHarness(source: source)
        h.advance(0)
        h.press(.down, times: 29)
        h.advance(0)
        #expect(h.reactor.currentState.isFollowing)
        #expect(source.requests.filter(\.isRest).count == 1)
        source.arrive(["L31"])
        h.advance(0)
        #expect(h.selectedRow == "L31")
        #expect(source.requests.filter(\.isRest).count == 1)
    }

    /// Each way to ask for a refresh starts exactly one request: `r`, the signal's path
    /// (`perform(.refresh)`), a turn of `--every`, and a pull.
    @Test(arguments: ["r", "signal", "every", "pull"])
    func eachWayToRefreshStartsOneRequest(way: String) {
        let source = ScriptedSource.lines(total: 50)
        let h = ScreenHarness(source: source, every: way == "every" ? 5 : nil)
        h.advance(1)
        #expect(source.requests.count == 1)
        switch way {
        case "r": h.press(.character("r"))
        case "signal": h.screen.perform(.refresh)
        case "every": h.advance(4.9)
        default: h.press(.up, .up, .up)
        }
        h.advance(3)
        #expect(source.requests.filter { $0.offset == 0 }.count == 2, "\(way)")
        #expect(source.requests.count == 2, "\(way)")
        #expect(!h.reactor.currentState.isRefreshing)
    }

    /// `r` keeps the place and leaves following; a turn of `--every` keeps following.
    @Test func rLeavesFollowingAndTheScheduleKeepsIt() {
        let source = LiveSource(lines: (1...30).map { "L\($0)" })
        source.isOpen = false
        let h = ScreenHarness(source: source, every: 2)
        h.advance(0)
        h.press(.end)
        h.advance(0)
        #expect(h.reactor.currentState.isFollowing)
        h.advance(2.1)
        #expect(h.reactor.currentState.isFollowing, "a turn of the schedule")
        #expect(h.reactor.currentState.refreshKeepsPlace)
        h.press(.character("r"))
        h.advance(0.1)
        #expect(!h.reactor.currentState.isFollowing)
        #expect(h.reactor.currentState.refreshKeepsPlace)
    }
}

/// The goal of loading through a line a search found past the loaded ones.
@Suite struct LoadThroughTests {
    let time = VirtualTime()

    /// A source that pages by page number loads page after page until the line is loaded,
    /// with one action; then the goal is gone.
    @Test func aLineLoadsPageAfterPageUntilItIsLoaded() {
        let (source, reactor) = FollowingTests.pagedFeed(time)
        reactor.action.send(.loadThrough(650))
        #expect(reactor.currentState.loadGoal == .line(650, askedAt: 200))
        time.advance(10)
        #expect(source.requests.map(\.offset) == [0, 200, 400, 600])
        #expect(reactor.currentState.lines.count == 800)
        #expect(reactor.currentState.loadGoal == nil)
    }

    /// A page that adds nothing gives the line up (the input shrank since it was scanned).
    @Test func aPageThatAddsNothingGivesTheLineUp() {
        let (source, reactor) = FollowingTests.pagedFeed(time)
        source.answer = { _ in .success(Page(items: [], hasMore: true)) }
        reactor.action.send(.loadThrough(650))
        time.advance(10)
        #expect(source.requests.count == 2)
        #expect(reactor.currentState.loadGoal == nil)
    }
}
