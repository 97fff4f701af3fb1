import Foundation
import Testing
@testable import PullFeed

/// The store behind "Last updated", across runs: one JSON file, one date per source.
@Suite struct LastUpdatedStoreTests {
    /// A store in a directory of its own that does not exist yet, removed afterwards.
    func withStore(_ body: (LastUpdatedStore, URL) throws -> Void) rethrows {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "pullfeed-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pullfeed/last-updated.json")
        try body(LastUpdatedStore(fileURL: file), file)
    }

    @Test func aRecordedDateIsReadBackByAnotherStoreAndKeepsTheOtherSources() {
        withStore { store, file in
            #expect(store.date(for: "file:/a") == nil)
            #expect(store.record(Date(timeIntervalSince1970: 1_000), for: "file:/a"))
            #expect(store.record(Date(timeIntervalSince1970: 2_000), for: "file:/b"))
            let reopened = LastUpdatedStore(fileURL: file)
            #expect(reopened.date(for: "file:/a") == Date(timeIntervalSince1970: 1_000))
            #expect(reopened.date(for: "file:/b") == Date(timeIntervalSince1970: 2_000))
        }
    }

    @Test func backgroundRecordingsLandInOrderOnceFlushed() {
        withStore { store, file in
            for second in 1...20 {
                store.recordInBackground(Date(timeIntervalSince1970: Double(second)), for: "demo")
            }
            store.recordInBackground(Date(timeIntervalSince1970: 7), for: "command:ls")
            store.flush()
            let reopened = LastUpdatedStore(fileURL: file)
            #expect(reopened.date(for: "demo") == Date(timeIntervalSince1970: 20))
            #expect(reopened.date(for: "command:ls") == Date(timeIntervalSince1970: 7))
        }
    }

    @Test func aDamagedFileCountsAsNeverAndIsReplacedByTheNextRecording() throws {
        try withStore { store, file in
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{not json".utf8).write(to: file)
            #expect(store.date(for: "demo") == nil)
            #expect(store.record(Date(timeIntervalSince1970: 5), for: "demo"))
            #expect(LastUpdatedStore(fileURL: file).date(for: "demo") == Date(timeIntervalSince1970: 5))
        }
    }

    @Test func anUnwritableLocationReportsFailureAndNoHomeMeansNoStore() throws {
        // A regular file where the directory should be: the write must fail, not crash.
        let blocker = NSTemporaryDirectory() + "pullfeed-blocker-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = LastUpdatedStore(fileURL: URL(fileURLWithPath: blocker + "/pullfeed/last-updated.json"))
        #expect(!store.record(Date(), for: "demo"))
        store.recordInBackground(Date(), for: "demo")
        store.flush()
        #expect(store.date(for: "demo") == nil)

        #expect(LastUpdatedStore.standard(environment: [:]).fileURL == nil)
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u"]).fileURL?.path
                == "/home/u/.local/state/pullfeed/last-updated.json")
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "/s"]).fileURL?.path
                == "/s/pullfeed/last-updated.json")
        #expect(LastUpdatedStore.standard(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "relative"]).fileURL?.path
                == "/home/u/.local/state/pullfeed/last-updated.json")
    }
}
