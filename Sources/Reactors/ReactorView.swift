/// A view bound to a reactor (ReactorKit's `View`).
///
/// A conformer declares `let reactorViewStorage = ReactorViewStorage<MyReactor>()` and implements
/// `bind(reactor:)`, storing its subscriptions in `cancellables`. Assigning `reactor` cancels the
/// old bindings and, for a non-nil reactor, calls `bind(reactor:)`; assigning nil only cancels.
public protocol ReactorView: AnyObject {
    associatedtype Reactor: Reactors.Reactor
    /// Where the view's reactor and bindings live.
    var reactorViewStorage: ReactorViewStorage<Reactor> { get }
    /// Subscribes the view to the reactor's state and feeds its actions; store subscriptions in `cancellables`.
    func bind(reactor: Reactor)
}

extension ReactorView {
    /// The bound reactor. Setting it rebinds (see `ReactorView`).
    public var reactor: Reactor? {
        get { reactorViewStorage.reactor }
        set {
            let storage = reactorViewStorage
            storage.cancellables.removeAll()
            storage.reactor = newValue
            if let newValue {
                bind(reactor: newValue)
            }
        }
    }

    /// The current bindings; cancelled when `reactor` is reassigned.
    public var cancellables: Set<AnyCancellable> {
        get { reactorViewStorage.cancellables }
        set { reactorViewStorage.cancellables = newValue }
    }
}
