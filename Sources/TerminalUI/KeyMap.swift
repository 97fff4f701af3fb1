/// Keybindings as data: the input handler looks actions up here and the status line shows
/// `helpLine`, derived from the same table, so the two cannot disagree.
///
/// When a key appears in several bindings the first one wins.
public struct KeyMap<Action> {
    public let bindings: [KeyBinding<Action>]
    /// The help texts of the bindings that have one, in table order, separated by two spaces.
    public let helpLine: String
    private let index: [Key: Int]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
        var index: [Key: Int] = [:]
        for (i, binding) in bindings.enumerated() {
            for key in binding.keys where index[key] == nil { index[key] = i }
        }
        self.index = index
        helpLine = bindings.lazy.map(\.help).filter { !$0.isEmpty }.joined(separator: "  ")
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> Action? {
        index[key].map { bindings[$0].action }
    }
}

extension KeyMap: Sendable where Action: Sendable {}
