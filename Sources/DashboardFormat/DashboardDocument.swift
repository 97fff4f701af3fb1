/// A dashboard file as read: its top-level keys, and its sources, each a list of keys, every key
/// with the line it is on.
///
/// Only the file's shape is checked when it is read (a mapping at the top, `sources:` a list of
/// mappings, keys that are names); what each key means, and whether its value fits, is the app's
/// to say, with the options' own rules.
package struct DashboardDocument: Equatable, Sendable {
    /// A key's value as the file writes it.
    package enum Value: Equatable, Sendable {
        /// One value, as written; `bool` is what YAML reads it as when it reads it as a boolean
        /// (`true`, `false`, `yes`, `no`, `on`, `off`, unquoted), else nil.
        case text(String, bool: Bool?)
        /// No value at all (`every:` or `every: ~`).
        case null
        /// A list of values (`bind: [a, b]`).
        case list([String])
        /// What no option takes, described for a message: "a mapping", "a list of lists".
        case structure(String)
    }

    /// One key of a mapping, with the line of the key.
    package struct Entry: Equatable, Sendable {
        package var key: String
        package var value: Value
        package var line: Int

        package init(key: String, value: Value, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// One item of `sources:`: where it starts, and its keys in the file's order.
    package struct Source: Equatable, Sendable {
        package var line: Int
        package var entries: [Entry]

        package init(line: Int, entries: [Entry]) {
            self.line = line
            self.entries = entries
        }
    }

    /// The top-level keys other than `sources:`, in the file's order.
    package var defaults: [Entry]
    /// The line of the `sources:` key; nil when the file has none.
    package var sourcesLine: Int?
    package var sources: [Source]

    package init(defaults: [Entry] = [], sourcesLine: Int? = nil, sources: [Source] = []) {
        self.defaults = defaults
        self.sourcesLine = sourcesLine
        self.sources = sources
    }
}
