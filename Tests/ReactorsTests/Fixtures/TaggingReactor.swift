import Reactors

/// Every hook appends its tag, and counts how often it was called.
final class TaggingReactor: Reactor {
    typealias Action = [String]
    typealias Mutation = [String]
    typealias State = [String]

    let initialState: State = []
    let reactorStorage = ReactorStorage()
    private(set) var hookCalls: [String: Int] = [:]
    private(set) var reducedStates: [State] = []

    func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        hookCalls["transform(action:)", default: 0] += 1
        return action.map { $0 + ["transformedAction"] }.eraseToAnyPublisher()
    }

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        Just(action + ["mutation"]).eraseToAnyPublisher()
    }

    func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        hookCalls["transform(mutation:)", default: 0] += 1
        return mutation.map { $0 + ["transformedMutation"] }.eraseToAnyPublisher()
    }

    func reduce(state: State, mutation: Mutation) -> State {
        reducedStates.append(state)
        return mutation + ["reduce"]
    }

    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        hookCalls["transform(state:)", default: 0] += 1
        return state.map { $0 + ["transformedState"] }.eraseToAnyPublisher()
    }
}
