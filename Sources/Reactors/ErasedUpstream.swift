/// A publisher that subscribes a `Forwarder` of its subscriber to the publisher it erases.
struct ErasedUpstream<Output, Failure: Error>: Publisher {
    let subscribeUpstream: (Forwarder<Output, Failure>) -> Void

    init(_ subscribeUpstream: @escaping (Forwarder<Output, Failure>) -> Void) {
        self.subscribeUpstream = subscribeUpstream
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeUpstream(Forwarder(subscriber))
    }
}
