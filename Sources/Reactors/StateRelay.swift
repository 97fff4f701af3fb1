/// A settable, replaying state stream: the stub's `state`.
///
/// Setting `value` stores it and emits it to every subscriber; a new subscriber receives the current
/// value first. It never completes.
public final class StateRelay<Element>: Publisher {
    public typealias Output = Element
    public typealias Failure = Never

    private let subject: ReplayLatestSubject<Element>

    /// The current value; setting it emits it.
    public var value: Element {
        didSet { subject.send(value) }
    }

    /// A relay whose current value is `value`; a subscriber receives it first.
    public init(_ value: Element) {
        self.value = value
        subject = ReplayLatestSubject(value)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }
}
