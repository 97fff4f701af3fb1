/// Passes on an upstream's values except those it sends while being subscribed to: the replayed
/// current value of a replaying stream such as a reactor's `state`. Unlike `dropFirst()`, it drops
/// nothing when the upstream has no value to replay.
struct SkipReplay<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let inner = Inner(downstream: subscriber)
        upstream.subscribe(inner)
        inner.isSubscribing = false
    }

    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output
        typealias Failure = Upstream.Failure

        let downstream: Downstream
        var isSubscribing = true

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if isSubscribing {
                return .max(1)
            }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
