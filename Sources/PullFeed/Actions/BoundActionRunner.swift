/// Runs the actions a bound key gives (`--bind`), in order, on what the screen offers
/// (`Target`).
///
/// `execute` waits for its command (the terminal is the command's meanwhile); after
/// `execute-silent` the rest of the chain runs when its command ends, so
/// `execute-silent(kubectl delete pod {1})+refresh` refreshes once the pod is deleted. A command
/// that fails (an exit status other than 0) is a toast with its status and the first line of
/// its stderr. Commands have their placeholders filled in by `expand`, for the row selected
/// when the key was pressed.
package final class BoundActionRunner {
    /// What the actions act on.
    package struct Target {
        /// Does what a built-in key does (moves, refresh, Enter).
        package var perform: (FeedCommand) -> Void
        /// Marks or unmarks the selected row, without moving.
        package var toggleMark: () -> Void
        /// Opens or closes the preview pane.
        package var togglePreview: () -> Void
        package var toast: (Toast.Kind) -> Void

        package init(perform: @escaping (FeedCommand) -> Void, toggleMark: @escaping () -> Void,
                     togglePreview: @escaping () -> Void, toast: @escaping (Toast.Kind) -> Void) {
            self.perform = perform
            self.toggleMark = toggleMark
            self.togglePreview = togglePreview
            self.toast = toast
        }
    }

    /// Runs the commands.
    package var commands: BoundCommandRunning
    private let target: Target

    package init(target: Target, commands: BoundCommandRunning = NoCommandRunner()) {
        self.target = target
        self.commands = commands
    }

    /// Runs `actions` in order; `expand` fills in a command's placeholders.
    package func run(_ actions: ArraySlice<BoundAction>, expand: @escaping (String) -> String) {
        var rest = actions
        while let action = rest.popFirst() {
            switch action {
            case .execute(let command):
                let status = commands.runInTerminal(expand(command))
                if status != 0 { target.toast(.commandExited(status: status, message: nil)) }
            case .executeSilent(let command):
                commands.runSilently(expand(command)) { [weak self] status, message in
                    guard let self else { return }
                    if status != 0 { self.target.toast(.commandExited(status: status, message: message)) }
                    self.run(rest, expand: expand)
                }
                return
            case .refresh: target.perform(.refresh)
            case .accept: target.perform(.activate)
            case .toggle: target.toggleMark()
            case .togglePreview: target.togglePreview()
            case .up: target.perform(.move(.up))
            case .down: target.perform(.move(.down))
            case .top: target.perform(.move(.home))
            case .bottom: target.perform(.move(.end))
            }
        }
    }
}
