#if canImport(Glibc)
import Glibc
#endif

/// Waits for something to happen to a file (`FileIndex` watches the file it counted): inotify on
/// the file and on its folder (a new file at its path), or a check every 250 ms where inotify is
/// not available. `stopFD` becoming readable ends every wait.
final class FileWatcher {
    private let inotify: Int32
    private let stopFD: Int32

    init(path: String, stopFD: Int32) {
        self.stopFD = stopFD
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        inotify = fd
        guard fd >= 0 else { return }
        let fileMask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
        let folderMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        _ = inotify_add_watch(fd, path, fileMask)
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        _ = inotify_add_watch(fd, folder.isEmpty ? "/" : folder, folderMask)
    }

    deinit { if inotify >= 0 { close(inotify) } }

    /// Waits `milliseconds`; false if the index stopped meanwhile (`stopFD`).
    func pause(milliseconds: Int32) -> Bool {
        var fd = pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&fd, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return fd.revents == 0
        }
    }

    /// Blocks until the file may have changed (true) or the index stops (false).
    func wait() -> Bool {
        var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
        if inotify >= 0 { fds.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), inotify >= 0 ? -1 : 250)
            if ready < 0, errno == EINTR { continue }
            if fds[0].revents != 0 { return false }
            if inotify >= 0 {
                var events = [UInt8](repeating: 0, count: 4096)
                while events.withUnsafeMutableBytes({ read(inotify, $0.baseAddress!, $0.count) }) > 0 {}
            }
            return true
        }
    }
}
