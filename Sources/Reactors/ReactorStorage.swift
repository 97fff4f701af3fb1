/// Holds one reactor's streams: its action subject, state pipeline, current state and stub.
///
/// A conformer declares it once, `let reactorStorage = ReactorStorage()`, and never touches it (Linux
/// has no associated objects, so this stored property takes their place). It does not retain the
/// reactor, so releasing the reactor releases the storage and everything in it.
public final class ReactorStorage {
    /// The `ReactorCore<Action, Mutation, State>` once the pipeline is built.
    var core: AnyObject?
    /// The `StubParts<Action, State>` once the stub is first used.
    var stubParts: AnyObject?
    /// The last `Stub<R>` handed out, so repeated `stub` reads return the same object.
    var stub: AnyObject?
    var isStubEnabled = false

    /// Empty storage; the reactor's streams are built on first use of `action` or `state`.
    public init() {}
}
