import TerminalUI

/// The keys bound with `--bind`, in the order given; a key bound again takes its last
/// binding (as fzf does).
package struct BindingList: Equatable, Sendable {
    /// One key and the actions it runs, in order.
    package struct Binding: Equatable, Sendable {
        package var key: Key
        /// The key as it was written (`ctrl-k`).
        package var keyName: String
        package var actions: [BoundAction]

        package init(key: Key, keyName: String, actions: [BoundAction]) {
            self.key = key
            self.keyName = keyName
            self.actions = actions
        }

        /// The actions as `--bind` writes them: `execute-silent(kubectl delete pod {1})+refresh`.
        package var actionsText: String { actions.map(\.name).joined(separator: "+") }
    }

    /// One binding per key, in the order the keys were first bound.
    package private(set) var bindings: [Binding] = []
    /// Each bound command's placeholders, parsed once, by the command's text (a command that
    /// is not a valid template has none, and runs as written; the command line refuses it).
    package private(set) var templates: [String: RowTemplate] = [:]

    package init() {}

    /// The bindings of every `--bind` value in `values`, each a comma-separated list of
    /// `KEY:ACTION[+ACTION…]` (see `BindingParser`); their commands' fields split on
    /// `delimiter` (nil: runs of blanks).
    package init(parsing values: [String], delimiter: String? = nil) throws(BindingParser.Failure) {
        for value in values {
            for binding in try BindingParser.parse(value) { add(binding) }
        }
        templates = templates(delimiter: delimiter)
    }

    /// The commands' templates with their fields split on `delimiter` instead (a source of its
    /// own, in a dashboard).
    package func templates(delimiter: String?) -> [String: RowTemplate] {
        var templates: [String: RowTemplate] = [:]
        for command in bindings.flatMap({ $0.actions.compactMap(\.command) }) {
            templates[command] = try? RowTemplate(parsing: command, delimiter: delimiter)
        }
        return templates
    }

    /// Adds `binding`, replacing the one its key had.
    package mutating func add(_ binding: Binding) {
        if let i = bindings.firstIndex(where: { $0.key == binding.key }) {
            bindings[i] = binding
        } else {
            bindings.append(binding)
        }
    }

    package var isEmpty: Bool { bindings.isEmpty }

    /// The actions bound to `key`, if it is bound.
    package func actions(for key: Key) -> [BoundAction]? {
        bindings.first { $0.key == key }?.actions
    }

    /// The keys bound.
    package var keys: Set<Key> { Set(bindings.map(\.key)) }
}
