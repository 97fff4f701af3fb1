#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import GRDB

/// The refresh history: every result of every file and command source, in one SQLite database
/// (`$XDG_STATE_HOME/pullfeed/history.sqlite`), through GRDB.
///
/// Tables: `source` (what a source is: `HistorySourceKey`), `result` (a source's result: its
/// time, row count and content hash, and which `lines` it has) and `lines` (a result's lines,
/// zlib-compressed, one blob a result). A result equal to its source's newest is kept as a new
/// `result` row on the same `lines`.
///
/// Bounds: each source keeps its newest `HistoryLimits.resultsPerSource` results, and the pages
/// in use never pass `HistoryLimits.maxBytes`: before a result is written, the oldest results of
/// any source are deleted until it fits, and the pages freed are given back to the file system
/// (`auto_vacuum = INCREMENTAL`), so the file does not grow past the bound.
///
/// The database is in WAL mode, so a reader never waits for a writer and a process killed in
/// the middle of a write loses only that write. Several pullfeeds share it: each write is one
/// immediate transaction, and one that finds the database busy waits up to `busyTimeout`
/// seconds before it fails with `HistoryError.locked`. Every method blocks: call them off the
/// UI thread. Every failure is a `HistoryError`.
package final class HistoryStore: Sendable {
    package let path: String
    package let limits: HistoryLimits
    private let database: DatabaseQueue

    /// The file's name in the state folder (`StateDirectory`).
    package static let fileName = "history.sqlite"

    /// The database's path for `environment`: `$XDG_STATE_HOME/pullfeed/history.sqlite`.
    package static func standardPath(environment: [String: String]) -> String? {
        StateDirectory.path(environment: environment).map { $0 + "/" + fileName }
    }

    /// Opens (creating it and its folder if needed) the database at `path`.
    package init(path: String, limits: HistoryLimits = HistoryLimits(), busyTimeout: Double = 5) throws(HistoryError) {
        self.path = path
        self.limits = limits
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard folder.isEmpty || StateDirectory.make(folder) else { throw .readOnly(path: folder) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.journalMode = .wal
        configuration.label = "pullfeed.history"
        // The WAL file holds the writes not yet copied into the database: it is copied once it
        // holds a sixteenth of the bound (at most SQLite's usual 1,000 pages), and cut back.
        let walPages = min(1_000, max(16, limits.maxBytes / 4096 / 16))
        let walBytes = min(1 << 20, limits.maxBytes / 16)
        configuration.prepareDatabase { db in
            // Takes effect on a new, empty database only: before its first table.
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(walPages)")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walBytes)")
        }
        do {
            let created = access(path, F_OK) != 0
            database = try DatabaseQueue(path: path, configuration: configuration)
            if created { chmod(path, 0o600) }
            try database.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try Self.createTables(db)
                    return .commit
                }
            }
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }

    private static func createTables(_ db: Database) throws {
        guard try Int.fetchOne(db, sql: "PRAGMA user_version") == 0 else { return }
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS source (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                text TEXT NOT NULL,
                directory TEXT NOT NULL,
                UNIQUE (kind, text, directory));
            CREATE TABLE IF NOT EXISTS lines (
                id INTEGER PRIMARY KEY,
                byteCount INTEGER NOT NULL,
                data BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS result (
                id INTEGER PRIMARY KEY,
                source INTEGER NOT NULL REFERENCES source(id),
                time REAL NOT NULL,
                rowCount INTEGER NOT NULL,
                hash INTEGER NOT NULL,
                lines INTEGER NOT NULL REFERENCES lines(id));
            CREATE INDEX IF NOT EXISTS result_by_source ON result(source, id);
            CREATE INDEX IF NOT EXISTS result_by_lines ON result(lines);
            PRAGMA user_version = 1;
            """)
    }

    // MARK: Writing

    /// Keeps `content` as `key`'s newest result, arrived at `time`, within the limits.
    @discardableResult
    package func record(_ content: HistoryContent, for key: HistorySourceKey, at time: Date) throws(HistoryError) -> HistoryRecordOutcome {
        let hash = content.hash
        let blob = content.compressed()
        if blob.count > limits.maxResultBytes { return .tooLarge(bytes: blob.count) }
        let limits = limits
        do {
            let outcome = try database.writeWithoutTransaction { db -> HistoryRecordOutcome in
                var outcome: HistoryRecordOutcome = .tooLarge(bytes: blob.count)
                try db.inTransaction(.immediate) {
                    outcome = try Self.insert(blob, content: content, hash: hash, for: key, at: time, limits: limits, in: db)
                    return .commit
                }
                try db.execute(sql: "PRAGMA incremental_vacuum")
                return outcome
            }
            return outcome
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }

    private static func insert(_ blob: [UInt8], content: HistoryContent, hash: Int64, for key: HistorySourceKey, at time: Date,
                               limits: HistoryLimits, in db: Database) throws -> HistoryRecordOutcome {
        try db.execute(sql: "INSERT INTO source (kind, text, directory) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                       arguments: [key.kind.rawValue, key.text, key.directory])
        guard let source = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE kind = ? AND text = ? AND directory = ?",
                                              arguments: [key.kind.rawValue, key.text, key.directory]) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a source just written cannot be read")
        }
        var linesID: Int64?
        if let newest = try Row.fetchOne(db, sql: "SELECT lines, hash, rowCount FROM result WHERE source = ? ORDER BY id DESC LIMIT 1",
                                         arguments: [source]),
           newest["hash"] as Int64 == hash, newest["rowCount"] as Int == content.rowCount {
            let previous: Int64 = newest["lines"]
            if let data = try Data.fetchOne(db, sql: "SELECT data FROM lines WHERE id = ?", arguments: [previous]), [UInt8](data) == blob {
                linesID = previous
            }
        }
        let repeated = linesID != nil
        if linesID == nil {
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            let needed = blob.count + blob.count / 256 + 8 * pageSize
            try makeRoom(for: needed, limits: limits, in: db)
            try db.execute(sql: "INSERT INTO lines (byteCount, data) VALUES (?, ?)", arguments: [content.bytes.count, Data(blob)])
            linesID = db.lastInsertedRowID
        }
        try db.execute(sql: "INSERT INTO result (source, time, rowCount, hash, lines) VALUES (?, ?, ?, ?, ?)",
                       arguments: [source, time.timeIntervalSince1970, content.rowCount, hash, linesID])
        let result = HistoryResult(id: db.lastInsertedRowID, time: time, rowCount: content.rowCount, linesID: linesID!)
        let excess = try Row.fetchAll(db, sql: "SELECT id, lines FROM result WHERE source = ? ORDER BY id DESC LIMIT -1 OFFSET ?",
                                      arguments: [source, max(1, limits.resultsPerSource)])
        for row in excess { try delete(result: row["id"], lines: row["lines"], in: db) }
        // What the estimate missed: the oldest results go until the pages fit (never this one).
        while try usedBytes(db) > limits.maxBytes,
              let oldest = try Row.fetchOne(db, sql: "SELECT id, lines FROM result WHERE id <> ? ORDER BY id LIMIT 1", arguments: [result.id]) {
            try delete(result: oldest["id"], lines: oldest["lines"], in: db)
        }
        return repeated ? .repeated(result) : .stored(result)
    }

    /// Deletes the oldest results, of any source, until `needed` more bytes fit in the bound.
    private static func makeRoom(for needed: Int, limits: HistoryLimits, in db: Database) throws {
        while try usedBytes(db) + needed > limits.maxBytes {
            let oldest = try Row.fetchAll(db, sql: "SELECT id, lines FROM result ORDER BY id LIMIT 16")
            if oldest.isEmpty { return }
            for row in oldest { try delete(result: row["id"], lines: row["lines"], in: db) }
        }
    }

    /// Deletes a result, its lines when no other result has them, and its source when it has
    /// no result left.
    private static func delete(result id: Int64, lines: Int64, in db: Database) throws {
        let source = try Int64.fetchOne(db, sql: "SELECT source FROM result WHERE id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM result WHERE id = ?", arguments: [id])
        if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM result WHERE lines = ?", arguments: [lines]) == 0 {
            try db.execute(sql: "DELETE FROM lines WHERE id = ?", arguments: [lines])
        }
        if let source, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM result WHERE source = ?", arguments: [source]) == 0 {
            try db.execute(sql: "DELETE FROM source WHERE id = ?", arguments: [source])
        }
    }

    /// Bytes of the pages in use (the file's pages less the free ones).
    private static func usedBytes(_ db: Database) throws -> Int {
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        return (pages - free) * size
    }

    // MARK: Reading

    /// Every source with kept results, in the order they were first kept, each with its
    /// results newest first.
    package func sources() throws(HistoryError) -> [HistorySource] {
        do {
            return try database.read { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, kind, text, directory FROM source ORDER BY id")
                return try rows.compactMap { row -> HistorySource? in
                    guard let kind = HistorySourceKey.Kind(rawValue: row["kind"]) else { return nil }
                    let key = HistorySourceKey(kind: kind, text: row["text"], directory: row["directory"])
                    let results = try Self.results(ofSource: row["id"], in: db)
                    return results.isEmpty ? nil : HistorySource(key: key, results: results)
                }
            }
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }

    /// `key`'s kept results, newest first (empty when there are none).
    package func results(for key: HistorySourceKey) throws(HistoryError) -> [HistoryResult] {
        do {
            return try database.read { db in
                guard let source = try Int64.fetchOne(db, sql: "SELECT id FROM source WHERE kind = ? AND text = ? AND directory = ?",
                                                      arguments: [key.kind.rawValue, key.text, key.directory]) else { return [] }
                return try Self.results(ofSource: source, in: db)
            }
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }

    /// The result `key` kept just before `result` (nil for its oldest).
    package func result(before result: HistoryResult, of key: HistorySourceKey) throws(HistoryError) -> HistoryResult? {
        try results(for: key).first { $0.id < result.id }
    }

    private static func results(ofSource source: Int64, in db: Database) throws -> [HistoryResult] {
        try Row.fetchAll(db, sql: "SELECT id, time, rowCount, lines FROM result WHERE source = ? ORDER BY id DESC", arguments: [source])
            .map { HistoryResult(id: $0["id"], time: Date(timeIntervalSince1970: $0["time"]), rowCount: $0["rowCount"], linesID: $0["lines"]) }
    }

    /// The lines of `result`.
    package func content(of result: HistoryResult) throws(HistoryError) -> HistoryContent {
        do {
            let row = try database.read { db in
                try Row.fetchOne(db, sql: "SELECT byteCount, data FROM lines WHERE id = ?", arguments: [result.linesID])
            }
            guard let row, let data = row["data"] as Data?,
                  let content = HistoryContent(compressed: [UInt8](data), byteCount: row["byteCount"]) else {
                throw HistoryError.damaged(path: path)
            }
            return content
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }

    /// Bytes of the database's pages in use.
    package func usedBytes() throws(HistoryError) -> Int {
        do {
            return try database.read { try Self.usedBytes($0) }
        } catch {
            throw HistoryError.from(error, path: path)
        }
    }
}
