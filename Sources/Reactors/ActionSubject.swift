/// The subject a reactor receives its actions through (ReactorKit's `ActionSubject`).
///
/// It has any number of subscribers, never completes and never fails: completions sent into it (for
/// example by a finished publisher bound with `publisher.subscribe(reactor.action)`) are ignored.
///
/// Sends are serialised: a value sent while the subject is delivering another one is queued and
/// delivered, in order, to every subscriber once the current delivery ends, before the outermost
/// `send` returns. Binding a publisher with `publisher.subscribe(reactor.action)` returns an
/// `AnyCancellable` that owns the binding, as in Combine.
public final class ActionSubject<Element>: Subject {
    public typealias Output = Element
    public typealias Failure = Never

    private let broadcast = Broadcast<Element>(keepsLatest: false)
    private var isSending = false
    private var queue: [Element] = []

    /// A subject with no subscribers yet. A reactor makes its own; clients use `reactor.action`.
    public init() {}

    public func send(_ value: Element) {
        if isSending {
            queue.append(value)
            return
        }
        isSending = true
        broadcast.send(value)
        while !queue.isEmpty {
            broadcast.send(queue.removeFirst())
        }
        isSending = false
    }

    /// Ignored: an `ActionSubject` never terminates.
    public func send(completion: Subscribers.Completion<Never>) {}

    public func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
        broadcast.attach(subscriber, replaying: nil)
    }
}
