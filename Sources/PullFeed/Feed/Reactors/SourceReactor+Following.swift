import OpenCombine
import Reactors

/// Following the end of a line source, as `less +F` and `tail -f` do, and what the user asks to
/// have loaded (`LoadGoal`): End loads the rest page after page, a search's match past the
/// loaded lines loads the pages through it (the goals pursue them, `LoadGoals`). The view only
/// says where the selection went (`followEnd`, `follow(_:)`) and what a search found
/// (`loadThrough`); whether the user follows, and what loads for it, is decided here, once.
extension SourceReactor {
    /// End: follow, and load the rest while there is more. An open input is asked for the rest
    /// even when nothing more was there a moment ago: it reads on to its end from then on.
    /// Nothing loads before the first page, or while the end of a file still counted is shown
    /// after a gap (counting fills it in).
    func followEnd() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.source.isLineSource else { return Empty().erased() }
        let loads = state.hasLoaded && state.tailStart == nil && (state.hasMore || state.isOpen)
        let follow = Just(Mutation.setFollowing(true, toEnd: loads))
        guard loads else { return follow.erased() }
        return follow.append(Deferred { [weak self] in self?.loadRest() ?? Empty().erased() })
            .erased()
    }

    /// The selection arrived on the last row: follow what arrives. An open input is asked for
    /// the rest once, as End asks it, so it reads on to its end; a paged input is not loaded
    /// (the footer loads its next page as usual).
    func followLastRow() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.source.isLineSource, !state.isFollowing else { return Empty().erased() }
        return state.isOpen ? followEnd() : Just(.setFollowing(true, toEnd: false)).erased()
    }

    /// Leaves following (the selection left the last row, a search, a refresh the user asked
    /// for, a failed page): a stream reads on only as far as it reads ahead again.
    func stopFollowing() -> AnyPublisher<Mutation, Never> {
        guard currentState.isFollowing, !followsEnd else { return Empty().erased() }
        source.stopReadingRest()
        return Just(.setFollowing(false, toEnd: false)).erased()
    }

    /// The next lines in order, in large pages (in pages of the usual size for a source that
    /// pages by number). An open input is asked again even when it had nothing more a moment
    /// ago. With `readsRest` (End) its reader reads on to its end from then on, until the user
    /// leaves the end; without (a search or a filter looking through the lines) it reads only
    /// the lines asked for and its read-ahead, so it holds again once they stop asking, however
    /// they stop (found, cancelled, the screen filled).
    func loadAhead(readsRest: Bool) -> AnyPublisher<Mutation, Never> {
        let limit = source.loadsRestPageByPage ? pageSize : max(pageSize, Self.bulkPageSize)
        return loadMore(readsRest ? .rest : .next, limit: limit, whileOpen: true)
    }

    /// A search or a filter asks for the lines past the loaded ones: the goal `.ahead`, pursued
    /// at once (a goal of the same purpose already set goes on as it is).
    func loadAhead(_ purpose: LoadAhead.Purpose) -> AnyPublisher<Mutation, Never> {
        let set: AnyPublisher<Mutation, Never>
        if case .ahead(let ahead)? = currentState.loadGoal, ahead.purpose == purpose {
            set = Empty().erased()
        } else {
            set = Just(.setLoadGoal(.ahead(LoadAhead(purpose)))).erased()
        }
        return set.append(Self.turn(.pursueGoals, on: turns)).erased()
    }

    /// A search's goal waits `LoadAhead.retryMilliseconds` for an open input that had nothing,
    /// then asks it again (`aheadRetryDue`).
    func retryAhead() -> AnyPublisher<Mutation, Never> {
        let turns = turns
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(LoadAhead.retryMilliseconds))) {
            turns.send(.aheadRetryDue)
        }
        return Empty().erased()
    }

    /// A search's match on line `index`, past the loaded lines: the pages through it.
    func loadThrough(_ index: Int) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard index >= state.itemCount, state.hasLoaded, state.hasMore, state.tailStart == nil else { return Empty().erased() }
        let load = loadMore(.next, limit: source.loadsRestPageByPage ? pageSize : max(pageSize, index + 1 - state.itemCount))
        return Just(.setLoadGoal(.line(index, askedAt: state.itemCount))).append(load).erased()
    }
}
