import Dispatch
import Testing
@testable import Reactors

@Suite("Pipeline")
struct PipelineTests {
    @Test func isBuiltLazilyOnFirstAccessToState() {
        let reactor = TaggingReactor()
        _ = reactor.currentState
        #expect(reactor.hookCalls.isEmpty)
        #expect(reactor.reactorStorage.core == nil)

        _ = reactor.state
        _ = reactor.state
        _ = reactor.action
        #expect(reactor.hookCalls == ["transform(action:)": 1, "transform(mutation:)": 1, "transform(state:)": 1])
    }

    @Test func isBuiltLazilyOnFirstAccessToAction() {
        let reactor = TaggingReactor()
        reactor.action.send(["action"])
        reactor.action.send(["action"])
        _ = reactor.state
        #expect(reactor.hookCalls == ["transform(action:)": 1, "transform(mutation:)": 1, "transform(state:)": 1])
    }

    @Test func hooksRunInOrder() {
        let reactor = TaggingReactor()
        reactor.action.send(["action"])
        #expect(reactor.currentState == [
            "action", "transformedAction", "mutation", "transformedMutation", "reduce", "transformedState",
        ])
    }

    @Test func initialStateGoesThroughTransformStateButReduceSeesTheAccumulator() {
        let reactor = TaggingReactor()
        #expect(reactor.currentState == [])
        let recorder = Recorder(reactor.state)
        #expect(reactor.currentState == ["transformedState"])
        #expect(recorder.values == [["transformedState"]])

        reactor.action.send(["x"])
        reactor.action.send(["y"])
        #expect(reactor.reducedStates == [
            [],
            ["x", "transformedAction", "mutation", "transformedMutation", "reduce"],
        ])
    }

    @Test func runsWithoutSubscribers() {
        let reactor = CounterReactor()
        reactor.action.send(.increase)
        reactor.action.send(.increase)
        #expect(reactor.currentState.count == 2)
    }

    @Test func lateSubscriberReceivesOnlyTheLatestState() {
        let reactor = CounterReactor()
        let early = Recorder(reactor.state.map(\.count))
        for _ in 0..<3 {
            reactor.action.send(.increase)
        }
        let late = Recorder(reactor.state.map(\.count))
        #expect(early.values == [0, 1, 2, 3])
        #expect(late.values == [3])

        reactor.action.send(.decrease)
        #expect(late.values == [3, 2])
    }

    @Test func sendIsSynchronousAndCurrentStateIsUpdatedBeforeSubscribers() {
        let reactor = CounterReactor()
        var seen: [(emitted: Int, current: Int)] = []
        let cancellable = reactor.state.sink { seen.append(($0.count, reactor.currentState.count)) }
        reactor.action.send(.increase)
        #expect(seen.map(\.emitted) == [0, 1])
        #expect(seen.map(\.current) == [0, 1])
        #expect(reactor.currentState.count == 1)
        cancellable.cancel()
    }

    @Test func eachLazyMutationSeesTheStateOfThePreviousOne() {
        let reactor = LazyMutationReactor()
        reactor.action.send(.run(pieces: 3))
        #expect(reactor.currentState.values == [0, 1, 2])
        reactor.action.send(.run(pieces: 2))
        #expect(reactor.currentState.values == [0, 1, 2, 3, 4])
    }

    @Test func worksOnAWorkerThread() {
        let counts = DispatchQueue(label: "worker").sync { () -> [Int] in
            let reactor = CounterReactor()
            let recorder = Recorder(reactor.state.map(\.count))
            reactor.action.send(.increase)
            reactor.action.send(.increase)
            return recorder.values
        }
        #expect(counts == [0, 1, 2])
    }

    @Test func defaultMutateEmitsNothingWhenMutationDiffersFromAction() {
        let reactor = NoMutateReactor()
        reactor.action.send(())
        #expect(reactor.currentState == 0)
        #expect(reactor.reduceCount == 0)
    }
}

/// `mutate` appends lazily built pieces; each reads `currentState` when it is subscribed.
private final class LazyMutationReactor: Reactor {
    enum Action {
        case run(pieces: Int)
    }

    enum Mutation {
        case append(Int)
    }

    struct State {
        var values: [Int] = []
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        guard case let .run(pieces) = action else { return Empty().eraseToAnyPublisher() }
        var result = Empty<Mutation, Never>().eraseToAnyPublisher()
        for _ in 0..<pieces {
            let piece = Deferred { [unowned self] in Just(Mutation.append(self.currentState.values.count)) }
            result = result.append(piece).eraseToAnyPublisher()
        }
        return result
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        if case let .append(value) = mutation {
            state.values.append(value)
        }
        return state
    }
}

/// `Mutation` differs from `Action` and `mutate` is not written.
private final class NoMutateReactor: Reactor {
    typealias Action = Void
    typealias Mutation = Int
    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage()
    private(set) var reduceCount = 0

    func reduce(state: Int, mutation: Int) -> Int {
        reduceCount += 1
        return state + mutation
    }
}
