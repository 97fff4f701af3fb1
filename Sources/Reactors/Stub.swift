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
