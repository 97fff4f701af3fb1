import Testing
import Reactors

@Suite("Reentrancy")
struct ReentrancyTests {
    @Test func actionSentFromReduceIsQueued() {
        let reactor = LogReactor()
        reactor.onReduce = { if $0 == .a { reactor.action.send(.b) } }
        reactor.action.send(.a)
        #expect(reactor.log == ["enter A", "exit A", "enter B", "exit B"])
        #expect(reactor.currentState.processed == [.a, .b])
    }

    @Test func actionsSentFromAStateSubscriberAreQueuedFIFO() {
        let reactor = LogReactor()
        let trigger = reactor.state.sink { state in
            if state.processed == [.a] {
                reactor.action.send(.b)
                reactor.action.send(.c)
            }
        }
        let later = Recorder(reactor.state.map(\.processed))
        reactor.action.send(.a)
        #expect(reactor.log == ["enter A", "exit A", "enter B", "exit B", "enter C", "exit C"])
        #expect(later.values == [[], [.a], [.a, .b], [.a, .b, .c]])
        trigger.cancel()
    }

    @Test func actionSentFromAMutationSideEffectIsQueued() {
        let reactor = SideEffectReactor()
        reactor.action.send(.a)
        #expect(reactor.log == ["enter A", "exit A", "enter B", "exit B"])
    }

    @Test func actionSentWhileProcessingAMutationFromElsewhereIsQueued() {
        let reactor = LogReactor()
        let trigger = reactor.state.sink { state in
            if state.processed == [.c] {
                reactor.action.send(.a)
                reactor.action.send(.b)
            }
        }
        let later = Recorder(reactor.state.map(\.processed))
        reactor.events.send(.c)
        #expect(reactor.log == ["enter C", "exit C", "enter A", "exit A", "enter B", "exit B"])
        #expect(later.values == [[], [.c], [.c, .a], [.c, .a, .b]])
        trigger.cancel()
    }

    @Test func stateProducedDuringADeliveryWaitsForIt() {
        let reactor = LogReactor()
        let trigger = reactor.state.sink { state in
            if state.processed == [.a] {
                reactor.events.send(.c)
            }
        }
        let later = Recorder(reactor.state.map(\.processed))
        reactor.action.send(.a)
        #expect(later.values == [[], [.a], [.a, .c]])
        #expect(reactor.currentState.processed == [.a, .c])
        trigger.cancel()
    }

    /// A publisher merged in `transform(action:)` that gives an action while the reactor runs
    /// another's `mutate` (its own continuation, say) waits for that one, as a sent action does.
    @Test func anActionFromAPublisherMergedInTransformActionWaitsItsTurn() {
        let reactor = TurnReactor()
        reactor.turnAfter = [.a: .b]
        reactor.action.send(.a)
        #expect(reactor.log == ["mutate A", "reduce A", "end A", "mutate B", "reduce B", "end B"])
    }

    /// Given from a state subscriber while an action is processed, it runs after that action.
    @Test func anActionFromAMergedPublisherGivenByAStateSubscriberWaits() {
        let reactor = TurnReactor()
        let trigger = reactor.state.sink { state in
            if state == 1 { reactor.turns.send(.c) }
        }
        reactor.action.send(.a)
        #expect(reactor.log == ["mutate A", "reduce A", "end A", "mutate C", "reduce C", "end C"])
        trigger.cancel()
    }

    /// Given while the reactor is idle, it runs at once.
    @Test func anActionFromAMergedPublisherRunsAtOnceWhenIdle() {
        let reactor = TurnReactor()
        _ = reactor.state
        reactor.turns.send(.c)
        #expect(reactor.log == ["mutate C", "reduce C", "end C"])
    }

    @Test func dismissThenPresentEndsOnThePresentedRoute() {
        let reactor = RouterReactor()
        let coordinator = reactor.state.sink { state in
            if let request = state.request {
                reactor.action.send(.dismiss)
                reactor.action.send(.present(request))
            }
        }
        let view = Recorder(reactor.state.map(\.route))
        reactor.action.send(.open("detail"))
        #expect(reactor.currentState.route == "detail")
        #expect(view.values == ["home", "home", nil, "detail"])
        coordinator.cancel()
    }
}

/// Sends `.b` from inside `mutate(.a)`'s publisher, as a side effect would.
private final class SideEffectReactor: Reactor {
    enum Action: String {
        case a = "A"
        case b = "B"
    }

    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage()
    var log: [String] = []

    func mutate(action: Action) -> AnyPublisher<Action, Never> {
        Deferred { [unowned self] () -> Just<Action> in
            if action == .a {
                self.action.send(.b)
            }
            return Just(action)
        }
        .eraseToAnyPublisher()
    }

    func reduce(state: Int, mutation: Action) -> Int {
        log.append("enter \(mutation.rawValue)")
        log.append("exit \(mutation.rawValue)")
        return state + 1
    }
}

/// Merges `turns` in `transform(action:)`; `mutate` logs its start and end, and gives the turn
/// `turnAfter` names from inside its publisher, as a request's continuation would.
private final class TurnReactor: Reactor {
    enum Action: String {
        case a = "A"
        case b = "B"
        case c = "C"
    }

    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage()
    let turns = PassthroughSubject<Action, Never>()
    var turnAfter: [Action: Action] = [:]
    var log: [String] = []

    func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        merge(action, turns).eraseToAnyPublisher()
    }

    func mutate(action: Action) -> AnyPublisher<Action, Never> {
        log.append("mutate \(action.rawValue)")
        return Just(action)
            .append(Deferred { [unowned self] () -> Empty<Action, Never> in
                if let next = self.turnAfter[action] { self.turns.send(next) }
                self.log.append("end \(action.rawValue)")
                return Empty()
            })
            .eraseToAnyPublisher()
    }

    func reduce(state: Int, mutation: Action) -> Int {
        log.append("reduce \(mutation.rawValue)")
        return state + 1
    }
}

/// A navigation state: a coordinator answers `request` with dismiss, then present.
private final class RouterReactor: Reactor {
    enum Action {
        case open(String)
        case dismiss
        case present(String)
    }

    struct State {
        var route: String? = "home"
        var request: String?
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case let .open(route):
            state.request = route
        case .dismiss:
            state.route = nil
            state.request = nil
        case let .present(route):
            state.route = route
        }
        return state
    }
}
