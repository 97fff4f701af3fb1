import Foundation
import Testing

/// `pullfeed` in tmux for the hardening suites, run from a small shell script that, once the
/// app has exited, records its exit status and `stty -a` in files and then waits, so a test
/// can check how the terminal was left. With `recordOutput`, the app runs under `script`,
/// which keeps every byte the app wrote to its terminal (`outputBytes()`).
final class HardeningSession {
    let tmux: Tmux
    /// A private directory for the script's files and the test's fixtures.
    let directory: String
    let columns: Int
    let rows: Int
    private let ownsDirectory: Bool

    var statusPath: String { directory + "/status" }
    var sttyPath: String { directory + "/stty" }
    var typescriptPath: String { directory + "/typescript" }

    /// A fresh private directory (for fixtures written before the session starts).
    static func makeDirectory() -> String {
        let path = NSTemporaryDirectory() + "pullfeed-hard-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts `pullfeed ARGUMENTS`; `redirections` is shell text appended to its command line
    /// (e.g. `"< in.txt > out.txt"`), `prefix` shell text before it (e.g. `"TERM=dumb"`).
    /// A `directory` given by the caller is left for the caller to remove.
    init(_ arguments: [String], directory: String? = nil, columns: Int = 80, rows: Int = 24,
         prefix: String = "", redirections: String = "", recordOutput: Bool = false) throws {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        ownsDirectory = directory == nil
        let directory = directory ?? Self.makeDirectory()
        self.directory = directory
        self.columns = columns
        self.rows = rows
        var app = prefix + " " + ([binary.path] + arguments).map(Tmux.shellQuote).joined(separator: " ") + " " + redirections
        if recordOutput {
            app = "script -q -f -e -c \(Tmux.shellQuote(app)) \(Tmux.shellQuote(directory + "/typescript"))"
        }
        // The shell survives a Ctrl-C meant for the app (a trap, unlike ignoring, is not inherited).
        let script = "trap : INT; cd \(Tmux.shellQuote(directory)) || exit 1; \(app); echo $? > status; stty -a > stty; exec sleep 600"
        tmux = try Tmux(columns: columns, rows: rows, command: ["sh", "-c", script], environment: [
            "XDG_STATE_HOME": directory + "/state", "SWIFT_BACKTRACE": "enable=no",
        ])
        _ = try? tmux.run(["set-option", "-t", tmux.session, "window-size", "manual"])
    }

    deinit {
        // Also when a test failed half-way: `script` outlives the tmux server, so end the
        // whole process tree first.
        if let root = tmux.panePID() {
            for pid in Self.descendants(of: root) { kill(pid, SIGKILL) }
        }
        tmux.kill()
        if ownsDirectory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// The running app (found among the pane's descendants by its executable name).
    func appPID(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let root = tmux.panePID(), let pid = Self.descendant(of: root, named: "pullfeed") { return pid }
            usleep(20_000)
        }
        throw Tmux.Failure(description: "pullfeed did not start; screen:\n\(tmux.capture())")
    }

    static func descendants(of root: Int32) -> [Int32] {
        let all = ProcessProbe.all
        var found: [Int32] = []
        var frontier = [root]
        while let parent = frontier.popLast() {
            for child in all where child.parentPID == parent {
                found.append(child.pid)
                frontier.append(child.pid)
            }
        }
        return found
    }

    static func descendant(of root: Int32, named name: String) -> Int32? {
        let all = ProcessProbe.all
        var frontier = [root]
        while let parent = frontier.popLast() {
            for child in all where child.parentPID == parent && child.isAlive {
                let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child.pid)/cmdline"))) ?? Data()
                let argv0 = cmdline.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
                if argv0.hasSuffix("/" + name) { return child.pid }
                frontier.append(child.pid)
            }
        }
        return nil
    }

    /// The app's exit status, once the script recorded it.
    func exitStatus(timeout: Double = 10) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: statusPath, encoding: .utf8), let status = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
               FileManager.default.fileExists(atPath: sttyPath), ((try? String(contentsOfFile: sttyPath, encoding: .utf8)) ?? "").contains("echo") {
                return status
            }
            usleep(20_000)
        }
        throw Tmux.Failure(description: "pullfeed did not exit within \(timeout) s; screen:\n\(tmux.capture())")
    }

    /// The terminal modes `stty -a` showed after the app exited, as flags ("echo", "-echo", …).
    func sttyFlags() -> Set<String> {
        let text = (try? String(contentsOfFile: sttyPath, encoding: .utf8)) ?? ""
        return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`.
    func pane(_ format: String) -> String {
        ((try? tmux.run(["display-message", "-p", "-t", tmux.session, format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Checks that the terminal is back to normal: main screen, cursor visible, mouse
    /// reporting off, and echo, canonical mode, signals and CR translation on.
    func expectTerminalRestored(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(pane("#{alternate_on}") == "0", "\(context): still on the alternate screen", sourceLocation: sourceLocation)
        #expect(pane("#{cursor_flag}") == "1", "\(context): cursor hidden", sourceLocation: sourceLocation)
        #expect(pane("#{mouse_any_flag}") == "0", "\(context): mouse reporting left on", sourceLocation: sourceLocation)
        let flags = sttyFlags()
        for flag in ["echo", "icanon", "isig", "icrnl"] {
            #expect(flags.contains(flag) && !flags.contains("-" + flag), "\(context): stty shows \(flag) off: \(flags.sorted())",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every byte the app wrote to its terminal (with `recordOutput`).
    /// `script`'s own "Script started"/"Script done" lines are left out.
    func outputBytes() -> [UInt8] {
        var bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: typescriptPath))) ?? Data())
        if bytes.starts(with: Array("Script started".utf8)), let newline = bytes.firstIndex(of: 0x0A) {
            bytes.removeSubrange(...newline)
        }
        let done = Array("\nScript done on ".utf8)
        if bytes.count >= done.count,
           let start = stride(from: bytes.count - done.count, through: 0, by: -1).first(where: { bytes[$0..<$0 + done.count].elementsEqual(done) }) {
            bytes.removeSubrange(start...)
        }
        return bytes
    }

    /// Resizes the window (and so the pane and the app's terminal).
    func resize(columns: Int, rows: Int) {
        _ = try? tmux.run(["resize-window", "-t", tmux.session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The current pane size.
    var paneSize: (columns: Int, rows: Int) {
        let parts = pane("#{pane_width} #{pane_height}").split(separator: " ").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : (0, 0)
    }

    /// The screen as lines, exactly `rows` of them.
    func screenLines() -> [String] {
        var lines = tmux.capture().components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The selected row's text (after the `›` marker), if one is on screen.
    func selectedText() -> String? {
        screenLines().first { $0.hasPrefix("›") }.map { String($0.dropFirst()).trimmingCharacters(in: .whitespaces) }
    }

    /// Writes `bytes` to a file in the session directory; returns its path.
    static func fixture(_ name: String, in directory: String, _ bytes: [UInt8]) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}

/// Terminal columns a captured line takes: wide (CJK, emoji, skin tones) two, marks zero, and
/// a scalar after a zero-width joiner zero (tmux joins it to the character before). Rough but
/// enough to see a row that overflows.
func displayWidth(_ line: String) -> Int {
    var afterJoiner = false
    return line.unicodeScalars.reduce(0) { width, s in
        let v = s.value
        defer { afterJoiner = v == 0x200D }
        if v < 0x20 || (0x7F..<0xA0).contains(v) || (0x300..<0x370).contains(v) || v == 0x200D || (0xFE00...0xFE0F).contains(v)
            || (afterJoiner && !s.isASCII) {
            return width
        }
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
        return width + (wide ? 2 : 1)
    }
}
