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
