/// The state of a `SectionReactor`: the items of the one list section it owns.
public protocol SectionReactorState {
    associatedtype SectionItem
    /// The section's rows, in order.
    var sectionItems: [SectionItem] { get }
}
