/// A reactor that owns one section of a list (after devxoul/SectionReactor).
///
/// A list reactor keeps its section reactors in its state and, in `transform(state:)`, uses
/// `with(section:)` so that any section's change re-emits the list's state:
///
///     func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
///         state.with(section: \.articleSections)
///     }
public protocol SectionReactor: Reactor where State: SectionReactorState {}
