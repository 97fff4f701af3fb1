/// One row of a key table: the keys that trigger `action`, the help text shown for them in
/// the status line (for example `"↑↓ move"`; empty to leave the binding out of it), and a
/// longer description for the full list of keys (`KeyMap.keyList`).
public struct KeyBinding<Action> {
    /// The keys that trigger `action`.
    public var keys: [Key]
    /// The short help text in the status line (for example `"↑↓ move"`); empty to leave the
    /// binding out of it.
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
    /// What the keys do, handed back by `KeyMap.action(for:)`.
    public var action: Action

    /// A binding of `keys` to `action`; without help texts it is in neither the help line nor
    /// the key list.
    ///
    /// - Parameters:
    ///   - keys: The keys that trigger `action`.
    ///   - help: The short help text in the status line; empty to leave the binding out of it.
    ///   - longHelp: What the binding does, for the full list of keys; empty to leave it out.
    ///   - keyNames: How the keys are named in the full list; empty to name them from `keys`.
    ///   - helpPriority: Which help texts stay on a narrow screen: lower first.
    ///   - action: What the keys do.
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
