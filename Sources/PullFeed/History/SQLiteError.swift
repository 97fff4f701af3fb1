import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// What SQLite said when a call failed: its extended result code, its message, and the system's
/// `errno` behind an I/O error (a full disk shows as `ENOSPC` under `SQLITE_IOERR`).
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_READONLY_DBMOVED`, …).
    package var code: Int32
    package var message: String
    /// The `errno` of the system call that failed, or 0.
    package var systemErrno: Int32

    package init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }

    /// The error of the last call on connection `handle`, which returned `code`.
    init(code: Int32, connection handle: OpaquePointer?) {
        let text = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text, systemErrno: handle.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// The primary result code (`SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`).
    package var primaryCode: Int32 { code & 0xff }

    /// Another connection holds a lock longer than the busy timeout.
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    package var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    package var isFull: Bool { primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && systemErrno == ENOSPC) }
    /// The file is not a database, or its pages are damaged.
    package var isDamaged: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    package var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }

    package var description: String { "\(message) (SQLite code \(code))" }
}
