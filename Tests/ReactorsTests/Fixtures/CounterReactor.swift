import Reactors

/// The README's counter: `Mutation` defaults to `Action`, so `mutate` is the default `Just(action)`.
final class CounterReactor: Reactor {
    enum Action: Equatable {
        case increase
        case decrease
    }

    struct State: Equatable {
        var count = 0
    }

    let initialState: State
    let reactorStorage = ReactorStorage()
    private(set) var reduceCount = 0

    init(count: Int = 0) {
        initialState = State(count: count)
    }

    func reduce(state: State, mutation: Action) -> State {
        reduceCount += 1
        var state = state
        switch mutation {
        case .increase: state.count += 1
        case .decrease: state.count -= 1
        }
        return state
    }
}
