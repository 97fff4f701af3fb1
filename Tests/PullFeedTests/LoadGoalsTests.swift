@testable import PullFeed
import Testing

/// The goals' next step, as a table: what a source loads by itself after each request.
@Suite struct LoadGoalsTests {
    /// A source with `lines` lines loaded and more to read, idle.
    static func state(lines: Int = 10, hasMore: Bool = true, isOpen: Bool = false) -> FeedState {
        var state = FeedState()
        state.lines = LineList((0..<lines).map { "L\($0)" })
        state.hasLoaded = true
        state.hasMore = hasMore
        state.isOpen = isOpen
        return state
    }

    static func goals(_ change: (inout LoadGoals) -> Void) -> LoadGoals {
        var goals = LoadGoals()
        change(&goals)
        return goals
    }

    @Test func nothingWhileARequestOrACatchUpIsInFlight() {
        let goals = Self.goals { $0.arrived = true; $0.groupsRest = true; $0.asked = .end }
        for busy in [\FeedState.isRefreshing, \.isLoadingMore, \.isCatchingUp] {
            var state = Self.state()
            state.isFollowing = true
            state[keyPath: busy] = true
            let next = goals.next(in: state, followsEnd: false, pagesByNumber: false)
            #expect(next.step == nil && next.goals == goals, "\(busy)")
        }
    }

    /// Lines that arrived unasked go first; the catch-up clears the goal as it starts.
    @Test func arrivedLinesAreCaughtUpFirstOnceLoaded() {
        let goals = Self.goals { $0.arrived = true; $0.groupsRest = true }
        #expect(goals.next(in: Self.state(), followsEnd: false, pagesByNumber: false).step == .catchUp)
        var empty = Self.state()
        empty.hasLoaded = false
        let before = goals.next(in: empty, followsEnd: false, pagesByNumber: false)
        #expect(before.step == .rest && before.goals.arrived, "before the first page the lines wait")
    }

    @Test func groupedLinesLoadTheirRestWhileThereIsMore() {
        let goals = Self.goals { $0.groupsRest = true }
        let next = goals.next(in: Self.state(), followsEnd: false, pagesByNumber: false)
        #expect(next.step == .rest && !next.goals.groupsRest)
        #expect(goals.next(in: Self.state(hasMore: false), followsEnd: false, pagesByNumber: false).step == nil)
        #expect(goals.next(in: Self.state(), followsEnd: false, pagesByNumber: true).step == nil, "a page command loads as the user scrolls")
        var tail = Self.state()
        tail.tailStart = 5
        #expect(goals.next(in: tail, followsEnd: false, pagesByNumber: false).step == nil)
    }

    /// A source that follows its end asks its open input to read on, once a run.
    @Test func anOpenInputIsReadOnOnceWhenTheSourceFollowsItsEnd() {
        let open = Self.state(hasMore: false, isOpen: true)
        let next = LoadGoals().next(in: open, followsEnd: true, pagesByNumber: false)
        #expect(next.step == .rest && next.goals.readOn)
        #expect(next.goals.next(in: open, followsEnd: true, pagesByNumber: false).step == nil)
        #expect(LoadGoals().next(in: open, followsEnd: false, pagesByNumber: false).step == nil)
    }

    @Test func endLoadsTheRestWhileTheUserFollows() {
        let goals = Self.goals { $0.asked = .end }
        var following = Self.state()
        following.isFollowing = true
        #expect(goals.next(in: following, followsEnd: false, pagesByNumber: false).step == .rest)
        let left = goals.next(in: Self.state(), followsEnd: false, pagesByNumber: false)
        #expect(left.step == nil && left.goals.asked == nil, "leaving the end gives it up")
        following.hasMore = false
        let reached = goals.next(in: following, followsEnd: false, pagesByNumber: false)
        #expect(reached.step == nil && reached.goals.asked == nil)
    }

    @Test func aLineLoadsUntilItIsLoadedOrAPageAddsNothing() {
        let goals = Self.goals { $0.asked = .line(50, askedAt: 5) }
        #expect(goals.next(in: Self.state(lines: 10), followsEnd: false, pagesByNumber: false).step == .through(50))
        for (state, why) in [(Self.state(lines: 60), "loaded"), (Self.state(lines: 5), "a page added nothing"),
                             (Self.state(lines: 10, hasMore: false), "no more")] {
            let next = goals.next(in: state, followsEnd: false, pagesByNumber: false)
            #expect(next.step == nil && next.goals.asked == nil, "\(why)")
        }
    }

    /// One step of the goal in `goals` on `state`, as the reactor takes it.
    static func step(_ goals: inout LoadGoals, _ state: FeedState) -> LoadStep? {
        let next = goals.next(in: state, followsEnd: false, pagesByNumber: false)
        goals = next.goals
        return next.step
    }

    /// A search's goal: page after page while each brings lines, given up (counted in
    /// `aheadEnds`) once a page brings nothing from an input that is not open, or there is no more.
    @Test func aSearchsGoalLoadsPagesUntilOneBringsNothing() {
        var goals = Self.goals { $0.asked = .ahead(LoadAhead(.search)) }
        #expect(Self.step(&goals, Self.state(lines: 10)) == .ahead)
        #expect(Self.step(&goals, Self.state(lines: 30)) == .ahead)
        #expect(goals.aheadEnds == 0)
        #expect(Self.step(&goals, Self.state(lines: 30)) == nil, "a page brought nothing")
        #expect(goals.asked == nil && goals.aheadEnds == 1)
        var ended = Self.goals { $0.asked = .ahead(LoadAhead(.search)) }
        #expect(Self.step(&ended, Self.state(hasMore: false)) == nil)
        #expect(ended.asked == nil && ended.aheadEnds == 1, "no more to read")
        var tail = Self.state()
        tail.tailStart = 5
        var blocked = Self.goals { $0.asked = .ahead(LoadAhead(.search)) }
        #expect(Self.step(&blocked, tail) == nil && blocked.asked == nil, "the end of a file still counted is shown after a gap")
    }

    /// An open input that had nothing for a moment: a search's goal waits and asks again, twice;
    /// lines that arrive start the count again; the third empty answer in a row ends the goal.
    /// Lines a stream dropped from its front meanwhile still count as arrived.
    @Test func aSearchsGoalAsksAnEmptyOpenInputAgainBeforeItEnds() {
        var goals = Self.goals { $0.asked = .ahead(LoadAhead(.search)) }
        let open = Self.state(lines: 10, hasMore: false, isOpen: true)
        #expect(Self.step(&goals, open) == .ahead)
        #expect(Self.step(&goals, open) == .retryAhead)
        #expect(Self.step(&goals, open) == nil && goals.asked != nil, "waiting")
        goals = goals.aheadRetryDue()
        #expect(Self.step(&goals, open) == .ahead)
        #expect(Self.step(&goals, open) == .retryAhead)
        goals = goals.aheadRetryDue()
        var dropped = Self.state(lines: 10, hasMore: false, isOpen: true)
        dropped.dropped = 5
        #expect(Self.step(&goals, open) == .ahead)
        #expect(Self.step(&goals, dropped) == .ahead, "5 lines arrived, 5 were dropped")
        for _ in 1..<LoadAhead.emptyPagesBeforeEnd {
            #expect(Self.step(&goals, dropped) == .retryAhead)
            goals = goals.aheadRetryDue()
            #expect(Self.step(&goals, dropped) == .ahead)
        }
        #expect(Self.step(&goals, dropped) == nil)
        #expect(goals.asked == nil && goals.aheadEnds == 1)
        #expect(goals.aheadRetryDue() == goals, "a retry nobody waits for changes nothing")
    }

    /// A filter's goal waits when a page brought nothing (lines come by themselves: a file
    /// counted, a stream), asks again once they came, and ends only when there can be no more.
    @Test func aFiltersGoalWaitsForLinesAndEndsWithTheInput() {
        var goals = Self.goals { $0.asked = .ahead(LoadAhead(.filter)) }
        #expect(Self.step(&goals, Self.state(lines: 10)) == .ahead)
        #expect(Self.step(&goals, Self.state(lines: 10)) == nil)
        #expect(goals.asked != nil && goals.aheadEnds == 0, "it waits")
        #expect(Self.step(&goals, Self.state(lines: 12)) == .ahead, "lines came by themselves")
        var tail = Self.state(lines: 40)
        tail.tailStart = 5
        #expect(Self.step(&goals, tail) == nil && goals.asked != nil, "it waits for the lines counted")
        #expect(Self.step(&goals, Self.state(lines: 40, hasMore: false)) == nil)
        #expect(goals.asked == nil && goals.aheadEnds == 1)
    }

    /// Lines that arrive by themselves while a search's goal waits for an empty open input
    /// start the count of empty pages again (a writer that pauses between writes).
    @Test func linesThatArriveDuringTheWaitStartTheCountAgain() {
        var goals = Self.goals { $0.asked = .ahead(LoadAhead(.search)) }
        for lines in stride(from: 10, through: 100, by: 10) {
            let open = Self.state(lines: lines, hasMore: false, isOpen: true)
            #expect(Self.step(&goals, open) == .ahead)
            #expect(Self.step(&goals, open) == .retryAhead)
            goals = goals.aheadRetryDue()
            #expect(Self.step(&goals, open) == .ahead)
            #expect(Self.step(&goals, open) == .retryAhead, "\(lines)")
            goals = goals.aheadRetryDue()
        }
        #expect(goals.aheadEnds == 0)
    }
}
