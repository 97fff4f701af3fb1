import OpenCombine
import Reactors

/// Lines that arrive without a request (a stream, a file that grows or is counted), and a file
/// that changed under the reader: the source's changes, answered as actions.
extension SourceReactor {
    /// Answers a change of the source's input: new lines are asked for at once (after the
    /// request in flight, if any); a file cut shorter or replaced is reloaded with a toast.
    func answer(_ change: SourceChange) -> AnyPublisher<Mutation, Never> {
        switch change {
        case .grew:
            return catchUp()
        case .reset(let reason):
            let kind: Toast.Kind = reason == .truncated ? .fileTruncated : .fileReplaced
            // The file read again keeps the place as a refresh does (the selected line, else
            // its line number), and following the end goes on.
            return refresh(keepingPlace: true).append(Deferred { [weak self] in self?.toast(kind) ?? Empty().erased() })
                .erased()
        case .deleted:
            return toast(.fileDeleted)
        }
    }

    /// Asks for every line that arrived after the ones shown, without an indicator. While a
    /// request or another catch-up is in flight, or before the first page, the lines wait (the
    /// goal `LoadGoals.arrived`): the goals catch up once it ends. Another request starting
    /// cuts a catch-up short (its lines would be counted twice); a catch-up that ran to its end
    /// lets the goals take their next step, which catches up again if lines arrived meanwhile.
    func catchUp() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.hasLoaded, !state.isRefreshing, !state.isLoadingMore, !state.isCatchingUp else {
            return state.goals.arrived ? Empty().erased() : Just(.linesArrived).erased()
        }
        let pageRequest = PageRequest.catchUp(offset: state.tailStart ?? state.lines.count, dropped: state.dropped)
        // Cut short, it takes no step: the state does not show the request that cut it yet,
        // and a catch-up started now would read, and add, the same lines as that request. The
        // request takes the step when it ends.
        var isCut = false
        let caught = load(pageRequest)
            .prefix(untilOutputFrom: started.handleEvents(receiveOutput: { _ in isCut = true }))
            .map(Optional.some)
            .replaceEmpty(with: nil)
            .flatMap { [weak self] result -> AnyPublisher<Mutation, Never> in
                // Nil: cut short.
                guard let self, case .success(let page)? = result else { return Just(.endCatchUp).erased() }
                let caught = Just(Mutation.caughtUp(page)).append(self.notice(of: page))
                if let failure = page.failure {
                    return caught.append(self.toast(.refreshFailed(reason: failure.reason))).erased()
                }
                guard let exit = page.exit else { return caught.erased() }
                return caught.append(self.toast(.commandExited(status: exit.status, message: exit.message))).erased()
            }
        return Just(.startCatchUp)
            .append(caught)
            .append(Deferred { [turns] in isCut ? Empty().erased() : Self.turn(.pursueGoals, on: turns) })
            .erased()
    }
}
