/// What a key bound with `--bind` does; a key runs a chain of them (`execute(…)+refresh`).
package enum BoundAction: Hashable, Sendable {
    /// Hands the terminal to `sh -c COMMAND` (its placeholders filled in) until it ends, then
    /// shows the list again, in place.
    case execute(String)
    /// Runs `sh -c COMMAND` in the background (stdin from /dev/null, output discarded); a
    /// failure is a toast with its exit status. The actions after it run when it ends.
    case executeSilent(String)
    /// Refreshes, keeping the place (as `r`).
    case refresh
    /// Prints the choice and exits (as Enter).
    case accept
    /// Marks or unmarks the selected row (with `--multi`; nothing without it).
    case toggle
    /// Opens or closes the preview pane.
    case togglePreview
    case up, down, top, bottom

    /// The actions that take no command, by the name `--bind` gives them.
    package static let plain: [String: BoundAction] = [
        "refresh": .refresh, "accept": .accept, "toggle": .toggle, "toggle-preview": .togglePreview,
        "up": .up, "down": .down, "top": .top, "bottom": .bottom,
    ]

    /// The actions that take a command, by name.
    package static let withCommand: [String: @Sendable (String) -> BoundAction] = [
        "execute": { .execute($0) }, "execute-silent": { .executeSilent($0) },
    ]

    /// The action as `--bind` writes it: `refresh`, `execute(kill {2})`.
    package var name: String {
        switch self {
        case .execute(let command): "execute(\(command))"
        case .executeSilent(let command): "execute-silent(\(command))"
        case .refresh: "refresh"
        case .accept: "accept"
        case .toggle: "toggle"
        case .togglePreview: "toggle-preview"
        case .up: "up"
        case .down: "down"
        case .top: "top"
        case .bottom: "bottom"
        }
    }

    /// The command it runs, if it runs one.
    package var command: String? {
        switch self {
        case .execute(let command), .executeSilent(let command): command
        default: nil
        }
    }
}
