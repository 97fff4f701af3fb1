/// Receives one action's mutations for a `ReactorCore` and forwards them to the reduce stage,
/// until the action's publisher finishes (what `flatMap` does in ReactorKit's pipeline).
final class MutationSink<Mutation>: Subscriber, Cancellable {
    typealias Input = Mutation
    typealias Failure = Never

    private let forward: (Mutation) -> Void
    private var subscription: Subscription?
    var onFinish: () -> Void = {}

    init(forward: @escaping (Mutation) -> Void) {
        self.forward = forward
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Mutation) -> Subscribers.Demand {
        forward(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        subscription = nil
        onFinish()
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
