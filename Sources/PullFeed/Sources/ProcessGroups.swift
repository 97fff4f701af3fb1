import Foundation
import TerminalUI

/// The process groups of the commands running right now, so that leaving the app (q, a
/// chosen line, SIGINT/SIGTERM/SIGHUP) kills them too, whatever still holds their requests;
/// `TerminalGuard` is told as well, so a crash or SIGQUIT kills them from its signal handler.
enum ProcessGroups {
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    private static let lock = NSLock()

    static func insert(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        groups.insert(group)
        TerminalGuard.childGroupStarted(group)
    }

    static func remove(_ group: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        groups.remove(group)
        TerminalGuard.childGroupEnded(group)
    }

    static func contains(_ group: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return groups.contains(group)
    }

    /// Sends SIGKILL to every running command's process group.
    static func killAll() {
        lock.lock()
        let running = groups
        lock.unlock()
        for group in running { kill(-group, SIGKILL) }
    }
}
