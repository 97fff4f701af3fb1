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
        }
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
}
