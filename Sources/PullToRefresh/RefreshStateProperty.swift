import OpenCombine

/// A component's state as a two-way reactive property (like RxSwift's `ControlProperty`):
/// as a `Publisher` it emits the current state on subscription and then
/// every change; as a `Subscriber` it sets the state with `RefreshComponent.apply(_:)`.
///
/// Bind `.refreshing` from the property into a reactor action, and the reactor's refreshing
/// state back into the property: the same-state rule makes the round trip a no-op.
/// To start requests, prefer `refreshingPublisher`, which honours the park step (a refresh
/// ended during it sends no request); this property reports `.refreshing` as soon as the
/// state changes. It holds the component weakly and completes when the component is gone.
public final class RefreshStateProperty: Publisher, Subscriber {
    public typealias Output = RefreshState
    public typealias Input = RefreshState
    public typealias Failure = Never

    private weak var component: RefreshComponent?
    private let changes: AnyPublisher<RefreshState, Never>

    /// The state property of `component`, which it holds weakly. Usually reached through the
    /// component's `stateProperty`.
    public init(_ component: RefreshComponent) {
        self.component = component
        self.changes = component.stateChanges
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == RefreshState, S.Failure == Never {
        guard let component else {
            Empty<RefreshState, Never>().receive(subscriber: subscriber)
            return
        }
        Just(component.state).append(changes).receive(subscriber: subscriber)
    }

    public func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    public func receive(_ input: RefreshState) -> Subscribers.Demand {
        component?.apply(input)
        return .none
    }

    public func receive(completion: Subscribers.Completion<Never>) {}
}
