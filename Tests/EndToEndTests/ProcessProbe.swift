import Foundation

/// What /proc says about a process: the numbers the hardening tests watch (CPU time, open
/// descriptors, resident memory, children) and whether it is still alive.
struct ProcessProbe {
    let pid: Int32

    private func read(_ name: String) -> String? {
        try? String(contentsOfFile: "/proc/\(pid)/\(name)", encoding: .utf8)
    }

    /// The fields of /proc/PID/stat after the command name (field 3, the state, is first).
    private var statFields: [Substring]? {
        guard let stat = read("stat"), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// Whether the process exists and is not a zombie.
    var isAlive: Bool {
        guard let state = statFields?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// User plus system CPU time in clock ticks.
    var cpuTicks: Int? {
        guard let f = statFields, f.count > 12, let user = Int(f[11]), let system = Int(f[12]) else { return nil }
        return user + system
    }

    var parentPID: Int32? {
        statFields.flatMap { $0.count > 1 ? Int32($0[1]) : nil }
    }

    var processGroup: Int32? {
        statFields.flatMap { $0.count > 2 ? Int32($0[2]) : nil }
    }

    /// How many file descriptors are open.
    var openDescriptors: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// Resident memory in KiB.
    var residentKiB: Int? {
        guard let status = read("status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Live (non-zombie) processes whose parent is this one.
    var children: [ProcessProbe] {
        Self.all.filter { $0.parentPID == pid && $0.isAlive }
    }

    /// Every process visible in /proc.
    static var all: [ProcessProbe] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).map(ProcessProbe.init)
    }

    /// Live processes in process group `group`.
    static func members(ofGroup group: Int32) -> [ProcessProbe] {
        all.filter { $0.processGroup == group && $0.isAlive }
    }

    /// The pid written (as text) into `path`, once it is there.
    static func pid(inFile path: String, timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            usleep(20_000)
        }
        return nil
    }
}
