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
        // Plain loops: `enumerated()`, `lazy.filter` and `joined` each cost ~0.2 M instructions of
        // type metadata the first time, and the app builds its key map before its first frame.
        var index: [Key: Int] = [:]
        var help = ""
        for i in bindings.indices {
            let binding = bindings[i]
            for key in binding.keys where index[key] == nil { index[key] = i }
            guard !binding.help.isEmpty else { continue }
            if !help.isEmpty { help += "  " }
            help += binding.help
        }
        self.index = index
        helpLine = help
    }

    /// The help line cut to `width` columns by leaving out whole entries: entries are taken
    /// in table order while they fit, so a short one near the end (quit) still shows when a
    /// long one before it does not.
    public func helpLine(fittingWidth width: Int) -> String {
        if TextWidth.of(helpLine) <= width { return helpLine }
        var line = ""
        var used = 0
        for binding in bindings where !binding.help.isEmpty {
            let cost = TextWidth.of(binding.help) + (line.isEmpty ? 0 : 2)
            guard used + cost <= width else { continue }
            if !line.isEmpty { line += "  " }
            line += binding.help
            used += cost
        }
        return line
    }

    /// Every binding that has a long help text, as the names of its keys and that text, in
    /// table order: the full list of keys (a help screen, `--help`).
    public var keyList: [(keys: String, help: String)] {
        bindings.compactMap { $0.longHelp.isEmpty ? nil : ($0.keysDescription, $0.longHelp) }
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> Action? {
        index[key].map { bindings[$0].action }
    }
}

extension KeyMap: Sendable where Action: Sendable {}
