import Foundation
import Testing
@testable import PullFeed

/// The refresh history's database: results kept per source, a repeat stored once, the bounds,
/// and every way the database can fail surfacing as a `HistoryError`.
@Suite(.serialized) struct HistoryStoreTests {
    /// A fresh folder, removed afterwards; `body` gets the database path inside it.
    func withFolder(_ body: (String) throws -> Void) rethrows {
        let folder = NSTemporaryDirectory() + "pullfeed-history-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder + "/pullfeed/history.sqlite")
    }

    let counter = HistorySourceKey.command("sh count.sh", directory: "/tmp/a")
    let other = HistorySourceKey.file("/var/log/other.log")

    func at(_ second: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + second) }

    /// `count` lines of random hex: text zlib cannot shrink much (about half its size).
    func noise(lines count: Int) -> HistoryInput {
        .strings((0..<count).map { _ in (0..<8).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined() })
    }

    /// The first column of the first row of `sql` run on the database at `path`.
    func count(_ sql: String, at path: String) throws -> Int64? {
        try SQLiteDatabase(path: path).integer(sql)
    }

    @Test func resultsAreReadBackNewestFirstByAnotherStore() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            for value in 1...3 { try store.record(.strings(["value \(value)", "end"]), for: counter, at: at(Double(value))) }
            try store.record(.strings(["x"]), for: other, at: at(10))
            let reopened = try HistoryStore(path: path)
            let results = try reopened.results(for: counter)
            #expect(results.map(\.time) == [at(3), at(2), at(1)])
            #expect(results.map(\.rowCount) == [2, 2, 2])
            #expect(try reopened.content(of: results[1]).lines == ["value 2", "end"])
            #expect(try reopened.result(before: results[0], of: counter) == results[1])
            #expect(try reopened.result(before: results[2], of: counter) == nil)
            #expect(try reopened.sources().map(\.key) == [counter, other])
            #expect(try reopened.results(for: .command("sh count.sh", directory: "/elsewhere")).isEmpty)
            var mode = stat()
            #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o600)
            #expect(try SQLiteDatabase(path: path).text("PRAGMA journal_mode") == "wal")
        }
    }

    @Test func aResultEqualToTheOneBeforeItIsANewTimeOnTheSameLines() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            let a: HistoryInput = .strings(["a", "b"]), b: HistoryInput = .strings(["a", "c"])
            let first = try store.record(a, for: counter, at: at(1))
            let second = try store.record(a, for: counter, at: at(2))
            let third = try store.record(b, for: counter, at: at(3))
            let fourth = try store.record(a, for: counter, at: at(4))
            guard case .stored(let r1) = first, case .repeated(let r2) = second, case .stored(let r3) = third,
                  case .stored(let r4) = fourth else {
                Issue.record("outcomes \(first) \(second) \(third) \(fourth)")
                return
            }
            #expect(r1.contentID == r2.contentID && r3.contentID != r1.contentID && r4.contentID != r1.contentID)
            #expect(try store.results(for: counter).count == 4)
            #expect(try count("SELECT COUNT(*) FROM content", at: path) == 3)
            #expect(try count("SELECT COUNT(*) FROM piece", at: path) == 3)
        }
    }

    @Test func aResultLargerThanAPieceIsKeptInPiecesAndReadBackWhole() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            let lines = (0..<60_000).map { "line \($0) of a result larger than one piece" }
            let result = try #require(try store.record(.strings(lines), for: counter, at: at(1)).result)
            #expect(result.rowCount == 60_000)
            #expect(try count("SELECT pieces FROM content", at: path)! > 5)
            #expect(try store.content(of: result).lines == lines)
            guard case .repeated = try store.record(.strings(lines), for: counter, at: at(2)) else {
                Issue.record("the same large result was stored twice")
                return
            }
        }
    }

    @Test func theInputsEndTheirLastLineAndAFileIsReadFromItsPath() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            let file = NSTemporaryDirectory() + "pullfeed-history-file-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: file) }
            try Data("one\ntwo".utf8).write(to: URL(fileURLWithPath: file))
            let key = HistorySourceKey.file(file)
            let kept = try #require(try store.record(.file(path: file), for: key, at: at(1)).result)
            #expect(try store.content(of: kept).bytes == Array("one\ntwo\n".utf8))
            let lines = try #require(try store.record(.lines(header: ["HEAD"], lines: LineList(["a", "b"])), for: counter, at: at(2)).result)
            #expect(try store.content(of: lines).lines == ["HEAD", "a", "b"])
            #expect(try store.record(.file(path: file + ".gone"), for: key, at: at(3)) == .unreadable)
            #expect(try store.results(for: key).count == 1)
        }
    }

    @Test func aFileIsKeyedByItsAbsolutePath() {
        #expect(HistorySourceKey.file("logs/../a.log", directory: "/srv/app").text == "/srv/app/a.log")
        #expect(HistorySourceKey.file("/var//log/./syslog", directory: "/x").text == "/var/log/syslog")
        #expect(HistorySourceKey.file("./a.log", directory: "/").text == "/a.log")
    }

    @Test func eachSourceKeepsItsNewestResultsOnly() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path, limits: HistoryLimits(resultsPerSource: 3))
            try store.record(.strings(["kept"]), for: other, at: at(0))
            for value in 1...6 { try store.record(.strings(["value \(value)"]), for: counter, at: at(Double(value))) }
            let kept = try store.results(for: counter)
            #expect(try kept.map { try store.content(of: $0).lines } == [["value 6"], ["value 5"], ["value 4"]])
            #expect(try store.results(for: other).count == 1)
            #expect(try count("SELECT COUNT(*) FROM content", at: path) == 4, "the lines of the results dropped go with them")
        }
    }

    @Test func theDatabaseNeverGrowsPastItsSizeAndDropsTheOldestResultsOfAnySource() throws {
        try withFolder { path in
            let bound = 1 << 20
            let store = try HistoryStore(path: path, limits: HistoryLimits(resultsPerSource: 1_000, maxBytes: bound))
            try store.record(.strings(["oldest"]), for: other, at: at(0))
            var largest = 0
            for second in 1...60 {
                // ~40 KB a result once compressed: 60 of them are more than twice the bound.
                try store.record(noise(lines: 600), for: counter, at: at(Double(second)))
                largest = max(largest, try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
                #expect(try store.usedBytes() <= bound)
            }
            #expect(largest <= bound, "the file reached \(largest) bytes")
            let kept = try store.results(for: counter)
            #expect(kept.count > 5 && kept.count < 30)
            #expect(kept.first?.time == at(60))
            #expect(try store.results(for: other).isEmpty, "the oldest result went first")
            #expect(try store.sources().map(\.key) == [counter])
            #expect(try SQLiteDatabase(path: path).text("PRAGMA integrity_check") == "ok")
        }
    }

    @Test func aResultLargerThanAQuarterOfTheBoundIsNotKeptAndTheOthersStay() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path, limits: HistoryLimits(maxBytes: 1 << 20))
            try store.record(.strings(["small"]), for: counter, at: at(0))
            guard case .tooLarge = try store.record(noise(lines: 10_000), for: counter, at: at(1)) else {
                Issue.record("a 600 KB blob was kept in a 1 MiB history")
                return
            }
            #expect(try store.results(for: counter).count == 1)
            #expect(try count("SELECT COUNT(*) FROM piece", at: path) == 1, "the pieces written before it was too large are gone")
        }
    }

    @Test func aDamagedFileIsAnError() throws {
        try withFolder { path in
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: path))
            #expect(throws: HistoryError.damaged(path: path)) { try HistoryStore(path: path) }
        }
    }

    @Test func aDatabaseLockedByAnotherProgramIsAnErrorAfterTheBusyTimeout() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path, busyTimeout: 0.2)
            let holder = try SQLiteDatabase(path: path)
            try holder.execute("BEGIN IMMEDIATE")
            #expect(throws: HistoryError.locked(path: path)) {
                try store.record(.strings(["a"]), for: counter, at: at(1))
            }
            try holder.execute("COMMIT")
            try store.record(.strings(["a"]), for: counter, at: at(2))
            #expect(try store.results(for: counter).count == 1)
        }
    }

    @Test func aReadOnlyDatabaseIsAnError() throws {
        try withFolder { path in
            try HistoryStore(path: path).record(.strings(["a"]), for: counter, at: at(1))
            let folder = (path as NSString).deletingLastPathComponent
            // root writes whatever the mode says: an immutable file and folder are read-only for it too.
            let asRoot = geteuid() == 0
            if asRoot {
                #expect(run("/usr/bin/chattr", ["+i", path, folder]) == 0)
            } else {
                chmod(path, 0o444)
                chmod(folder, 0o555)
            }
            defer {
                if asRoot { _ = run("/usr/bin/chattr", ["-i", path, folder]) } else { chmod(folder, 0o700); chmod(path, 0o600) }
            }
            #expect(throws: HistoryError.readOnly(path: path)) {
                try HistoryStore(path: path).record(.strings(["b"]), for: counter, at: at(2))
            }
        }
    }

    @Test func aFullDiskIsAnError() throws {
        // A small file system to fill: a tmpfs, which only root may mount.
        guard geteuid() == 0 else { return }
        let mount = NSTemporaryDirectory() + "pullfeed-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mount) }
        try #require(run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount]) == 0, "a small file system to fill")
        defer { _ = run("/bin/umount", [mount]) }
        let path = mount + "/history.sqlite"
        let store = try HistoryStore(path: path, limits: HistoryLimits(maxBytes: 64 << 20))
        #expect(throws: HistoryError.diskFull(path: path)) {
            for second in 1...20 { try store.record(noise(lines: 400), for: counter, at: at(Double(second))) }
        }
    }

    @Test func anInMemoryStoreKeepsResultsWithinTheSameBounds() throws {
        let store = try HistoryStore(path: HistoryStore.inMemory, limits: HistoryLimits(resultsPerSource: 2))
        for value in 1...3 { try store.record(.strings(["value \(value)"]), for: counter, at: at(Double(value))) }
        #expect(try store.results(for: counter).map { try store.content(of: $0).lines } == [["value 3"], ["value 2"]])
    }

    /// Runs `tool` with `arguments` and returns its exit status.
    func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
