/// Everything a source loads by itself, request after request, until it is reached or given up:
/// the one "load until" mechanism of its reactor, kept in its state. After each request and
/// each catch-up ends, the reactor takes the one step its goals need next (`next(in:...)`):
/// the lines that arrived unasked first, then the rest of grouped lines, then an open input read
/// on to its end, then what the user asked for.
package struct LoadGoals: Equatable, Sendable {
    /// What the user asked for: End's rest, or the lines through a search's match.
    package var asked: LoadGoal?
    /// Lines arrived without a request while none could be asked for (a request or a catch-up
    /// in flight, nothing loaded yet): a catch-up asks for them once it can.
    package var arrived = false
    /// Grouped lines (`--section-by`) load every line, so that each section is whole, and a
    /// stream reads on to its end for them: the last page, or lines that arrived by themselves,
    /// said there is more (a footer's page only if it brought lines: one that brought none gives
    /// the rest up until a page says there is more again).
    package var groupsRest = false
    /// The open input of a source that follows its end was asked to read on to its end, as End
    /// asks it: once a run.
    package var readOn = false
    /// How many `LoadGoal.ahead` goals ended by themselves (a search's input read through, a
    /// filter's with no more to come): the search that set one waits for this to change.
    package var aheadEnds = 0

    package init() {}

    /// The next step the goals take in `state`, if any, and the goals after it: a step taken is
    /// no longer due, and a goal reached or given up goes. Nothing while a request or a catch-up
    /// is in flight (its end asks again). `followsEnd`: the source reads its open input to its
    /// end (`SourceReactor.followsEnd`); `pagesByNumber`: its pages are runs of a command
    /// (`FeedSource.loadsRestPageByPage`), whose lines load only as the user scrolls.
    package func next(in state: FeedState, followsEnd: Bool, pagesByNumber: Bool) -> (goals: LoadGoals, step: LoadStep?) {
        var goals = self
        guard !state.isRefreshing, !state.isLoadingMore, !state.isCatchingUp else { return (goals, nil) }
        // The catch-up clears `arrived` as it starts.
        if arrived, state.hasLoaded { return (goals, .catchUp) }
        if groupsRest, !pagesByNumber, state.hasMore, state.tailStart == nil {
            goals.groupsRest = false
            return (goals, .rest)
        }
        if followsEnd, state.isOpen, !state.hasMore, !readOn, state.hasLoaded {
            goals.readOn = true
            return (goals, .rest)
        }
        switch asked {
        case nil:
            return (goals, nil)
        case .end:
            // Reached once there is no more (the user still follows what arrives); given up when
            // the user left the end, or while the end of a file still counted shows after a gap.
            guard state.isFollowing, state.hasMore, state.tailStart == nil else {
                goals.asked = nil
                return (goals, nil)
            }
            return (goals, .rest)
        case .line(let index, let askedAt):
            // Reached once it is loaded; given up when there is no more or a page added nothing.
            guard index >= state.itemCount, state.hasMore, state.tailStart == nil, state.itemCount > askedAt else {
                goals.asked = nil
                return (goals, nil)
            }
            return (goals, .through(index))
        case .ahead(let ahead):
            return goals.nextAhead(ahead, in: state)
        }
    }

    /// The next step of the goal `ahead`: the next page while each brings lines; for a search,
    /// a wait and another ask when an open input had nothing, and the end of the goal once there
    /// is no more; for a filter, a wait for lines that come by themselves.
    private func nextAhead(_ ahead: LoadAhead, in state: FeedState) -> (goals: LoadGoals, step: LoadStep?) {
        var goals = self
        var ahead = ahead
        guard !ahead.isWaiting, state.hasLoaded else { return (goals, nil) }
        let ended = !state.hasMore && !state.isOpen
        // The end of a file still counted shows after a gap: the lines before it are not asked
        // for in order.
        let blocked = state.tailStart != nil
        let broughtNothing = !ahead.asksAgain && ahead.askedAt == state.loadedThrough
        // Lines that arrived, by a page or by themselves, start the count of empty pages again.
        if let askedAt = ahead.askedAt, state.loadedThrough > askedAt { ahead.emptyPages = 0 }
        switch ahead.purpose {
        case .search:
            if !ended, !blocked, state.isOpen, broughtNothing, ahead.emptyPages + 1 < LoadAhead.emptyPagesBeforeEnd {
                ahead.emptyPages += 1
                ahead.isWaiting = true
                goals.asked = .ahead(ahead)
                return (goals, .retryAhead)
            }
            if ended || blocked || broughtNothing {
                goals.asked = nil
                goals.aheadEnds &+= 1
                return (goals, nil)
            }
        case .filter:
            if ended {
                goals.asked = nil
                goals.aheadEnds &+= 1
                return (goals, nil)
            }
            if broughtNothing || blocked { return (goals, nil) }
        }
        ahead.askedAt = state.loadedThrough
        ahead.asksAgain = false
        goals.asked = .ahead(ahead)
        return (goals, .ahead)
    }

    /// The wait of a search's goal for an empty input is over: the next step asks it again.
    package func aheadRetryDue() -> LoadGoals {
        guard case .ahead(var ahead)? = asked, ahead.isWaiting else { return self }
        var goals = self
        ahead.isWaiting = false
        ahead.asksAgain = true
        goals.asked = .ahead(ahead)
        return goals
    }
}

/// A request the goals ask for (`LoadGoals.next`).
package enum LoadStep: Equatable, Sendable {
    /// The lines that arrived without a request.
    case catchUp
    /// The rest, in large pages (End's, grouped lines', an open input read on).
    case rest
    /// The lines through line `index`.
    case through(Int)
    /// The next lines in order, for a search or a filter (`LoadGoal.ahead`).
    case ahead
    /// Ask an open input that had nothing again after `LoadAhead.retryMilliseconds`.
    case retryAhead
}
