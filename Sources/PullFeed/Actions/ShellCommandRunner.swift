import CTerminalGuard
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Locking
import TerminalUI

/// Runs bound commands with `/bin/sh -c`.
///
/// `execute`: in the foreground of the terminal, which `handOver` gives up for the time the
/// command runs (the normal screen, cooked mode) and takes back afterwards; the command's
/// stdin, stdout and stderr are the terminal, and Ctrl-C, Ctrl-\ and Ctrl-Z typed meanwhile are
/// its own (see `pf_run_foreground`). The UI thread waits for it, as `less` does for `v`.
///
/// `execute-silent`: in the background, in its own session (it cannot reach the terminal),
/// stdin from /dev/null, stdout discarded, stderr kept for the toast; no time limit. Like the
/// commands of a source, one still running when the app leaves is stopped.
package final class ShellCommandRunner: BoundCommandRunning {
    private let scheduler: LoopScheduler
    private let handOver: ((Int32) -> Int32) -> Int32

    /// - Parameters:
    ///   - scheduler: Where `runSilently`'s completions run (the UI thread).
    ///   - handOver: Gives the terminal up, runs its argument with the terminal's file
    ///     descriptor, takes the terminal back and returns what the argument returned.
    package init(scheduler: LoopScheduler, handOver: @escaping ((Int32) -> Int32) -> Int32) {
        self.scheduler = scheduler
        self.handOver = handOver
    }

    package func runInTerminal(_ command: String) -> Int32 {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        return handOver { terminalFD in
            let status = withCStrings(["/bin/sh", "-c", command]) { argv in
                withCStrings(environment) { envp in pf_run_foreground("/bin/sh", argv, envp, terminalFD) }
            }
            return status < 0 ? 127 : Subprocess.exitCode(status)
        }
    }

    package func runSilently(_ command: String, done: @escaping (Int32, String?) -> Void) {
        // The command's own stdout goes nowhere; its stderr is read for the toast.
        let process = Subprocess(command: "exec >/dev/null\n" + command, environment: [:], timeout: 0)
        let scheduler = scheduler
        // `done` goes back to the UI thread it came from, and runs only there.
        let finish = UncheckedSendable(done)
        DispatchQueue.global().async {
            let (status, message): (Int32, String?)
            switch process.run(token: CancellationToken()) {
            case .success(let output): (status, message) = (output.status, Subprocess.firstStderrLine(output))
            case .failure(let error): (status, message) = (127, error.reason)
            }
            scheduler.schedule { finish.value(status, message) }
        }
    }

    /// Calls `body` with a NULL-terminated C array of the strings.
}
