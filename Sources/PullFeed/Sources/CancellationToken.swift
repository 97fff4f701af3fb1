import Foundation

/// A thread-safe "stop" flag for work running off the UI thread, with hooks that run once
/// when it is cancelled (used to kill a running command).
public final class CancellationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var handlers: [@Sendable () -> Void] = []

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `handler` when the token is cancelled, or at once if it already is.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    public func cancel() {
        let toRun = lock.withLock { () -> [@Sendable () -> Void] in
            if cancelled { return [] }
            cancelled = true
            defer { handlers = [] }
            return handlers
        }
        toRun.forEach { $0() }
    }
}
