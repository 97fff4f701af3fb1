/// The subscriber list behind the module's subjects.
///
/// Delivers in subscription order and honours each subscriber's demand. Subscribing, cancelling and
/// sending from inside a delivery are all allowed: a send iterates the list as it was when it began.
/// Not thread-safe: a reactor and its streams are confined to one thread at a time.
final class Broadcast<Output> {
    private var conduits: [Conduit<Output>] = []
    private let keepsLatest: Bool

    /// - Parameter keepsLatest: when a subscriber has no demand, keep the newest value for its next
    ///   request (state semantics) instead of dropping it (action semantics).
    init(keepsLatest: Bool) {
        self.keepsLatest = keepsLatest
    }

    func attach<S: Subscriber>(_ subscriber: S, replaying latest: Output?)
    where S.Input == Output, S.Failure == Never {
        // A closure, not OpenCombine's `AnySubscriber`: that one probes every new subscriber
        // type with dynamic casts (CustomStringConvertible, CustomReflectable, …), and each
        // first probe scans every protocol conformance in the process (~7 M instructions at
        // start-up for the app's two dozen subscriptions).
        let conduit = Conduit(receive: { subscriber.receive($0) }, owner: self, keepsLatest: keepsLatest, pending: latest)
        conduits.append(conduit)
        subscriber.receive(subscription: conduit)
    }

    func send(_ value: Output) {
        for conduit in conduits {
            conduit.offer(value)
        }
    }

    func detach(_ conduit: Conduit<Output>) {
        if let index = conduits.firstIndex(where: { $0 === conduit }) {
            conduits.remove(at: index)
        }
    }
}

/// One subscriber's subscription to a `Broadcast`.
final class Conduit<Output>: Subscription {
    private var downstream: ((Output) -> Subscribers.Demand)?
    private var demand = Subscribers.Demand.none
    private var pending: Output?
    private let keepsLatest: Bool
    private weak var owner: Broadcast<Output>?

    init(receive downstream: @escaping (Output) -> Subscribers.Demand, owner: Broadcast<Output>, keepsLatest: Bool, pending: Output?) {
        self.downstream = downstream
        self.owner = owner
        self.keepsLatest = keepsLatest
        self.pending = pending
    }

    func offer(_ value: Output) {
        guard downstream != nil else { return }
        if demand > 0 {
            deliver(value)
        } else if keepsLatest {
            pending = value
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard downstream != nil else { return }
        self.demand += demand
        if self.demand > 0, let value = pending {
            pending = nil
            deliver(value)
        }
    }

    func cancel() {
        downstream = nil
        pending = nil
        owner?.detach(self)
        owner = nil
    }

    private func deliver(_ value: Output) {
        guard let downstream else { return }
        demand -= 1
        demand += downstream(value)
    }
}
