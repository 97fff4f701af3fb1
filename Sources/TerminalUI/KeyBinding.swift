/// One row of a key table: the keys that trigger `action`, the help text shown for them in
/// the status line (for example `"↑↓ move"`; empty to leave the binding out of it), and a
/// longer description for the full list of keys (`KeyMap.keyList`).
public struct KeyBinding<Action> {
    public var keys: [Key]
    public var help: String
    /// What the binding does, for the full list of keys (for example "Move the selection up").
    /// Empty to leave the binding out of that list.
    public var longHelp: String
    /// How the keys are named in the full list (for example "↑ k Ctrl-P"); empty to name
    /// them from `keys`.
    public var keyNames: String
    /// Which help texts stay when the help line is too long for the screen: lower first
    /// (`KeyMap.helpLine(fittingWidth:)`).
    public var helpPriority: Int
    public var action: Action

    public init(_ keys: [Key], help: String = "", longHelp: String = "", keyNames: String = "",
                helpPriority: Int = 0, action: Action) {
        self.keys = keys
        self.help = help
        self.longHelp = longHelp
        self.keyNames = keyNames
        self.helpPriority = helpPriority
        self.action = action
    }

    /// `keyNames`, or the keys' own names separated by spaces.
    public var keysDescription: String {
        keyNames.isEmpty ? keys.map(\.description).joined(separator: " ") : keyNames
    }
}

extension KeyBinding: Sendable where Action: Sendable {}
