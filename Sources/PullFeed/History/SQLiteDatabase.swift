import CSQLite

/// A connection to an SQLite database through its C API: statements prepared once and kept,
/// immediate transactions, and every failure a `SQLiteError`.
///
/// A connection is used by one thread at a time (the history's queue); it is `Sendable` so
/// that it can be handed to that thread. Several connections, in this process or others, share
/// a database in WAL mode: one writes while the others read, and a writer waits up to the busy
/// timeout for another writer.
package final class SQLiteDatabase: @unchecked Sendable {
    package let path: String
    private let handle: OpaquePointer
    /// Statements by their SQL, prepared on first use.
    private var statements: [String: SQLiteStatement] = [:]

    /// How a transaction ends: its changes kept, or undone (the value is returned either way).
    package enum Ending<Value> {
        case commit(Value)
        case rollback(Value)
    }

    /// Opens the database at `path` (":memory:" for one in memory only), creating the file
    /// unless `readOnly`. A writer waits up to `busyTimeout` seconds for another connection's
    /// lock.
    package init(path: String, readOnly: Bool = false, busyTimeout: Double = 5) throws(SQLiteError) {
        self.path = path
        var connection: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(max(0, busyTimeout * 1000)))
    }

    deinit {
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one or more statements without parameters, reading no rows.
    package func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }

    /// The statement for `sql` (one statement, `?` for each parameter), prepared once and kept
    /// for the connection's life; reset and bound to `values`.
    package func statement(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteStatement {
        let statement: SQLiteStatement
        if let kept = statements[sql] {
            statement = kept
        } else {
            var prepared: OpaquePointer?
            let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
            guard code == SQLITE_OK, let prepared else { throw SQLiteError(code: code, connection: handle) }
            statement = SQLiteStatement(handle: prepared)
            statements[sql] = statement
        }
        try statement.bind(values)
        return statement
    }

    /// Runs the statement `sql` with `values` to its end.
    package func run(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) {
        let statement = try statement(sql, values)
        while try statement.step() {}
    }

    /// The first column of the first row `sql` gives with `values`, as an integer; nil when it
    /// gives no row or NULL.
    package func integer(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> Int64? {
        let statement = try statement(sql, values)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.integer(0)
    }

    /// The first column of the first row `sql` gives, as text; nil when it gives no row.
    package func text(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> String? {
        let statement = try statement(sql, values)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    /// The row id of the last row inserted on this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in a transaction that holds the write lock from its start (`BEGIN IMMEDIATE`:
    /// it waits for another writer up to the busy timeout then, never half way). It commits or
    /// rolls back as `body` says; an error thrown by `body` or by the commit rolls it back.
    /// `wrap` turns SQLite's own errors (at begin and commit) into `body`'s kind.
    package func transaction<Value, Failure: Error>(
        wrap: (SQLiteError) -> Failure, _ body: () throws(Failure) -> Ending<Value>
    ) throws(Failure) -> Value {
        do {
            try execute("BEGIN IMMEDIATE")
        } catch {
            throw wrap(error)
        }
        let ending: Ending<Value>
        do {
            ending = try body()
        } catch {
            rollback()
            throw error
        }
        switch ending {
        case .commit(let value):
            do {
                try execute("COMMIT")
            } catch {
                rollback()
                throw wrap(error)
            }
            return value
        case .rollback(let value):
            rollback()
            return value
        }
    }

    /// A transaction whose body fails with SQLite's errors only.
    package func transaction<Value>(_ body: () throws(SQLiteError) -> Ending<Value>) throws(SQLiteError) -> Value {
        try transaction(wrap: { $0 }, body)
    }

    /// Undoes the open transaction, if any (SQLite may have ended it already on a full disk).
    private func rollback() {
        if sqlite3_get_autocommit(handle) == 0 { _ = try? execute("ROLLBACK") }
    }
}
