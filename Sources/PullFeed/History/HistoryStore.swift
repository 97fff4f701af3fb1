#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The refresh history: every kept result of every source, in one SQLite database (WAL, so
/// several pullfeeds share it), through SQLite's C API (`SQLiteDatabase`).
///
/// Tables: `source` (what a source is: `HistorySourceKey`), `result` (a source's result: its
/// time and its content), `content` (a result's lines: their size, rows and hash) and `piece`
/// (the lines, in pieces of `pieceSize` bytes, each packed with zlib). A result equal to the
/// one before it shares that one's content. The newest `HistoryLimits.resultsPerSource`
/// results of a source are kept, and the pages in use never pass `HistoryLimits.maxBytes`: the
/// oldest results of any source go first.
///
/// Every method blocks (a writer waits up to the busy timeout for another): call them off the
/// UI thread, from one thread at a time. Every failure is a `HistoryError`.
package final class HistoryStore: @unchecked Sendable {
    package let path: String
    package let limits: HistoryLimits
    let database: SQLiteDatabase

    /// The file's name in the state folder (`StateDirectory`).
    package static let fileName = "history.sqlite"
    /// The path of a store that lives in memory only, for this run (`--no-history`).
    package static let inMemory = ":memory:"
    /// Bytes of a result read and packed at a time: what a write holds in memory at most.
    static let pieceSize = 64 << 10

    /// The database's path for `environment`: `$XDG_STATE_HOME/pullfeed/history.sqlite`.
    package static func standardPath(environment: [String: String]) -> String? {
        StateDirectory.path(environment: environment).map { $0 + "/" + fileName }
    }

    /// Opens (creating it and its folder, 0600 and 0700, if needed) the database at `path`.
    package init(path: String, limits: HistoryLimits = HistoryLimits(), busyTimeout: Double = 5) throws(HistoryError) {
        self.path = path
        self.limits = limits
        let inMemory = path == Self.inMemory
        if !inMemory {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            guard folder.isEmpty || StateDirectory.make(folder) else { throw .readOnly(path: folder) }
        }
        let created = !inMemory && access(path, F_OK) != 0
        do {
            database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
            // Before SQLite writes it, so its -wal and -shm files get the same mode.
            if created { chmod(path, 0o600) }
            // The WAL file holds the writes not yet copied into the database: it is copied once
            // it holds a sixteenth of the bound (at most SQLite's usual 1,000 pages), and cut back.
            let walPages = min(1_000, max(16, limits.maxBytes / 4096 / 16))
            let walBytes = min(1 << 20, limits.maxBytes / 16)
            // auto_vacuum takes effect on a new database only (before its first table).
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
            _ = try database.text("PRAGMA journal_mode = WAL")
            try database.execute("""
                PRAGMA synchronous = NORMAL;
                PRAGMA cache_size = -512;
                PRAGMA wal_autocheckpoint = \(walPages);
                PRAGMA journal_size_limit = \(walBytes);
                """)
            try database.transaction { () throws(SQLiteError) -> SQLiteDatabase.Ending<Void> in
                try Self.createTables(database)
                return .commit(())
            }
        } catch {
            throw HistoryError(error, path: path)
        }
    }

    /// The version of the tables below (`PRAGMA user_version`); 1 was an earlier build's.
    static let schemaVersion = 2

    private static func createTables(_ database: SQLiteDatabase) throws(SQLiteError) {
        let version = try database.integer("PRAGMA user_version") ?? 0
        if version == schemaVersion { return }
        guard version == 0 else {
            throw SQLiteError(code: 1, message: "it was written by another version of pullfeed (tables of version \(version), "
                + "this one reads \(schemaVersion)): move it away to start a new history")
        }
        try database.execute("""
            CREATE TABLE IF NOT EXISTS source (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                text TEXT NOT NULL,
                directory TEXT NOT NULL,
                UNIQUE (kind, text, directory));
            CREATE TABLE IF NOT EXISTS content (
                id INTEGER PRIMARY KEY,
                byteCount INTEGER NOT NULL,
                rowCount INTEGER NOT NULL,
                hash INTEGER NOT NULL,
                pieces INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS piece (
                content INTEGER NOT NULL REFERENCES content(id),
                number INTEGER NOT NULL,
                byteCount INTEGER NOT NULL,
                data BLOB NOT NULL,
                PRIMARY KEY (content, number));
            CREATE TABLE IF NOT EXISTS result (
                id INTEGER PRIMARY KEY,
                source INTEGER NOT NULL REFERENCES source(id),
                time REAL NOT NULL,
                content INTEGER NOT NULL REFERENCES content(id));
            CREATE INDEX IF NOT EXISTS result_by_source ON result(source, id);
            CREATE INDEX IF NOT EXISTS result_by_content ON result(content);
            PRAGMA user_version = 2;
            """)
    }

    /// Runs `body`, turning SQLite's errors into the history's.
    func reading<Value>(_ body: () throws(SQLiteError) -> Value) throws(HistoryError) -> Value {
        do {
            return try body()
        } catch {
            throw HistoryError(error, path: path)
        }
    }

    // MARK: Reading

    /// Every source with kept results, in the order they were first kept, each with its
    /// results newest first.
    package func sources() throws(HistoryError) -> [HistorySource] {
        try reading { () throws(SQLiteError) -> [HistorySource] in
            var keys: [(Int64, HistorySourceKey)] = []
            let rows = try database.statement("SELECT id, kind, text, directory FROM source ORDER BY id")
            while try rows.step() {
                guard let kind = HistorySourceKey.Kind(rawValue: rows.text(1)) else { continue }
                keys.append((rows.integer(0), HistorySourceKey(kind: kind, text: rows.text(2), directory: rows.text(3))))
            }
            var sources: [HistorySource] = []
            for (id, key) in keys {
                let results = try results(ofSource: id)
                if !results.isEmpty { sources.append(HistorySource(key: key, results: results)) }
            }
            return sources
        }
    }

    /// `key`'s kept results, newest first (empty when there are none).
    package func results(for key: HistorySourceKey) throws(HistoryError) -> [HistoryResult] {
        try reading { () throws(SQLiteError) -> [HistoryResult] in
            guard let source = try sourceID(of: key) else { return [] }
            return try results(ofSource: source)
        }
    }

    /// The result `key` kept just before `result` (nil for its oldest).
    package func result(before result: HistoryResult, of key: HistorySourceKey) throws(HistoryError) -> HistoryResult? {
        try results(for: key).first { $0.id < result.id }
    }

    /// The id of `key`'s row, if it has one.
    func sourceID(of key: HistorySourceKey) throws(SQLiteError) -> Int64? {
        try database.integer("SELECT id FROM source WHERE kind = ? AND text = ? AND directory = ?",
                             .text(key.kind.rawValue), .text(key.text), .text(key.directory))
    }

    private func results(ofSource source: Int64) throws(SQLiteError) -> [HistoryResult] {
        let rows = try database.statement("""
            SELECT result.id, result.time, content.rowCount, result.content FROM result JOIN content ON content.id = result.content
            WHERE result.source = ? ORDER BY result.id DESC
            """, [.integer(source)])
        var results: [HistoryResult] = []
        while try rows.step() {
            results.append(HistoryResult(id: rows.integer(0), time: Date(timeIntervalSince1970: rows.real(1)),
                                         rowCount: rows.int(2), contentID: rows.integer(3)))
        }
        return results
    }

    /// The lines of `result`, read back whole.
    package func content(of result: HistoryResult) throws(HistoryError) -> HistoryContent {
        let bytes = try reading { () throws(SQLiteError) -> [UInt8]? in
            guard let expected = try database.integer("SELECT byteCount FROM content WHERE id = ?", .integer(result.contentID)) else {
                return nil
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(expected))
            let pieces = try database.statement("SELECT byteCount, data FROM piece WHERE content = ? ORDER BY number", [.integer(result.contentID)])
            while try pieces.step() {
                guard let piece = HistoryCompression.decompress(pieces.blob(1), byteCount: pieces.int(0)) else {
                    pieces.reset()
                    return nil
                }
                bytes.append(contentsOf: piece)
            }
            return bytes.count == Int(expected) ? bytes : nil
        }
        guard let bytes else { throw .damaged(path: path) }
        return HistoryContent(bytes: bytes)
    }

    /// Bytes of the database's pages in use (its free pages left out).
    package func usedBytes() throws(HistoryError) -> Int {
        try reading { () throws(SQLiteError) -> Int in try usedPageBytes() }
    }

    func usedPageBytes() throws(SQLiteError) -> Int {
        let pages = try database.integer("PRAGMA page_count") ?? 0
        let free = try database.integer("PRAGMA freelist_count") ?? 0
        let size = try database.integer("PRAGMA page_size") ?? 4096
        return Int((pages - free) * size)
    }
}
