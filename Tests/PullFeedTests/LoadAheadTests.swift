@testable import PullFeed
import Testing

/// The goal a search or a filter sets to look through the lines past the loaded ones
/// (`LoadGoal.ahead`), carried out by the reactor in virtual time.
@Suite struct LoadAheadTests {
    let time = VirtualTime()

    /// One action, and the source loads page after page; the search's goal ends by itself once
    /// there is no more, and says so (`aheadEnds`).
    @Test func aSearchsGoalLoadsEveryPageThenEnds() {
        let (source, reactor) = FollowingTests.pagedFeed(time)
        reactor.action.send(.loadAhead(.search))
        #expect(reactor.currentState.loadsAhead)
        time.advance(10)
        #expect(source.requests.map(\.offset) == [0, 200, 400, 600, 800])
        #expect(reactor.currentState.lines.count == 1_000)
        #expect(!reactor.currentState.loadsAhead && reactor.currentState.goals.aheadEnds == 1)
    }

    /// Stopped, the goal asks for nothing more: the page in flight still arrives.
    @Test func aStoppedGoalAsksForNothingMore() {
        let (source, reactor) = FollowingTests.pagedFeed(time)
        reactor.action.send(.loadAhead(.filter))
        reactor.action.send(.stopLoadingAhead)
        time.advance(10)
        #expect(source.requests.map(\.offset) == [0, 200])
        #expect(reactor.currentState.lines.count == 400)
        #expect(!reactor.currentState.loadsAhead && reactor.currentState.goals.aheadEnds == 0, "stopped, not ended")
    }

    /// An open input with nothing to read: the search's goal asks it again 40 ms later, twice,
    /// then ends; lines that arrive meanwhile are read and start the count again.
    @Test func anEmptyOpenInputIsAskedAgainBeforeTheSearchsGoalEnds() {
        let source = LiveSource(lines: (1...100).map { "line \($0)" })
        let reactor = FeedReactor(source: source, pageSize: 50, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(0)
        let asked = source.requests.count
        reactor.action.send(.loadAhead(.search))
        time.advance(0)
        #expect(source.requests.count == asked + 1)
        time.advance(0.039)
        #expect(source.requests.count == asked + 1, "it waits")
        time.advance(0.002)
        #expect(source.requests.count == asked + 2)
        source.lines += (101...120).map { "line \($0)" }
        time.advance(0.041)
        #expect(reactor.currentState.lines.count == 120)
        #expect(reactor.currentState.loadsAhead, "lines came: the count starts again")
        time.advance(1)
        #expect(!reactor.currentState.loadsAhead && reactor.currentState.goals.aheadEnds == 1)
        let ended = source.requests.count
        time.advance(1)
        #expect(source.requests.count == ended, "nothing is asked once it ended")
    }

    /// A filter's goal on that input waits for lines instead of ending, and reads them when
    /// they come by themselves.
    @Test func aFiltersGoalWaitsForAnOpenInput() {
        let source = LiveSource(lines: (1...100).map { "line \($0)" })
        let reactor = FeedReactor(source: source, pageSize: 50, scheduler: time.scheduler)
        reactor.action.send(.refresh)
        time.advance(0)
        reactor.action.send(.loadAhead(.filter))
        time.advance(1)
        #expect(reactor.currentState.loadsAhead && reactor.currentState.goals.aheadEnds == 0)
        source.arrive((101...110).map { "line \($0)" })
        time.advance(1)
        #expect(reactor.currentState.lines.count == 110 && reactor.currentState.loadsAhead)
        source.isOpen = false
        source.arrive(["line 111"])
        time.advance(1)
        #expect(!reactor.currentState.loadsAhead && reactor.currentState.goals.aheadEnds == 1)
    }
}
