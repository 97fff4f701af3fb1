import Synchronization
import TerminalUI

/// A thread-safe "stop" flag for work running off the UI thread, with hooks that run once
/// when it is cancelled (used to kill a running command).
package final class CancellationToken: @unchecked Sendable {
    private struct Status {
        var cancelled = false
        var handlers: [@Sendable () -> Void] = []
    }

    private let status = Mutex(Status())

    package init() {}

    package var isCancelled: Bool { status.withLock { $0.cancelled } }

    /// Runs `handler` when the token is cancelled, or at once if it already is.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = status.withLock { s -> Bool in
            if s.cancelled { return true }
            s.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    package func cancel() {
        let toRun = status.withLock { s -> [@Sendable () -> Void] in
            if s.cancelled { return [] }
            s.cancelled = true
            defer { s.handlers = [] }
            return s.handlers
        }
        toRun.forEach { $0() }
    }
}
