/// A reactor: the ReactorKit 3.2 programming model on OpenCombine.
///
/// A conformer declares `Action`, `State` (and `Mutation` when it differs from `Action`),
/// `initialState` and `let reactorStorage = ReactorStorage()`, and overrides whichever of the
/// customization points below it needs; each has a default implementation.
///
/// The pipeline `action → transform(action:) → mutate → transform(mutation:) → reduce →
/// transform(state:)` is built once, lazily, on first access to `state` or `action`. It is hot (it
/// runs with no subscribers) and `state` replays the latest state to late subscribers.
///
/// Processing is synchronous: `action.send(_:)` runs mutate, reduce, the `currentState` update and
/// every state subscriber before it returns (for synchronous mutations). An action sent while the
/// reactor is processing (from `reduce`, a state subscriber or a side effect) is queued and
/// processed, in order, before the outermost `send` returns; so is one that a publisher merged in
/// `transform(action:)` gives meanwhile (never inside another action's `mutate`).
///
/// A reactor is not actor-isolated: confining it to one thread (the UI thread) is the caller's rule.
/// `mutate` cannot fail: turn errors into mutations.
public protocol Reactor: AnyObject {
    /// What the view asks for.
    associatedtype Action
    /// A change to the state; `mutate(action:)` produces them and `reduce(state:mutation:)` applies them.
    associatedtype Mutation = Action
    /// What the view renders.
    associatedtype State

    /// The state before any mutation. It goes through `transform(state:)` like every other state.
    var initialState: State { get }
    /// Where the reactor's streams live. Declare it as `let reactorStorage = ReactorStorage()`.
    var reactorStorage: ReactorStorage { get }

    /// The subject to send actions to. Accessing it builds the pipeline.
    var action: ActionSubject<Action> { get }
    /// The state stream: replays the latest state, then every new one. Accessing it builds the pipeline.
    var state: AnyPublisher<State, Never> { get }
    /// The latest state: `initialState` until the pipeline is built, then the last transformed state.
    var currentState: State { get }

    /// Transforms the action stream, e.g. to merge in actions from elsewhere (a reactor's own
    /// continuations, timers, events). Runs once. An action a merged publisher gives while the
    /// reactor is processing waits until it is done, as a sent action does.
    func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never>
    /// Turns one action into mutations, possibly asynchronously (deliver them on the reactor's scheduler).
    func mutate(action: Action) -> AnyPublisher<Mutation, Never>
    /// Transforms the mutation stream, e.g. to merge in global events. Runs once.
    func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never>
    /// Applies a mutation to the (untransformed) accumulated state. Must be pure.
    func reduce(state: State, mutation: Mutation) -> State
    /// Transforms the state stream, e.g. with `with(section:)`. Runs once.
    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never>
}

extension Reactor {
    public var action: ActionSubject<Action> {
        if reactorStorage.isStubEnabled {
            return stubParts.action
        }
        return core.action
    }

    public var state: AnyPublisher<State, Never> {
        if reactorStorage.isStubEnabled {
            return stubParts.state.erased()
        }
        return core.state
    }

    public var currentState: State {
        let storage = reactorStorage
        if storage.isStubEnabled {
            return stubParts.state.value
        }
        if let core = storage.core {
            return Self.checkedCore(core).currentState
        }
        return initialState
    }

    public func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        action
    }

    public func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        Empty().erased()
    }

    public func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        mutation
    }

    public func reduce(state: State, mutation: Mutation) -> State {
        state
    }

    public func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        state
    }

    /// `core` as this reactor's pipeline type, or a clear crash when the storage holds another
    /// reactor's streams (one `ReactorStorage` shared by two reactors, or returned by a computed
    /// property): a checked cast, never undefined behaviour.
    static func checkedCore(_ core: AnyObject) -> ReactorCore<Action, Mutation, State> {
        guard let typed = core as? ReactorCore<Action, Mutation, State> else {
            fatalError("\(Self.self).reactorStorage holds the streams of another reactor (\(type(of: core))): "
                       + "give each reactor its own `let reactorStorage = ReactorStorage()`")
        }
        return typed
    }

    /// The pipeline, built on first use.
    var core: ReactorCore<Action, Mutation, State> {
        let storage = reactorStorage
        if let core = storage.core {
            return Self.checkedCore(core)
        }
        let core = ReactorCore<Action, Mutation, State>(initialState: initialState)
        storage.core = core
        core.connect(to: self)
        return core
    }
}

extension Reactor where Action == Mutation {
    /// Emits the action itself as the only mutation.
    public func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        Just(action).erased()
    }
}
