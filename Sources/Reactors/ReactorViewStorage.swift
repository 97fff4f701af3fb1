/// Holds a `ReactorView`'s reactor and bindings. Declare it as
/// `let reactorViewStorage = ReactorViewStorage<MyReactor>()`.
public final class ReactorViewStorage<Reactor: Reactors.Reactor> {
    var reactor: Reactor?
    var cancellables = Set<AnyCancellable>()

    /// Empty storage: no reactor and no bindings until `reactor` is set.
    public init() {}
}
