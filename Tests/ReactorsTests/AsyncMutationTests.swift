import CombineSchedulers
import Dispatch
import Testing
import Reactors

@Suite("Asynchronous mutations on an injected scheduler")
struct AsyncMutationTests {
    @Test func deliversOnTheSchedulerAndTurnsErrorsIntoMutations() {
        let scheduler = DispatchQueue.test
        var result: Result<[String], LoadError> = .success(["a", "b"])
        let reactor = LoaderReactor(scheduler: scheduler.eraseToAnyScheduler()) { result }
        let loading = Recorder(reactor.state.map(\.isLoading))

        reactor.action.send(.load)
        #expect(reactor.currentState.isLoading)
        scheduler.advance(by: .milliseconds(999))
        #expect(reactor.currentState.items.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(reactor.currentState.items == ["a", "b"])
        #expect(loading.values == [false, true, true, false])

        result = .failure(LoadError(message: "offline"))
        reactor.action.send(.load)
        scheduler.advance(by: .seconds(1))
        #expect(reactor.currentState.items == ["a", "b"])
        #expect(reactor.currentState.error == "offline")
        #expect(!reactor.currentState.isLoading)
    }

    @Test func mergedMutationsArriveAsTheyAreDelivered() {
        let scheduler = DispatchQueue.test
        let reactor = LoaderReactor(scheduler: scheduler.eraseToAnyScheduler()) { .success(["late"]) }
        reactor.action.send(.loadWithNote)
        #expect(reactor.currentState.error == "note")
        #expect(reactor.currentState.items.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(reactor.currentState.items == ["late"])
    }
}

struct LoadError: Error {
    let message: String
}

/// A miniature feed: `Just`, `Deferred`/`Future`, `delay` on the injected scheduler, `catch`, `Merge`.
private final class LoaderReactor: Reactor {
    enum Action {
        case load
        case loadWithNote
    }

    enum Mutation {
        case setLoading(Bool)
        case setItems([String])
        case setError(String)
    }

    struct State {
        var isLoading = false
        var items: [String] = []
        var error: String?
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private let fetch: () -> Result<[String], LoadError>

    init(scheduler: AnySchedulerOf<DispatchQueue>, fetch: @escaping () -> Result<[String], LoadError>) {
        self.scheduler = scheduler
        self.fetch = fetch
    }

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        let fetch = self.fetch
        let request = Deferred { Future<[String], LoadError> { promise in promise(fetch()) } }
            .delay(for: .seconds(1), scheduler: scheduler)
            .map(Mutation.setItems)
            .catch { Just(Mutation.setError($0.message)) }
        switch action {
        case .load:
            return Just(Mutation.setLoading(true))
                .append(request)
                .append(Just(Mutation.setLoading(false)))
                .eraseToAnyPublisher()
        case .loadWithNote:
            return merge(request, Just(Mutation.setError("note"))).eraseToAnyPublisher()
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case let .setLoading(isLoading): state.isLoading = isLoading
        case let .setItems(items): state.items = items
        case let .setError(message): state.error = message
        }
        return state
    }
}
