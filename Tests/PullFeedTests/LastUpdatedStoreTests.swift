import Foundation
import Locking
import Testing
@testable import PullFeed

/// The store behind "Last updated", across runs: one JSON file, one date per source.
@Suite struct LastUpdatedStoreTests {
    /// A store in a directory of its own that does not exist yet, removed afterwards.
    func withStore(_ body: (LastUpdatedStore, URL) throws -> Void) rethrows {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "pullfeed-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pullfeed/last-updated.json")
        try body(LastUpdatedStore(path: file.path), file)
    }

    @Test func aRecordedDateIsReadBackByAnotherStoreAndKeepsTheOtherSources() {
        withStore { store, file in
            #expect(store.date(for: "file:/a") == nil)
            #expect(store.record(Date(timeIntervalSince1970: 1_000), for: "file:/a"))
            #expect(store.record(Date(timeIntervalSince1970: 2_000), for: "file:/b"))
            let reopened = LastUpdatedStore(path: file.path)
            #expect(reopened.date(for: "file:/a") == Date(timeIntervalSince1970: 1_000))
            #expect(reopened.date(for: "file:/b") == Date(timeIntervalSince1970: 2_000))
            #expect(reopened.dates(for: ["file:/b", "file:/c", "file:/a"])
                    == [Date(timeIntervalSince1970: 2_000), nil, Date(timeIntervalSince1970: 1_000)])
        }
    }

    @Test func backgroundRecordingsLandInOrderOnceFlushed() {
        withStore { store, file in
            for second in 1...20 {
                store.recordInBackground(Date(timeIntervalSince1970: Double(second)), for: "demo")
            }
            store.recordInBackground(Date(timeIntervalSince1970: 7), for: "command:ls")
            store.flush()
            let reopened = LastUpdatedStore(path: file.path)
            #expect(reopened.date(for: "demo") == Date(timeIntervalSince1970: 20))
            #expect(reopened.date(for: "command:ls") == Date(timeIntervalSince1970: 7))
        }
    }

    @Test func aDamagedFileCountsAsNeverAndIsReplacedByTheNextRecording() throws {
        try withStore { store, file in
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Each would give "demo" a date if any part of it were taken.
            let damaged = ["", "{not json", #"{"demo":5"#, #"{"demo":5}x"#, #"[{"demo":5}]"#,
                           #"{"demo":"5"}"#, #"{"demo":5,"other":null}"#, #"{"demo":5,"other":{}}"#, "null"]
            for text in damaged {
                try Data(text.utf8).write(to: file)
                #expect(store.date(for: "demo") == nil, "\(text.debugDescription)")
            }
            try Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).write(to: file)
            #expect(store.date(for: "demo") == nil, "bytes that are not UTF-8")
            #expect(store.record(Date(timeIntervalSince1970: 5), for: "demo"))
            #expect(LastUpdatedStore(path: file.path).date(for: "demo") == Date(timeIntervalSince1970: 5))
        }
    }

    @Test func theFileIsOneObjectOfNumbersItsNamesSorted() throws {
        let dates = ["file:/a": 1_732_500_000.25, "stdin": 2_000, "demo": 1_600_000_000.125, "command:ls": 3_000]
        var texts: [String] = []
        for keys in [dates.keys.sorted(), dates.keys.sorted().reversed()] {
            try withStore { store, file in
                for key in keys { #expect(store.record(Date(timeIntervalSince1970: dates[key]!), for: key)) }
                texts.append(try String(contentsOf: file, encoding: .utf8))
            }
        }
        // Sorted names: the same entries make the same file, whatever order they came in.
        #expect(texts[0] == texts[1])
        let positions = dates.keys.map(LastUpdatedStore.hashedKey).sorted().compactMap { texts[0].range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == dates.count && positions == positions.sorted())
        #expect(texts[0].hasPrefix("{") && texts[0].hasSuffix("}") && !texts[0].contains("\n"))
        let stored = try JSONDecoder().decode([String: Double].self, from: Data(texts[0].utf8))
        #expect(stored == Dictionary(uniqueKeysWithValues: dates.map { (LastUpdatedStore.hashedKey($0.key), $0.value) }))
    }

    @Test func aFileWrittenByTheLastVersionIsRead() throws {
        // The last version wrote the object itself: names sorted, no spaces, numbers as Swift
        // prints them ("2000.0", "1e-07").
        try withStore { store, file in
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let entries = [("file:/a", "1732500000.25"), ("stdin", "2000.0"), ("demo", "1e-07")]
                .map { (LastUpdatedStore.hashedKey($0.0), $0.1) }
                .sorted { $0.0 < $1.0 }
            try Data(("{" + entries.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8).write(to: file)
            #expect(store.date(for: "file:/a") == Date(timeIntervalSince1970: 1_732_500_000.25))
            #expect(store.date(for: "stdin") == Date(timeIntervalSince1970: 2_000))
            #expect(store.date(for: "demo") == Date(timeIntervalSince1970: 1e-7))
            #expect(store.record(Date(timeIntervalSince1970: 3_000), for: "command:ls"))
            #expect(LastUpdatedStore(path: file.path).date(for: "file:/a") == Date(timeIntervalSince1970: 1_732_500_000.25))
        }
    }

    @Test func anUnwritableLocationReportsFailureAndNoHomeMeansNoStore() throws {
        // A regular file where the directory should be: the write must fail, not crash.
        let blocker = NSTemporaryDirectory() + "pullfeed-blocker-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = LastUpdatedStore(path: blocker + "/pullfeed/last-updated.json")
        #expect(!store.record(Date(), for: "demo"))
        store.recordInBackground(Date(), for: "demo")
        store.flush()
        #expect(store.date(for: "demo") == nil)

        #expect(LastUpdatedStore.standard(environment: [:]).path == nil)
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/state/pullfeed/last-updated.json")
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "/s"]).path
                == "/s/pullfeed/last-updated.json")
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "relative"]).path
                == "/home/u/.local/state/pullfeed/last-updated.json")
    }

    @Test func theFileNamesNoSourceAndOnlyItsOwnerCanReadIt() throws {
        try withStore { store, file in
            let key = "command:curl -H 'Authorization: secret' https://example.com/private"
            #expect(store.record(Date(timeIntervalSince1970: 1_000), for: key))
            #expect(store.record(Date(timeIntervalSince1970: 2_000), for: "file:/home/u/diary.txt"))
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("secret") && !text.contains("diary") && !text.contains("command"))
            let stored = try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: file))
            #expect(Set(stored.keys) == [LastUpdatedStore.hashedKey(key), LastUpdatedStore.hashedKey("file:/home/u/diary.txt")])
            #expect(stored.keys.allSatisfy { $0.count == 16 })
            #expect(LastUpdatedStore(path: file.path).date(for: key) == Date(timeIntervalSince1970: 1_000))
            #expect(try mode(file.path) == 0o600)
            #expect(try mode(file.deletingLastPathComponent().path) == 0o700)
            #expect(try mode(file.deletingLastPathComponent().deletingLastPathComponent().path) == 0o700)
        }
    }

    @Test func aFifoOrAFolderWhereTheFileShouldBeCountsAsNeverWithoutWaiting() throws {
        try withStore { store, file in
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(mkfifo(file.path, 0o600) == 0)
            // Read on another thread, so a read that blocks on the FIFO fails the test (and
            // leaves that thread waiting) instead of hanging the suite.
            let done = DispatchSemaphore(value: 0)
            let found = Locked<Date??>(nil)
            DispatchQueue.global().async {
                let date = store.date(for: "demo")
                found.withLock { $0 = .some(date) }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 10) == .success, "reading a FIFO at the store's path blocked")
            #expect(found.withLock { $0 } == .some(nil))
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            #expect(store.date(for: "demo") == nil)
            #expect(!store.record(Date(timeIntervalSince1970: 5), for: "demo"))
        }
    }

    @Test func theHashIsStable() {
        // FNV-1a 64 of "" and of "a": the published test values.
        #expect(LastUpdatedStore.hashedKey("") == "cbf29ce484222325")
        #expect(LastUpdatedStore.hashedKey("a") == "af63dc4c8601ec8c")
        #expect(LastUpdatedStore.hashedKey("stdin") != LastUpdatedStore.hashedKey("stdin "))
    }

    @Test func onlyTheMostRecentEntriesAreKept() {
        withStore { store, file in
            for n in 1...(LastUpdatedStore.maxEntries + 50) {
                store.record(Date(timeIntervalSince1970: Double(n)), for: "file:/\(n)")
            }
            let reopened = LastUpdatedStore(path: file.path)
            #expect(reopened.date(for: "file:/50") == nil)
            #expect(reopened.date(for: "file:/51") == Date(timeIntervalSince1970: 51))
            #expect(reopened.date(for: "file:/250") == Date(timeIntervalSince1970: 250))
            let stored = try? JSONDecoder().decode([String: Double].self, from: Data(contentsOf: file))
            #expect(stored?.count == LastUpdatedStore.maxEntries)
        }
    }

    @Test func aFileWithPlainKeysIsReadAndRewrittenHashed() throws {
        try withStore { store, file in
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"command:ls -la":1000,"demo":2000}"#.utf8).write(to: file)
            #expect(store.date(for: "command:ls -la") == Date(timeIntervalSince1970: 1_000))
            #expect(store.record(Date(timeIntervalSince1970: 3_000), for: "stdin"))
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("ls -la") && !text.contains("demo"))
            #expect(store.date(for: "demo") == Date(timeIntervalSince1970: 2_000))
            #expect(store.date(for: "stdin") == Date(timeIntervalSince1970: 3_000))
        }
    }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
