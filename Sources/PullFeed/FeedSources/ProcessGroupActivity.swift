#if canImport(Glibc)
import Glibc
#endif

/// Whether a command's processes are at work, read from `/proc`: a process of its group that
/// is running or waiting for a core (`R`), or for the disk (`D`). A command whose output stops
/// while one of them is at work has not paused: it is slowed (a loaded machine gives it no
/// core for a while), and what it writes next belongs to the same result.
enum ProcessGroupActivity {
    /// Whether a process of group `group` is running, runnable or in an uninterruptible wait.
    /// False where `/proc` cannot be read.
    static func isBusy(group: pid_t) -> Bool {
        guard let proc = opendir("/proc") else { return false }
        defer { closedir(proc) }
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), let stat = state(of: pid) else { continue }
            if stat.group == group, stat.state == UInt8(ascii: "R") || stat.state == UInt8(ascii: "D") { return true }
        }
        return false
    }

    /// The state letter and process group of process `pid`, from `/proc/PID/stat`: the fields
    /// after the command name, which ends at the last `)` (a name may hold spaces and `)`).
    static func state(of pid: pid_t) -> (state: UInt8, group: pid_t)? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // ") S ppid pgrp ..."
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let state = fields[0].first,
              let group = Int32(String(decoding: fields[2], as: UTF8.self)) else { return nil }
        return (state, group)
    }
}
