#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HistoryStore {
    /// Why a write stopped before it kept its result.
    private enum Stop: Error {
        case database(SQLiteError)
        case tooLarge(bytes: Int)
        case unreadable
    }

    /// Keeps what `input` holds as `key`'s newest result, arrived at `time`, within the limits.
    ///
    /// One transaction: the input is read and packed piece by piece, each piece stored once room
    /// is made for it (the oldest results of any source dropped), so neither memory nor the
    /// file holds more than a piece beyond the bound. A result equal to the source's newest is
    /// then kept as a new time on that one's content, and the source's results past
    /// `resultsPerSource` go. A result larger than `maxResultBytes` packed, or an input that
    /// cannot be read, keeps nothing.
    @discardableResult
    package func record(_ input: HistoryInput, for key: HistorySourceKey, at time: Date) throws(HistoryError) -> HistoryRecordOutcome {
        let outcome: HistoryRecordOutcome
        do throws(Stop) {
            outcome = try database.transaction(wrap: Stop.database) { () throws(Stop) -> SQLiteDatabase.Ending<HistoryRecordOutcome> in
                do throws(SQLiteError) {
                    return try write(input, for: key, at: time)
                } catch {
                    throw .database(error)
                }
            }
        } catch {
            switch error {
            case .database(let error): throw HistoryError(error, path: path)
            case .tooLarge(let bytes): return .tooLarge(bytes: bytes)
            case .unreadable: return .unreadable
            }
        }
        do {
            // Free pages go back to the file system past a MiB, or when the file is over its
            // bound (a write may take a page more than it frees); SQLite reuses the others.
            let free = try database.integer("PRAGMA freelist_count") ?? 0
            let pages = try database.integer("PRAGMA page_count") ?? 0
            let pageSize = try database.integer("PRAGMA page_size") ?? 4096
            if free > 256 || (free > 0 && Int(pages * pageSize) > limits.maxBytes) { try database.execute("PRAGMA incremental_vacuum") }
        } catch {
            throw HistoryError(error, path: path)
        }
        return outcome
    }

    /// The transaction's body; a `Stop` other than `.database` rolls it back.
    private func write(_ input: HistoryInput, for key: HistorySourceKey, at time: Date) throws(SQLiteError) -> SQLiteDatabase.Ending<HistoryRecordOutcome> {
        try database.run("INSERT INTO source (kind, text, directory) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                         .text(key.kind.rawValue), .text(key.text), .text(key.directory))
        guard let source = try sourceID(of: key) else {
            throw SQLiteError(code: 11 /* SQLITE_CORRUPT */, message: "a source just written cannot be read")
        }
        // A first pass that packs nothing: a repeat of the newest result (the usual case) is
        // found before any work.
        var first = Summary()
        guard input.forEachPiece(size: Self.pieceSize, { (piece: [UInt8]) in first.add(piece) }) else { return .rollback(.unreadable) }
        var content: Int64
        var rows = first.rows
        let repeated = try newestContent(ofSource: source, equalTo: input, first)
        if let repeated {
            content = repeated
        } else {
            switch try pack(input) {
            case .stored(let packed, let packedRows):
                content = packed
                rows = packedRows
            case .dropped(let outcome):
                return .rollback(outcome)
            }
        }
        try database.run("INSERT INTO result (source, time, content) VALUES (?, ?, ?)",
                         .integer(source), .real(time.timeIntervalSince1970), .integer(content))
        let result = HistoryResult(id: database.lastInsertedRowID, time: time, rowCount: rows, contentID: content)
        // The source's results past its bound, oldest first.
        var excess: [Int64] = []
        let older = try database.statement("SELECT id FROM result WHERE source = ? ORDER BY id DESC LIMIT -1 OFFSET ?",
                                           [.integer(source), SQLiteValue(max(1, limits.resultsPerSource))])
        while try older.step() { excess.append(older.integer(0)) }
        for id in excess { try deleteResult(id) }
        // What the pieces' room missed (the tables' own pages): the oldest results go until
        // the pages fit, never this one.
        while try usedPageBytes() > limits.maxBytes,
              let oldest = try database.integer("SELECT id FROM result WHERE id <> ? ORDER BY id LIMIT 1", .integer(result.id)) {
            try deleteResult(oldest)
        }
        return .commit(repeated == nil ? .stored(result) : .repeated(result))
    }

    /// Reads `input` again, packing and storing it piece by piece as room is made for each:
    /// its new content's id and rows, or why nothing is kept.
    private func pack(_ input: HistoryInput) throws(SQLiteError) -> Packed {
        try database.run("INSERT INTO content (byteCount, rowCount, hash, pieces) VALUES (0, 0, 0, 0)")
        let content = database.lastInsertedRowID
        var summary = Summary()
        var packedBytes = 0
        let limits = limits
        let readable: Bool
        do throws(Stop) {
            readable = try input.forEachPiece(size: Self.pieceSize) { (piece: [UInt8]) throws(Stop) -> Void in
                let blob = HistoryCompression.compress(piece)
                summary.add(piece)
                packedBytes += blob.count
                if packedBytes > limits.maxResultBytes { throw .tooLarge(bytes: packedBytes) }
                do throws(SQLiteError) {
                    try makeRoom(for: blob.count)
                    try database.run("INSERT INTO piece (content, number, byteCount, data) VALUES (?, ?, ?, ?)",
                                     .integer(content), SQLiteValue(summary.pieces - 1), SQLiteValue(piece.count), .blob(blob))
                } catch {
                    throw .database(error)
                }
            }
        } catch {
            switch error {
            case .database(let error): throw error
            case .tooLarge(let bytes): return .dropped(.tooLarge(bytes: bytes))
            case .unreadable: return .dropped(.unreadable)
            }
        }
        guard readable else { return .dropped(.unreadable) }
        try database.run("UPDATE content SET byteCount = ?, rowCount = ?, hash = ?, pieces = ? WHERE id = ?",
                         SQLiteValue(summary.bytes), SQLiteValue(summary.rows), .integer(summary.hash), SQLiteValue(summary.pieces), .integer(content))
        return .stored(content: content, rows: summary.rows)
    }

    /// What packing a result did: stored it as a new content, or kept nothing (rolled back).
    private enum Packed {
        case stored(content: Int64, rows: Int)
        case dropped(HistoryRecordOutcome)
    }

    /// The content of the source's newest result when it holds what `input` holds: the same
    /// size, rows and hash, then the same bytes piece by piece (unpacked and compared, so a
    /// hash that collides never loses a result); nil otherwise.
    private func newestContent(ofSource source: Int64, equalTo input: HistoryInput, _ summary: Summary) throws(SQLiteError) -> Int64? {
        let newest = try database.statement("""
            SELECT content.id, content.byteCount, content.rowCount, content.hash, content.pieces
            FROM result JOIN content ON content.id = result.content WHERE result.source = ? ORDER BY result.id DESC LIMIT 1
            """, [.integer(source)])
        defer { newest.reset() }
        guard try newest.step(), newest.int(1) == summary.bytes, newest.int(2) == summary.rows,
              newest.integer(3) == summary.hash, newest.int(4) == summary.pieces else { return nil }
        let candidate = newest.integer(0)
        newest.reset()
        var number = 0
        let same: Bool
        do throws(Stop) {
            same = try input.forEachPiece(size: Self.pieceSize) { (piece: [UInt8]) throws(Stop) -> Void in
                let equal: Bool
                do throws(SQLiteError) {
                    let stored = try database.statement("SELECT byteCount, data FROM piece WHERE content = ? AND number = ?",
                                                        [.integer(candidate), SQLiteValue(number)])
                    defer { stored.reset() }
                    equal = try stored.step() && stored.int(0) == piece.count
                        && HistoryCompression.decompress(stored.blob(1), byteCount: piece.count) == piece
                } catch {
                    throw .database(error)
                }
                // Another piece: the comparison ends here.
                guard equal else { throw .unreadable }
                number += 1
            }
        } catch {
            if case .database(let error) = error { throw error }
            return nil
        }
        return same && number == summary.pieces ? candidate : nil
    }

    /// Deletes the oldest results, of any source, until `needed` more bytes fit in the bound
    /// (with room for a page of the tables' own).
    private func makeRoom(for needed: Int) throws(SQLiteError) {
        let pageSize = Int(try database.integer("PRAGMA page_size") ?? 4096)
        let wanted = needed + needed / 64 + 2 * pageSize
        while try usedPageBytes() + wanted > limits.maxBytes {
            guard let oldest = try database.integer("SELECT id FROM result ORDER BY id LIMIT 1") else { return }
            try deleteResult(oldest)
        }
    }

    /// Deletes a result, its content when no other result has it, and its source when it has
    /// no result left.
    private func deleteResult(_ id: Int64) throws(SQLiteError) {
        let row = try database.statement("SELECT source, content FROM result WHERE id = ?", [.integer(id)])
        guard try row.step() else { return }
        let source = row.integer(0), content = row.integer(1)
        row.reset()
        try database.run("DELETE FROM result WHERE id = ?", .integer(id))
        if try database.integer("SELECT 1 FROM result WHERE content = ? LIMIT 1", .integer(content)) == nil {
            try deleteContent(content)
        }
        if try database.integer("SELECT 1 FROM result WHERE source = ? LIMIT 1", .integer(source)) == nil {
            try database.run("DELETE FROM source WHERE id = ?", .integer(source))
        }
    }

    private func deleteContent(_ content: Int64) throws(SQLiteError) {
        try database.run("DELETE FROM piece WHERE content = ?", .integer(content))
        try database.run("DELETE FROM content WHERE id = ?", .integer(content))
    }

    /// What a result's pieces add up to: bytes, rows, pieces and a 64-bit FNV-1a hash of the
    /// bytes (equal results have equal hashes; their bytes are compared too).
    private struct Summary {
        var bytes = 0
        var rows = 0
        var pieces = 0
        var hash = Int64(bitPattern: 0xcbf2_9ce4_8422_2325)

        mutating func add(_ piece: [UInt8]) {
            var hash = UInt64(bitPattern: self.hash)
            var rows = 0
            for byte in piece {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
                if byte == UInt8(ascii: "\n") { rows += 1 }
            }
            self.hash = Int64(bitPattern: hash)
            self.rows += rows
            bytes += piece.count
            pieces += 1
        }
    }
}
