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
