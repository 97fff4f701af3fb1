/// A reactor's stand-in for view tests (ReactorKit's `Stub`).
///
/// While `reactor.isStubEnabled` is true, `reactor.action` is `stub.action`, `reactor.state` is
/// `stub.state`, the real pipeline is never built and `mutate`/`reduce` never run. Set
/// `stub.state.value` to drive the view (it also becomes `reactor.currentState`); read
/// `stub.actions` to see what the view sent.
public final class Stub<Reactor: Reactors.Reactor> {
    private let parts: StubParts<Reactor.Action, Reactor.State>

    init(parts: StubParts<Reactor.Action, Reactor.State>) {
        self.parts = parts
    }

    /// The state the stubbed reactor publishes; starts as the raw `initialState`.
    public var state: StateRelay<Reactor.State> { parts.state }
    /// The subject the stubbed reactor's `action` returns.
    public var action: ActionSubject<Reactor.Action> { parts.action }
    /// Every action sent to `action`, oldest first.
    public var actions: [Reactor.Action] { parts.log.actions }
}

/// The stub's streams, typed by the reactor's associated types only so that a generic subclass and
/// its superclass share them.
final class StubParts<Action, State> {
    let state: StateRelay<State>
    let action = ActionSubject<Action>()
    let log = ActionLog<Action>()
    private var subscription: AnyCancellable?

    init(initialState: State) {
        state = StateRelay(initialState)
        let log = self.log
        subscription = action.sink { log.actions.append($0) }
    }
}

/// The record behind `Stub.actions`.
final class ActionLog<Action> {
    var actions: [Action] = []
}

extension Reactor {
    /// Whether the reactor is stubbed; settable on a `let` reactor. See `Stub`.
    public var isStubEnabled: Bool {
        get { reactorStorage.isStubEnabled }
        set { reactorStorage.isStubEnabled = newValue }
    }

    /// The reactor's stub. See `Stub`.
    public var stub: Stub<Self> {
        let storage = reactorStorage
        if let stub = storage.stub as? Stub<Self> {
            return stub
        }
        let stub = Stub<Self>(parts: stubParts)
        storage.stub = stub
        return stub
    }

    var stubParts: StubParts<Action, State> {
        let storage = reactorStorage
        if let parts = storage.stubParts {
            return unsafeDowncast(parts, to: StubParts<Action, State>.self)
        }
        let parts = StubParts<Action, State>(initialState: initialState)
        storage.stubParts = parts
        return parts
    }
}
