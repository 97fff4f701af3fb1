// OpenCombine 0.14 has no merge operators. These are ours, named so that nothing is declared in
// OpenCombine's namespace (its `Publishers`, or `Publisher` methods): they cannot clash with the
// operators a later OpenCombine may add.

/// The elements of several publishers as they arrive; finishes when all finish, fails when any
/// fails. Make one with `merge(_:_:)`, `merge(_:_:_:)` or `mergeMany(_:)`.
public struct MergedPublisher<Output, Failure: Error>: Publisher {
    /// The merged publishers, in the order given.
    public let publishers: [AnyPublisher<Output, Failure>]

    /// Merges `publishers`, all subscribed to at once when the merged publisher is subscribed
    /// to (no limit on how many run together).
    public init<S: Swift.Sequence>(_ publishers: S) where S.Element == AnyPublisher<Output, Failure> {
        self.publishers = Array(publishers)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        Publishers.FlatMap(
            upstream: Publishers.Sequence<[AnyPublisher<Output, Failure>], Failure>(sequence: publishers),
            maxPublishers: .unlimited
        ) { $0 }
        .receive(subscriber: subscriber)
    }
}

/// The elements of `a` and `b` as they arrive (Combine's `Publishers.Merge`).
public func merge<A: Publisher, B: Publisher>(_ a: A, _ b: B) -> MergedPublisher<A.Output, A.Failure>
where A.Output == B.Output, A.Failure == B.Failure {
    MergedPublisher([a.erased(), b.erased()])
}

/// The elements of `a`, `b` and `c` as they arrive (Combine's `Publishers.Merge3`).
public func merge<A: Publisher, B: Publisher, C: Publisher>(_ a: A, _ b: B, _ c: C) -> MergedPublisher<A.Output, A.Failure>
where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
    MergedPublisher([a.erased(), b.erased(), c.erased()])
}

/// The elements of every publisher in `publishers` as they arrive (Combine's `Publishers.MergeMany`).
public func mergeMany<S: Swift.Sequence>(_ publishers: S) -> MergedPublisher<S.Element.Output, S.Element.Failure>
where S.Element: Publisher {
    MergedPublisher(publishers.map { $0.erased() })
}
