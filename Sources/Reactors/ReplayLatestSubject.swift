/// A never-ending publisher that replays its latest value (if any) to each new subscriber.
final class ReplayLatestSubject<Output>: Publisher {
    typealias Failure = Never

    private(set) var latest: Output?
    private let broadcast = Broadcast<Output>(keepsLatest: true)

    init(_ initial: Output? = nil) {
        latest = initial
    }

    func send(_ value: Output) {
        latest = value
        broadcast.send(value)
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        broadcast.attach(subscriber, replaying: latest)
    }
}
