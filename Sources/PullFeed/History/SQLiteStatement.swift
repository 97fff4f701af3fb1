import CSQLite

/// A prepared statement of a `SQLiteDatabase`: bind its parameters, step through its rows, read
/// their columns. Used on the thread that uses its database; finalized when released.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    /// SQLite copies a bound text or blob before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob still binds a blob, not NULL.
                    buffer.baseAddress.map { sqlite3_bind_blob(handle, index, $0, Int32(buffer.count), Self.transient) }
                        ?? sqlite3_bind_zeroblob(handle, index, 0)
                }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: sqlite3_db_handle(handle)) }
        }
    }

    /// Runs the statement to its next row: true when there is one to read, false when it is done.
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        case let code:
            let error = SQLiteError(code: code, connection: sqlite3_db_handle(handle))
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Ends the rows being read (the statement then holds no read lock).
    package func reset() {
        sqlite3_reset(handle)
    }

    package func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    package func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    package func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    package func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
