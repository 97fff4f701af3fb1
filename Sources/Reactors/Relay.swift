/// A subject without replay or queueing: each value goes straight to every subscriber.
final class Relay<Output>: Publisher {
    typealias Failure = Never

    private let broadcast = Broadcast<Output>(keepsLatest: false)

    func send(_ value: Output) {
        broadcast.send(value)
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        broadcast.attach(subscriber, replaying: nil)
    }
}
