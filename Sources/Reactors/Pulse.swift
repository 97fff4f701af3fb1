/// A state property whose every assignment is an event, even of an equal value (ReactorKit's `Pulse`).
///
/// Declare it in a reactor's state, `@Pulse var toast: String?`, and observe it with
/// `reactor.pulse(\.$toast)`, which emits on every assignment rather than on every state change.
@propertyWrapper
public struct Pulse<Value> {
    /// The current value.
    public private(set) var value: Value
    /// Rises by one on every assignment, equal values included; wraps from `UInt.max` to 0.
    public internal(set) var valueUpdatedCount: UInt = 0

    /// A pulse holding `wrappedValue`, with `valueUpdatedCount` at 0: the initial value is not
    /// an assignment.
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    /// The current value. Every assignment, even of an equal value, raises `valueUpdatedCount`,
    /// so `pulse(_:)` emits it again.
    public var wrappedValue: Value {
        get { value }
        set {
            value = newValue
            valueUpdatedCount &+= 1
        }
    }

    /// The pulse itself, so `\.$name` is a key path to it.
    public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Sendable where Value: Sendable {}
