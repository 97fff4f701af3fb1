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
        // A FIFO is not opened here: opening it lets a writer waiting on it start, and closing it
        // again before the reader opens it would leave that writer without a reader (SIGPIPE,
        // lines lost). Whether it may be read is enough.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            return access(path, R_OK) == 0 ? nil : "\(path): \(String(cString: strerror(errno)))"
        }
        // O_NONBLOCK: a FIFO made since the look above must not make this wait.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return "\(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            return "\(path): \(String(cString: strerror(EISDIR)))"
        }
        return nil
    }
}
