extension Reactor {
    /// The values assigned to a `@Pulse` state property: the current value on subscription, then one
    /// value per assignment (equal values included), and nothing for other state changes.
    ///
    ///     reactor.pulse(\.$toast).sink { toast in ... }
    public func pulse<Value>(_ keyPath: KeyPath<State, Pulse<Value>>) -> AnyPublisher<Value, Never> {
        PulseValues(upstream: state, keyPath: keyPath).erased()
    }
}
