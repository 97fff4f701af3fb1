import OpenCombine

/// The values of a `@Pulse` property in a state stream: the first state's value, then one value
/// per assignment. One subscriber does what `map`, `removeDuplicates` and `map` would, since
/// every state of a reactor passes through it.
struct PulseValues<Upstream: Publisher, Value>: Publisher where Upstream.Failure == Never {
    typealias Output = Value
    typealias Failure = Never

    let upstream: Upstream
    let keyPath: KeyPath<Upstream.Output, Pulse<Value>>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        upstream.subscribe(Inner(downstream: subscriber, keyPath: keyPath))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Value, Downstream.Failure == Never {
        typealias Input = Upstream.Output
        typealias Failure = Never

        private let downstream: Downstream
        private let keyPath: KeyPath<Upstream.Output, Pulse<Value>>
        private var lastCount: UInt?

        init(downstream: Downstream, keyPath: KeyPath<Upstream.Output, Pulse<Value>>) {
            self.downstream = downstream
            self.keyPath = keyPath
        }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            let pulse = input[keyPath: keyPath]
            guard pulse.valueUpdatedCount != lastCount else { return .max(1) }
            lastCount = pulse.valueUpdatedCount
            return downstream.receive(pulse.value)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            downstream.receive(completion: completion)
        }
    }
}
