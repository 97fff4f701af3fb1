#if canImport(Glibc)
import Glibc
#endif
import GRDB

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

    /// The error for what SQLite (through GRDB) or the system threw at `path`.
    package static func from(_ error: any Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        guard let database = error as? DatabaseError else {
            return isWritable(path) ? .failed(path: path, message: "\(error)") : .readOnly(path: path)
        }
        switch database.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path)
        default:
            if !isWritable(path) { return .readOnly(path: path) }
            return .failed(path: path, message: database.message ?? "\(database.resultCode)")
        }
    }

    /// Whether the file at `path` (or, if there is none, its folder) can be written.
    private static func isWritable(_ path: String) -> Bool {
        if access(path, F_OK) == 0 { return access(path, W_OK) == 0 }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return access(folder.isEmpty ? "/" : folder, W_OK) == 0
    }
}
