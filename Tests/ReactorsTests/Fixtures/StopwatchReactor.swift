import CombineSchedulers
import Dispatch
import Reactors

/// Ticks once a second on its scheduler from `.start` until `.stop`.
final class StopwatchReactor: Reactor {
    enum Action: Equatable {
        case start
        case stop
    }

    enum Mutation {
        case tick
    }

    struct State {
        var seconds = 0
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    private let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
    }

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        switch action {
        case .start:
            return scheduler.timerPublisher(every: .seconds(1))
                .autoconnect()
                .map { _ in Mutation.tick }
                .prefix(untilOutputFrom: self.action.filter { $0 == .stop })
                .eraseToAnyPublisher()
        case .stop:
            return Empty().eraseToAnyPublisher()
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        state.seconds += 1
        return state
    }
}
