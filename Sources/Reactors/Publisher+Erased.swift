/// Type erasure that costs one boxed type per output type, not one per publisher type.
extension Publisher {
    /// This publisher as an `AnyPublisher`, through `ErasedUpstream`: the `AnyPublisher` holds an
    /// `ErasedUpstream<Output, Failure>`, and this publisher's subscribers see `Forwarder`s.
    ///
    /// `eraseToAnyPublisher()` makes the runtime build a box class, and cast the publisher, once
    /// for every publisher type it sees: a reactor's mutation streams, each a chain of operators
    /// of its own type, cost that the first time each runs (a quarter of the app's work before
    /// its first frame). Here the box and the cast are per output type, and the operators'
    /// inner subscribers are built around one subscriber type per output too. The values,
    /// demand and completion pass through unchanged.
    @inlinable
    package func erased() -> AnyPublisher<Output, Failure> {
        ErasedUpstream<Output, Failure> { self.subscribe($0) }.eraseToAnyPublisher()
    }
}

extension AnyPublisher {
    /// An `AnyPublisher` already: itself.
    @inlinable
    package func erased() -> AnyPublisher<Output, Failure> { self }
}
