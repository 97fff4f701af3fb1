/// Runs the commands of bound keys (`execute`, `execute-silent`): the shell in the app,
/// something scripted in tests.
package protocol BoundCommandRunning: AnyObject {
    /// Runs `command` with the terminal handed to it, until it ends; returns its exit status
    /// (128 + a signal's number when one ended it; 127 when it could not start).
    func runInTerminal(_ command: String) -> Int32
    /// Starts `command` in the background; `done` runs later on the UI thread with its exit
    /// status and the first line of its stderr, if any.
    func runSilently(_ command: String, done: @escaping (Int32, String?) -> Void)
}

/// The runner of a screen that has no terminal to hand over (tests that do not run
/// commands): nothing runs, and each command counts as failed with status 127.
package final class NoCommandRunner: BoundCommandRunning {
    package init() {}
    package func runInTerminal(_ command: String) -> Int32 { 127 }
    package func runSilently(_ command: String, done: @escaping (Int32, String?) -> Void) { done(127, nil) }
}
