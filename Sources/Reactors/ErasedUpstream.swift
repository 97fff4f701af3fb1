/// A publisher that subscribes a `Forwarder` of its subscriber to the publisher it erases.
@usableFromInline
struct ErasedUpstream<Output, Failure: Error>: Publisher {
    let subscribeUpstream: (Forwarder<Output, Failure>) -> Void

    @usableFromInline
    init(_ subscribeUpstream: @escaping (Forwarder<Output, Failure>) -> Void) {
        self.subscribeUpstream = subscribeUpstream
    }

    @usableFromInline
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeUpstream(Forwarder(subscriber))
    }
}
