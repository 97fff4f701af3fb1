import Testing
@testable import Reactors

@Suite("Completion, memory and subclassing")
struct LifecycleTests {
    @Test func completionOfABoundUpstreamNeverStopsTheReactor() {
        let reactor = CounterReactor()
        let just = Just(CounterReactor.Action.increase).subscribe(reactor.action)
        let sequence = [CounterReactor.Action.increase, .increase].publisher.subscribe(reactor.action)
        reactor.action.send(completion: .finished)
        reactor.action.send(.increase)
        #expect(reactor.currentState.count == 4)
        just.cancel()
        sequence.cancel()
    }

    @Test func aLiveBoundUpstreamKeepsFeedingTheReactor() {
        let reactor = CounterReactor()
        let upstream = PassthroughSubject<CounterReactor.Action, Never>()
        let binding = upstream.subscribe(reactor.action)
        upstream.send(.increase)
        upstream.send(.increase)
        #expect(reactor.currentState.count == 2)
        binding.cancel()
        upstream.send(.increase)
        #expect(reactor.currentState.count == 2)
    }

    @Test func aMutationThatCompletesEarlyIsHarmless() {
        let reactor = EarlyCompletionReactor()
        reactor.action.send(.nothing)
        reactor.action.send(.add)
        reactor.action.send(.nothing)
        reactor.action.send(.add)
        #expect(reactor.currentState == 2)
    }

    @Test func releasingTheReactorReleasesItsStreams() {
        var reactor: CounterReactor? = CounterReactor()
        weak let weakReactor = reactor
        weak let weakStorage = reactor?.reactorStorage
        weak let weakAction = reactor?.action
        weak let weakCore = reactor?.reactorStorage.core
        weak let weakStateSubject = reactor?.core.stateSubject
        let subscriber = Recorder(reactor!.state.map(\.count))
        let upstream = PassthroughSubject<CounterReactor.Action, Never>()
        let binding = upstream.subscribe(reactor!.action)
        reactor?.action.send(.increase)
        #expect(weakCore != nil && weakStateSubject != nil && weakAction != nil)

        reactor = nil
        #expect(weakReactor == nil)
        #expect(weakStorage == nil)
        #expect(weakAction == nil)
        #expect(weakCore == nil)
        #expect(weakStateSubject == nil)
        upstream.send(.increase)
        #expect(subscriber.values == [0, 1])
        binding.cancel()
    }

    @Test func anActionSubjectKeptAfterTheReactorIsGoneIsInert() {
        var reactor: CounterReactor? = CounterReactor()
        let action = reactor!.action
        let states = Recorder(reactor!.state.map(\.count))
        weak let weakReactor = reactor
        reactor = nil
        action.send(.increase)
        #expect(weakReactor == nil)
        #expect(states.values == [0])
    }

    @Test func releasingTheReactorCancelsItsPipeline() {
        var cancelled = false
        var reactor: CancellationProbeReactor? = CancellationProbeReactor { cancelled = true }
        reactor?.action.send(())
        #expect(!cancelled)
        reactor = nil
        #expect(cancelled)
    }

    @Test func releasingAStubbedReactorReleasesTheStub() {
        var reactor: CounterReactor? = CounterReactor()
        reactor?.isStubEnabled = true
        weak let weakStub = reactor?.stub
        weak let weakAction = reactor?.action
        reactor?.action.send(.increase)
        reactor = nil
        #expect(weakStub == nil)
        #expect(weakAction == nil)
    }

    @Test func genericSubclassKeepsOnePipeline() {
        let child = ChildReactor()
        child.action.send(.set("a"))
        send(.set("b"), to: child as ParentReactor<String>)
        send(.set("c"), to: child)
        let viaParent = Recorder((child as ParentReactor<String>).state.map(\.values))
        let viaChild = Recorder(child.state.map(\.values))
        #expect(child.currentState.values == ["A", "B", "C"])
        #expect(viaParent.values == [["A", "B", "C"]])
        #expect(viaChild.values == [["A", "B", "C"]])
        #expect(child.transformCount == 1)
        #expect(child.action === (child as ParentReactor<String>).action)
    }

    @Test func genericSubclassSharesItsStub() {
        let child = ChildReactor()
        child.isStubEnabled = true
        child.action.send(.set("a"))
        send(.set("b"), to: child as ParentReactor<String>)
        #expect((child as ParentReactor<String>).stub.actions.count == 2)
        #expect(child.stub.actions.count == 2)
        #expect(child.transformCount == 0)
    }

    private func send<R: Reactor>(_ action: R.Action, to reactor: R) {
        reactor.action.send(action)
    }
}

private final class EarlyCompletionReactor: Reactor {
    enum Action {
        case nothing
        case add
    }

    typealias Mutation = Int
    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage()

    func mutate(action: Action) -> AnyPublisher<Int, Never> {
        switch action {
        case .nothing: Empty().eraseToAnyPublisher()
        case .add: Just(1).eraseToAnyPublisher()
        }
    }

    func reduce(state: Int, mutation: Int) -> Int {
        state + mutation
    }
}

private final class CancellationProbeReactor: Reactor {
    typealias Action = Void
    typealias State = Int

    let initialState = 0
    let reactorStorage = ReactorStorage()
    private let onCancel: () -> Void

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    func transform(state: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
        state.handleEvents(receiveCancel: onCancel).eraseToAnyPublisher()
    }
}

class ParentReactor<Value>: Reactor {
    enum Action {
        case set(Value)
    }

    struct State {
        var values: [Value] = []
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    private(set) var transformCount = 0

    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        transformCount += 1
        return state
    }

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        if case let .set(value) = mutation {
            state.values.append(value)
        }
        return state
    }
}

/// Overrides `reduce`; the pipeline built through either static type calls the override.
final class ChildReactor: ParentReactor<String> {
    override func reduce(state: State, mutation: Action) -> State {
        guard case let .set(value) = mutation else { return state }
        return super.reduce(state: state, mutation: .set(value.uppercased()))
    }
}
