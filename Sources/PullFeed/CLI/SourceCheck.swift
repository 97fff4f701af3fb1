#if canImport(Glibc)
import Glibc
#endif

/// Checks, before the terminal is taken over, that a file named on the command line can be
/// read, so a typo is one line on stderr (as `less` says it) instead of a list with an error.
enum SourceCheck {
    /// Why `path` cannot be shown, worded for stderr after `pullfeed: `; nil when it can.
    /// `-` is standard input, which must not be the terminal the keys come from.
    static func problem(openingFile path: String, stdinIsTerminal: Bool, strings: AppStrings) -> String? {
        if path == "-" {
            return stdinIsTerminal ? strings.text(.stdinIsTerminal, path) : nil
        }
        // O_NONBLOCK: opening a FIFO whose writer has not come yet must not wait here.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return "\(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return "\(path): \(String(cString: strerror(EISDIR)))"
        }
        return nil
    }
}
