#if canImport(Glibc)
import Synchronization
import Glibc
#endif
import CursesBackend
import TerminalUI

/// The process groups of the commands running right now, so that leaving the app (q, a
/// chosen line, SIGINT/SIGTERM/SIGHUP) kills them too, whatever still holds their requests;
/// `TerminalGuard` is told as well, so a crash or SIGQUIT kills them from its signal handler.
enum ProcessGroups {
    private static let groups = Mutex(Set<pid_t>())

    static func insert(_ group: pid_t) {
        groups.withLock {
            $0.insert(group)
            TerminalGuard.childGroupStarted(group)
        }
    }

    static func remove(_ group: pid_t) {
        groups.withLock {
            $0.remove(group)
            TerminalGuard.childGroupEnded(group)
        }
    }

    static func contains(_ group: pid_t) -> Bool {
        groups.withLock { $0.contains(group) }
    }

    /// Sends SIGKILL to every running command's process group.
    static func killAll() {
        for group in groups.withLock({ $0 }) { kill(-group, SIGKILL) }
    }
}
