import Reactors

/// Logs when `reduce` enters and exits, and runs `onReduce` in between.
final class LogReactor: Reactor {
    enum Action: String, Equatable {
        case a = "A"
        case b = "B"
        case c = "C"
    }

    struct State: Equatable {
        var processed: [Action] = []
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    let events = PassthroughSubject<Action, Never>()
    var log: [String] = []
    var onReduce: (Action) -> Void = { _ in }

    /// Mutations also arrive from `events`, outside any action.
    func transform(mutation: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        merge(mutation, events).eraseToAnyPublisher()
    }

    func reduce(state: State, mutation: Action) -> State {
        log.append("enter \(mutation.rawValue)")
        onReduce(mutation)
        log.append("exit \(mutation.rawValue)")
        var state = state
        state.processed.append(mutation)
        return state
    }
}
