import Foundation
import GRDB
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
    func noise(lines count: Int) -> HistoryContent {
        HistoryContent(lines: (0..<count).map { _ in (0..<8).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined() })
    }

    @Test func resultsAreReadBackNewestFirstByAnotherStore() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            for value in 1...3 { try store.record(HistoryContent(lines: ["value \(value)", "end"]), for: counter, at: at(Double(value))) }
            try store.record(HistoryContent(lines: ["x"]), for: other, at: at(10))
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
        }
    }

    @Test func aResultEqualToTheOneBeforeItIsANewTimeOnTheSameLines() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path)
            let a = HistoryContent(lines: ["a", "b"]), b = HistoryContent(lines: ["a", "c"])
            let first = try store.record(a, for: counter, at: at(1))
            let second = try store.record(a, for: counter, at: at(2))
            let third = try store.record(b, for: counter, at: at(3))
            let fourth = try store.record(a, for: counter, at: at(4))
            guard case .stored(let r1) = first, case .repeated(let r2) = second, case .stored(let r3) = third,
                  case .stored(let r4) = fourth else {
                Issue.record("outcomes \(first) \(second) \(third) \(fourth)")
                return
            }
            #expect(r1.linesID == r2.linesID && r3.linesID != r1.linesID && r4.linesID != r1.linesID)
            #expect(try store.results(for: counter).count == 4)
            let blobs = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM lines") }
            #expect(blobs == 3)
        }
    }

    @Test func eachSourceKeepsItsNewestResultsOnly() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path, limits: HistoryLimits(resultsPerSource: 3))
            try store.record(HistoryContent(lines: ["kept"]), for: other, at: at(0))
            for value in 1...6 { try store.record(HistoryContent(lines: ["value \(value)"]), for: counter, at: at(Double(value))) }
            let kept = try store.results(for: counter)
            #expect(try kept.map { try store.content(of: $0).lines } == [["value 6"], ["value 5"], ["value 4"]])
            #expect(try store.results(for: other).count == 1)
            let blobs = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM lines") }
            #expect(blobs == 4, "the lines of the results dropped go with them")
        }
    }

    @Test func theDatabaseNeverGrowsPastItsSizeAndDropsTheOldestResultsOfAnySource() throws {
        try withFolder { path in
            let bound = 1 << 20
            let store = try HistoryStore(path: path, limits: HistoryLimits(resultsPerSource: 1_000, maxBytes: bound))
            try store.record(HistoryContent(lines: ["oldest"]), for: other, at: at(0))
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
            let check = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
            #expect(check == "ok")
        }
    }

    @Test func aResultLargerThanAQuarterOfTheBoundIsNotKept() throws {
        try withFolder { path in
            let store = try HistoryStore(path: path, limits: HistoryLimits(maxBytes: 1 << 20))
            guard case .tooLarge = try store.record(noise(lines: 10_000), for: counter, at: at(1)) else {
                Issue.record("a 600 KB blob was kept in a 1 MiB history")
                return
            }
            #expect(try store.results(for: counter).isEmpty)
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
            let holder = try DatabaseQueue(path: path)
            try holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                #expect(throws: HistoryError.locked(path: path)) {
                    try store.record(HistoryContent(lines: ["a"]), for: counter, at: at(1))
                }
                try db.execute(sql: "COMMIT")
            }
            try store.record(HistoryContent(lines: ["a"]), for: counter, at: at(2))
            #expect(try store.results(for: counter).count == 1)
        }
    }

    @Test func aReadOnlyDatabaseIsAnError() throws {
        try withFolder { path in
            try HistoryStore(path: path).record(HistoryContent(lines: ["a"]), for: counter, at: at(1))
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
                try HistoryStore(path: path).record(HistoryContent(lines: ["b"]), for: counter, at: at(2))
            }
        }
    }

    @Test func aFullDiskIsAnError() throws {
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

    /// Runs `tool` with `arguments` and returns its exit status.
    func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
