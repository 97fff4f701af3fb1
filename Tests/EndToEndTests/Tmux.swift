import Foundation

/// Drives a program in a real terminal: a detached tmux session of a fixed size on a private
/// tmux server (its own socket, no user configuration), so tests can send keys and read the
/// screen as the user would see it.
///
/// ```swift
/// let tmux = try Tmux(command: [binary.path], environment: ["LANG": "C.UTF-8"])
/// defer { tmux.kill() }
/// try tmux.waitFor("Item 000001")
/// tmux.sendKeys("Down", "q")
/// ```
final class Tmux {
    /// Why a tmux command failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The tmux executable, if one is installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin", "/bin"] {
            let candidate = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }

    /// The package root, found from this file's location.
    static func packageRoot(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A product built by `swift build` (debug), or nil if it has not been built.
    /// `PULLFEED_E2E_BINARY` names another `pullfeed` to drive instead (an older build, to see
    /// a test fail on it).
    static func builtProduct(_ name: String) -> URL? {
        if name == "pullfeed", let path = ProcessInfo.processInfo.environment["PULLFEED_E2E_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let root = packageRoot()
        for dir in [".build/debug", ".build/release"] {
            let url = root.appendingPathComponent(dir).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    let socket: String
    let session = "e2e"
    let columns: Int
    let rows: Int

    private static let counter = Counter()

    /// Starts `command` (an argument vector, run directly, not through a shell) in a new
    /// session of `columns`×`rows` with a clean environment: `PATH`, `HOME`, `TERM`
    /// (`tmux-256color`) and `LANG` (`C.UTF-8`) plus `environment`.
    init(columns: Int = 80, rows: Int = 24, command: [String], environment: [String: String] = [:]) throws {
        guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
        _ = executable
        self.columns = columns
        self.rows = rows
        socket = "pullfeed-e2e-\(getpid())-\(Self.counter.next())"
        var env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": NSTemporaryDirectory(),
            "TERM": "tmux-256color",
            "LANG": "C.UTF-8",
        ]
        env.merge(environment) { $1 }
        // `env -i` gives the program exactly this environment, whatever tmux's own is.
        let envArgs = ["env", "-i"] + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let shellCommand = (envArgs + command).map(Self.shellQuote).joined(separator: " ")
        try run(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", shellCommand])
        try run(["set-option", "-t", session, "remain-on-exit", "on"])
    }

    deinit { kill() }

    /// Sends tmux key names (`"Down"`, `"C-c"`, `"Escape"`, `"PageDown"`) or, with
    /// `literal`, text typed as is.
    func sendKeys(_ keys: String..., literal: Bool = false) {
        _ = try? run(["send-keys", "-t", session] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen, one line per row (trailing spaces removed by tmux).
    func capture() -> String {
        (try? run(["capture-pane", "-p", "-t", session])) ?? ""
    }

    /// The visible screen with its colours and attributes as escape sequences (`capture-pane -e`).
    func captureStyled() -> String {
        (try? run(["capture-pane", "-p", "-e", "-t", session])) ?? ""
    }

    /// Polls the screen until `predicate` holds; returns the last screen, or throws with it.
    @discardableResult
    func waitUntil(timeout: Double = 10, _ what: String, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            if Date() > deadline {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); screen:\n\(screen)")
            }
            usleep(20_000)
            screen = capture()
        }
        return screen
    }

    /// Waits until `text` is on the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitUntil(timeout: timeout, "\"\(text)\"") { $0.contains(text) }
    }

    /// Waits until the program exited; returns its exit status.
    func waitForExit(timeout: Double = 10) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let out = (try? run(["display-message", "-p", "-t", session, "#{pane_dead} #{pane_dead_status}"])) ?? ""
            let parts = out.split(separator: " ")
            if parts.first == "1", parts.count > 1, let status = Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            if Date() > deadline { throw Failure(description: "the program did not exit within \(timeout) s; screen:\n\(capture())") }
            usleep(20_000)
        }
    }

    /// Resizes the window (the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program in the pane.
    func panePID() -> Int32? {
        Int32((try? run(["display-message", "-p", "-t", session, "#{pane_pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// Whether the pane shows the alternate screen.
    func isAlternateScreenOn() -> Bool {
        (try? run(["display-message", "-p", "-t", session, "#{alternate_on}"]))?.hasPrefix("1") ?? false
    }

    /// Ends the session and its private server.
    func kill() {
        _ = try? run(["kill-server"])
    }

    /// Runs one tmux command and returns its output. Spawned with `posix_spawn` and reaped
    /// with `waitpid` (Foundation's `Process` can miss the exit of a client whose server it
    /// forked); output goes through a temporary file, not a pipe, because the forked tmux
    /// server inherits the descriptor and would keep a pipe open forever.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "\(socket)-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        let argv = [Self.executable ?? "/usr/bin/tmux", "-L", socket] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        // Test runners block most signals on their threads; tmux (and the program it starts)
        // must not inherit that mask, or it would never see SIGCHLD, SIGTERM or SIGWINCH.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run tmux: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        guard exited, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    static func shellQuote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
