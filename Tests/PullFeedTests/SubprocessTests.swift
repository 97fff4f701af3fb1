import Foundation
@testable import PullFeed
import Testing

/// A command's process group is signalled only while its shell is unreaped: after, its id may
/// belong to another process's group.
@Suite struct SubprocessTests {
    /// Whether `pid` runs: it exists and is not a zombie (one that was killed and not yet
    /// reaped still answers `kill(pid, 0)`).
    static func alive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[end.upperBound...].first.map { $0 != "Z" && $0 != "X" } ?? false
    }

    static func spawn(_ command: String) throws -> Subprocess.Spawned {
        try Subprocess(command: command, environment: [:], timeout: 0).spawn().get()
    }

    /// Once a shell is reaped, a late kill with its id does nothing: here that id is given a
    /// live group of another command, which survives it; that command's own kill ends it.
    @Test func aKillAfterTheReapReachesNoOtherGroup() throws {
        let done = try Self.spawn("exit 3")
        #expect(done.reap(killing: false) == 3)
        let other = try Self.spawn("sleep 30")
        // The reaped shell's guard, pointed at the live group (as a recycled id would be).
        done.life.kill(other.pid)
        usleep(100_000)
        #expect(Self.alive(other.pid))
        other.kill()
        #expect(other.reap(killing: false) == 128 + SIGKILL, "its own kill ends it")
    }

    /// Reaping kills what is left of the group (a grandchild still running) and gives the
    /// shell's own exit status.
    @Test func reapingKillsTheGrandchildrenAndKeepsTheStatus() throws {
        let pidFile = NSTemporaryDirectory() + "pullfeed-grandchild-\(UUID().uuidString)"
        defer { unlink(pidFile) }
        let spawned = try Self.spawn("sleep 30 & echo $! > '\(pidFile)'; exit 4")
        var grandchild: pid_t?
        for _ in 0..<500 where grandchild == nil {
            usleep(10_000)
            grandchild = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let child = try #require(grandchild)
        #expect(spawned.reap(killing: false) == 4)
        var gone = false
        for _ in 0..<200 where !gone {
            gone = !Self.alive(child)
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the grandchild outlived the reap")
    }
}
