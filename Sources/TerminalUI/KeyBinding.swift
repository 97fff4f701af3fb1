/// One row of a key table: the keys that trigger `action` and the help text shown for them
/// in the status line (for example `"↑↓ move"`; empty to leave the binding out of the help).
public struct KeyBinding<Action> {
    public var keys: [Key]
    public var help: String
    public var action: Action

    public init(_ keys: [Key], help: String = "", action: Action) {
        self.keys = keys
        self.help = help
        self.action = action
    }
}

extension KeyBinding: Sendable where Action: Sendable {}
