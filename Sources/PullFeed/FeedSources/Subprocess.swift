import CTerminalGuard
import Synchronization
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Runs `/bin/sh -c COMMAND` in its own session (so in its own process group, and without a
/// controlling terminal: what it writes to `/dev/tty`, a password prompt, cannot draw over the
/// app, and opening `/dev/tty` fails with an error on its stderr) with stdin from /dev/null,
/// collects stdout (as much as is needed) and stderr (64 KiB), and kills the whole group
/// (SIGKILL) on cancel or timeout, so no grandchild outlives a cancelled request. Its pipes are
/// close-on-exec from their creation, so commands spawned at the same time from other threads
/// never hold them open.
///
/// Foundation's `Process` cannot start a child in a new process group. swift-subprocess can,
/// but its API is async: started from a line source's blocking worker it stalls for about a
/// second whenever synchronous callers fill the concurrency pool (BENCHMARKS.md, "Starting a
/// command"), so this uses `posix_spawn` directly.
struct Subprocess {
    struct Output {
        var stdout: [UInt8]
        var stderr: [UInt8]
        var status: Int32
    }

    var command: String
    var environment: [String: String]
    var timeout: Double

    /// Bytes of stderr kept: enough for any message, bounded for a command that floods it.
    static let stderrLimit = 65536

    /// A started command: its process (group) and the read ends of its stdout and stderr.
    ///
    /// Every way of reading one ends with `reap(killing:)`, which leaves no process of its
    /// group behind.
    struct Spawned: Sendable {
        var pid: pid_t
        var stdout: Int32
        var stderr: Int32
        /// Whether the shell is reaped yet (shared by every copy).
        let life = GroupLife()

        /// Sends SIGKILL to the whole group, unless the shell was reaped: its id may be
        /// another process's group by then. Safe from any thread, at any time.
        func kill() { life.kill(pid) }

        /// Ends the run: kills the group first when it is not wanted any more (`killing`: its
        /// output was cut, stopped or timed out), waits for the shell, kills what is left of
        /// the group (grandchildren that kept running are no longer wanted) and forgets it.
        /// Returns the shell-style exit code.
        ///
        /// The shell is waited for without being reaped before the group is killed: while it is
        /// a zombie, its pid (the group's id) cannot be given to another process, whose group a
        /// late `kill` would otherwise hit.
        func reap(killing: Bool) -> Int32 {
            if killing { kill() }
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            kill()
            life.markReaped()
            ProcessGroups.remove(pid)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return Subprocess.exitCode(status)
        }
    }

    /// Adds `bytes` of stderr to `kept`, up to `stderrLimit` in all.
    static func keepStderr(_ bytes: ArraySlice<UInt8>, in kept: inout [UInt8]) {
        kept.append(contentsOf: bytes.prefix(max(0, stderrLimit - kept.count)))
    }

    /// Starts the command in its own session and process group, registered in `ProcessGroups`.
    func spawn() -> Result<Spawned, SourceError> {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pf_make_spawn_pipe(&outPipe) == 0 else { return .failure(SourceError("cannot create a pipe")) }
        guard pf_make_spawn_pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return .failure(SourceError("cannot create a pipe"))
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // A new session: its own process group (pgid = pid) and no controlling terminal.
        posix_spawnattr_setflags(
            &attributes,
            Int16(pf_spawn_new_session_flag() | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ["/bin/sh", "-c", command]
        let envp = env.map { "\($0.key)=\($0.value)" }

        var pid: pid_t = 0
        let spawnResult = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnv in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgv, cEnv)
            }
        }
        close(outPipe[1])
        close(errPipe[1])
        guard spawnResult == 0 else {
            close(outPipe[0]); close(errPipe[0])
            return .failure(SourceError("cannot run /bin/sh: \(String(cString: strerror(spawnResult)))"))
        }
        ProcessGroups.insert(pid)
        return .success(Spawned(pid: pid, stdout: outPipe[0], stderr: errPipe[0]))
    }

    /// Runs to completion (blocking the calling thread) or until cancelled or timed out, keeping
    /// at most `maxLines` lines of stdout (then the command is stopped: nothing more is needed)
    /// and 64 KiB of stderr. The deadline is on the monotonic clock.
    func run(token: CancellationToken, maxLines: Int = Int.max) -> Result<Output, SourceError> {
        let spawned: Spawned
        switch spawn() {
        case .failure(let error): return .failure(error)
        case .success(let s): spawned = s
        }
        token.onCancel { spawned.kill() }

        var output = Output(stdout: [], stderr: [], status: 0)
        // No limit (`--timeout 0`): a deadline no run reaches.
        let deadline = timeout > 0 ? DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9) : UInt64.max / 2
        var timedOut = false
        var enough = false
        var lines = 0
        var open = [spawned.stdout, spawned.stderr]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty, !token.isCancelled, !enough {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { timedOut = true; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(deadline - now, 100_000_000) / 1_000_000) + 1)
            if ready < 0 && errno != EINTR { break }
            for p in fds where p.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if p.fd == spawned.stdout {
                        output.stdout.append(contentsOf: chunk[0..<n])
                        lines += chunk[0..<n].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                        if lines >= maxLines { enough = true }
                    } else {
                        Self.keepStderr(chunk[0..<n], in: &output.stderr)
                    }
                } else if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                    close(p.fd)
                    open.removeAll { $0 == p.fd }
                }
            }
        }
        for fd in open { close(fd) }
        let code = spawned.reap(killing: timedOut || token.isCancelled || !open.isEmpty)

        if token.isCancelled { return .failure(SourceError("cancelled")) }
        if timedOut {
            return .failure(SourceError("command timed out after \(Self.format(timeout)) s"))
        }
        output.status = enough ? 0 : code
        return .success(output)
    }

    /// The shell-style exit code: the status, or 128 + signal number.
    static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The first non-empty line of stderr, or a description of the exit status.
    static func failureReason(_ output: Output) -> String {
        if let line = firstStderrLine(output) { return line }
        if output.status > 128 { return "command killed by signal \(output.status - 128)" }
        return "command exited with status \(output.status)"
    }

    /// The first line of stderr that is not blank, if any.
    static func firstStderrLine(_ output: Output) -> String? {
        let text = String(decoding: output.stderr, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .first(where: { !$0.allSatisfy(\.isWhitespace) })
            .map(String.init)
    }
}

/// Whether a command's shell is reaped yet. Until then its pid, which is its group's id, is
/// its own, and signalling the group is safe; after, the id may have gone to another process.
final class GroupLife: Sendable {
    private let reaped = Mutex(false)

    /// SIGKILL to group `group`, unless its shell was reaped.
    func kill(_ group: pid_t) {
        reaped.withLock { if !$0 { _ = Glibc.kill(-group, SIGKILL) } }
    }

    /// The shell is about to be reaped: no signal goes to its group from now on.
    func markReaped() {
        reaped.withLock { $0 = true }
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return body(pointers + [nil])
}
