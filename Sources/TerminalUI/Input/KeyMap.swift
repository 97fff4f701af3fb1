import TerminalText

/// Keybindings as data: the input handler looks actions up here and the status line shows
/// `helpLine`, derived from the same table, so the two cannot disagree.
///
/// When a key appears in several bindings the first one wins.
public struct KeyMap<Action> {
    /// The bindings, in table order (the order of the help line and the key list).
    public let bindings: [KeyBinding<Action>]
    /// The help texts of the bindings that have one, in table order, separated by two spaces.
    public let helpLine: String
    private let index: [Key: Int]

    /// A key map of `bindings`, in that order; a key bound twice triggers its first binding.
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

    /// The help line cut to `width` columns by leaving out whole entries: entries are kept by
    /// `helpPriority` (lowest first, then table order) while they fit, and shown in table order.
    public func helpLine(fittingWidth width: Int) -> String {
        if TextWidth.of(helpLine) <= width { return helpLine }
        let entries = bindings.indices.filter { !bindings[$0].help.isEmpty }
        var kept = Set<Int>()
        var used = 0
        for i in entries.sorted(by: { (bindings[$0].helpPriority, $0) < (bindings[$1].helpPriority, $1) }) {
            let cost = TextWidth.of(bindings[i].help) + (kept.isEmpty ? 0 : 2)
            guard used + cost <= width else { continue }
            kept.insert(i)
            used += cost
        }
        return entries.filter(kept.contains).map { bindings[$0].help }.joined(separator: "  ")
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
