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
            guard let typed = parts as? StubParts<Action, State> else {
                fatalError("\(Self.self).reactorStorage holds the stub of another reactor (\(type(of: parts))): "
                           + "give each reactor its own `let reactorStorage = ReactorStorage()`")
            }
            return typed
        }
        let parts = StubParts<Action, State>(initialState: initialState)
        storage.stubParts = parts
        return parts
    }
}
