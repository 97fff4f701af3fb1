import OpenCombine
import Reactors

/// Following the end of a line source, as `less +F` and `tail -f` do, and the one goal of
/// loading that outlives a request: End loads the rest page after page. The view only says
/// where the selection went (`followEnd`, `follow(_:)`); whether the user follows, and what
/// loads for it, is decided here, once.
extension FeedReactor {
    /// End: follow, and load the rest while there is more. An open input is asked for the rest
    /// even when nothing more was there a moment ago: it reads on to its end from then on.
    func followEnd() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.source.isLineSource else { return Empty().eraseToAnyPublisher() }
        let follow = Just(Mutation.setFollowing(true, toEnd: state.hasMore || state.isOpen))
        guard state.hasMore || state.isOpen else { return follow.eraseToAnyPublisher() }
        return follow.append(Deferred { [weak self] in self?.mutate(action: .loadRest) ?? Empty().eraseToAnyPublisher() })
            .eraseToAnyPublisher()
    }

    /// The selection arrived on the last row: follow what arrives. An open input is asked for
    /// the rest once, as End asks it, so it reads on to its end; a paged input is not loaded
    /// (the footer loads its next page as usual).
    func followLastRow() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.source.isLineSource, !state.isFollowing else { return Empty().eraseToAnyPublisher() }
        return state.isOpen ? followEnd() : Just(.setFollowing(true, toEnd: false)).eraseToAnyPublisher()
    }

    /// Leaves following (the selection left the last row, a search, a refresh the user asked
    /// for, a failed page): a stream reads on only as far as it reads ahead again.
    func stopFollowing() -> AnyPublisher<Mutation, Never> {
        guard currentState.isFollowing else { return Empty().eraseToAnyPublisher() }
        source.stopReadingRest()
        return Just(.setFollowing(false, toEnd: false)).eraseToAnyPublisher()
    }

    /// After a request: while End loads the rest, the next page; once there is no more, the
    /// goal is reached (the user still follows what arrives).
    func continueToEnd() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.isFollowing, state.loadsToEnd, !state.isRefreshing, !state.isLoadingMore else {
            return Empty().eraseToAnyPublisher()
        }
        guard state.hasMore, state.tailStart == nil else { return Just(.setFollowing(true, toEnd: false)).eraseToAnyPublisher() }
        // Sent, not appended: a request inside the last one's publisher would nest one level
        // deeper for every page of a long input.
        action.send(.loadRest)
        return Empty().eraseToAnyPublisher()
    }
}
