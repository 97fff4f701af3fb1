import Locking
import OpenCombine
import TerminalUI

/// A source's way through its kept results: `[` and `]` show the previous or next one in place
/// of the live lines (read from the history, never run again) while the live feed goes on
/// underneath; `d` shows the rows the shown result removed among its rows. Where the source
/// stands is its state's (`State.history`); `FeedState.displayed` shows it.
extension SourceReactor {
    func stepHistory(back: Bool) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard let history else { return toast(.noHistory) }
        let delta = back ? -1 : 1
        if !back, state.history.past == nil, state.history.pendingSteps == 0 { return toast(.historyEnd(older: false)) }
        let request = HistoryBrowser.Request(from: state.history.past?.id, by: state.history.pendingSteps + delta,
                                             liveTime: state.lastUpdated, shaping: shaping(of: state))
        let landed = history.step(request, deliverOn: scheduler).flatMap { [weak self] step -> AnyPublisher<Mutation, Never> in
            guard let self else { return Empty().erased() }
            let stepped = Just(Mutation.historyStepped(step, delta: delta))
            if case .stays(let older) = step { return stepped.append(self.toast(.historyEnd(older: older))).erased() }
            return stepped.append(Deferred { [weak self] in self?.removedRows() ?? Empty().erased() })
                .erased()
        }
        return Just(.askHistoryStep(delta)).append(landed).erased()
    }

    func toggleRemoved() -> AnyPublisher<Mutation, Never> {
        let on = !currentState.history.showsRemoved
        let toggled = Just(Mutation.setShowsRemoved(on))
        guard on else { return toggled.erased() }
        let nothing = currentState.shownResultRemovedRows ? Empty().erased() : toast(.nothingRemoved)
        return toggled.append(nothing).append(Deferred { [weak self] in self?.removedRows() ?? Empty().erased() })
            .erased()
    }

    /// The shown result (live or kept) with the rows it removed, worked out on `workQueue`
    /// when `d` shows them and they are not there yet for it.
    func removedRows() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        let key = state.shownResultKey
        guard state.history.showsRemoved, state.shownResultRemovedRows, state.history.withRemoved?.of != key else {
            return Empty().erased()
        }
        let shown: ResultLines
        let previous: LineList
        if let past = state.history.past {
            shown = past.result
            previous = past.previous
        } else {
            // Lines a stream cut from the front, or read from a file's end, are no result compared.
            guard state.dropped == 0, state.tailStart == nil else { return Empty().erased() }
            shown = ResultLines(lines: state.lines, headerLines: state.headerLines, changes: state.changes,
                                previousLines: state.previousLines, lineSections: state.lineSections)
            previous = state.previousLines
        }
        let shaping = shaping(of: state)
        let (queue, scheduler) = (workQueue, scheduler)
        return Deferred {
            Future<ResultLines?, Never> { promise in
                // Kept on the UI scheduler, as `BackgroundLoad` keeps its promises.
                let fulfil = UncheckedSendable(promise)
                queue.async {
                    let built = RemovedRows.view(of: shown, previous: previous, shaping: shaping)
                    scheduler.schedule { fulfil.value(.success(built)) }
                }
            }
        }
        .compactMap { $0.map { Mutation.withRemoved($0, of: key) } }
        .erased()
    }

    /// How this source lays out a result shown again.
    func shaping(of state: State) -> ResultShaping {
        ResultShaping(identity: state.lineIdentity, sectionPattern: sectionPattern, sectionStarts: sectionStarts,
                      headerCount: state.headerLines.count)
    }

    func reduceHistory(_ state: inout State, _ mutation: Mutation) {
        switch mutation {
        case .askHistoryStep(let delta):
            state.history.pendingSteps += delta
        case .historyStepped(let step, let delta):
            state.history.pendingSteps -= delta
            switch step {
            case .past(let past):
                state.history.past = past
                state.history.moved = true
            case .live:
                state.history.past = nil
                state.history.moved = true
            case .stays:
                break
            }
        case .setShowsRemoved(let on):
            state.history.showsRemoved = on
            state.history.moved = true
            if !on { state.history.withRemoved = nil }
        case .withRemoved(let lines, let key):
            state.history.withRemoved = (lines, key)
        default:
            break
        }
    }
}

extension SourceReactor.Action {
    /// The user asked it of the rows shown (loading or following them), not of the source.
    var isAboutRowsShown: Bool {
        switch self {
        case .loadMore, .loadRest, .loadAhead, .loadThrough, .followEnd, .follow(true): true
        default: false
        }
    }
}
