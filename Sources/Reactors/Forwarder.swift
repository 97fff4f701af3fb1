/// A subscriber that hands everything it receives to the subscriber it was made from.
@usableFromInline
final class Forwarder<Input, Failure: Error>: Subscriber {
    private let onSubscription: (any Subscription) -> Void
    private let onInput: (Input) -> Subscribers.Demand
    private let onCompletion: (Subscribers.Completion<Failure>) -> Void

    @usableFromInline
    init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        onSubscription = { subscriber.receive(subscription: $0) }
        onInput = { subscriber.receive($0) }
        onCompletion = { subscriber.receive(completion: $0) }
    }

    @usableFromInline
    func receive(subscription: any Subscription) {
        onSubscription(subscription)
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        onInput(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        onCompletion(completion)
    }
}
