#if canImport(Glibc)
import Glibc
#endif

/// Why the refresh history cannot be read or written. The app goes on without it and says so
/// once (`History off: REASON`); the command line prints the reason and exits 1.
package enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another program holds the database longer than the busy timeout.
    case locked(path: String)
    /// The database, or its folder, cannot be written.
    case readOnly(path: String)
    /// The disk the database is on is full.
    case diskFull(path: String)
    /// The file is not an SQLite database, or its pages are damaged.
    case damaged(path: String)
    /// No folder to keep it in: neither `XDG_STATE_HOME` nor `HOME` is set.
    case noStateDirectory
    /// Anything else SQLite or the system said.
    case failed(path: String, message: String)

    /// The reason in words a user can act on.
    package var reason: String {
        switch self {
        case .locked(let path): "\(path) is locked by another program"
        case .readOnly(let path): "\(path) is read-only"
        case .diskFull(let path): "no space left for \(path)"
        case .damaged(let path): "\(path) is damaged (remove it to start a new history)"
        case .noStateDirectory: "no folder to keep it in (set XDG_STATE_HOME or HOME)"
        case .failed(let path, let message): "\(path): \(message)"
        }
    }

    package var description: String { reason }

    /// The error for what SQLite said about the database at `path`.
    package init(_ error: SQLiteError, path: String) {
        if error.isBusy {
            self = .locked(path: path)
        } else if error.isFull {
            self = .diskFull(path: path)
        } else if error.isDamaged {
            self = .damaged(path: path)
        } else if error.isReadOnly || !Self.isWritable(path) {
            self = .readOnly(path: path)
        } else {
            self = .failed(path: path, message: error.message)
        }
    }

    /// Whether the file at `path` and its folder can be written (SQLite writes its `-wal` and
    /// `-shm` files beside the database).
    private static func isWritable(_ path: String) -> Bool {
        if path == ":memory:" { return true }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard access(folder.isEmpty ? "/" : folder, W_OK) == 0 else { return false }
        return access(path, F_OK) != 0 || access(path, W_OK) == 0
    }
}
