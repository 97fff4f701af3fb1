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
}
