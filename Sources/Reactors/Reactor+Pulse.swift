extension Reactor {
    /// The values assigned to a `@Pulse` state property: the current value on subscription, then one
    /// value per assignment (equal values included), and nothing for other state changes.
    ///
    ///     reactor.pulse(\.$toast).sink { toast in ... }
    public func pulse<Value>(_ keyPath: KeyPath<State, Pulse<Value>>) -> AnyPublisher<Value, Never> {
        state
            .map { $0[keyPath: keyPath] }
            .removeDuplicates { $0.valueUpdatedCount == $1.valueUpdatedCount }
            .map { $0.value }
            .eraseToAnyPublisher()
    }
}
