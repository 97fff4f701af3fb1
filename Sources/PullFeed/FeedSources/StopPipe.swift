#if canImport(Glibc)
import Glibc
#endif
import CTerminalGuard

/// A pipe that a worker thread polls beside the descriptor it waits on, so `signal()` from
/// any thread wakes it at once (the file watcher, the stream reader). Both ends are
/// close-on-exec; a pipe that could not be made leaves `readFD` at -1 and signals nothing.
final class StopPipe: @unchecked Sendable {
    /// Poll this for `POLLIN`: readable once `signal()` was called.
    let readFD: Int32
    private let writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pf_make_pipe(&fds) != 0 { fds = [-1, -1] }
        (readFD, writeFD) = (fds[0], fds[1])
    }

    deinit {
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Wakes the thread polling `readFD`.
    func signal() {
        var byte: UInt8 = 1
        if writeFD >= 0 { _ = write(writeFD, &byte, 1) }
    }
}
