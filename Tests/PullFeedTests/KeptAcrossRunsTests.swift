import EventLoop
import Foundation
import Locking
import OpenCombine
import Testing
@testable import PullFeed
import TerminalUI

/// A source's last-updated time and its results are handed over a loop turn after the state
/// that brings them, so after the frame that shows it, and at the end at once.
@Suite(.serialized) struct KeptAcrossRunsTests {
    /// The loop, a source on it that answers at once, the store and a history writer in a fresh
    /// folder, and what follows the source into them; `body` gets them and the results recorded.
    func withKept(_ body: (MainLoop, SourceReactor, LastUpdatedStore, HistoryWriter, KeptAcrossRuns, Locked<Int>) throws -> Void) rethrows {
        let folder = NSTemporaryDirectory() + "pullfeed-kept-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loop = MainLoop()
        let scripted = ScriptedSource.lines(total: 3)
        scripted.delay = 0
        let reactor = SourceReactor(source: scripted, pageSize: 200, scheduler: loop.scheduler)
        let store = LastUpdatedStore(path: folder + "/last-updated.json")
        let writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in try HistoryStore(path: HistoryStore.inMemory) },
                                   onFailure: { _ in })
        let recorded = Locked(0)
        let recorder = HistoryRecorder(key: .command("scripted", directory: "/tmp"), origin: .command, writer: writer) { _ in
            recorded.withLock { $0 += 1 }
        }
        let kept = KeptAcrossRuns(sources: [reactor], stateKeys: [scripted.stateKey], store: store, recorders: [recorder],
                                  scheduler: loop.scheduler)
        let renders = reactor.state.sink { _ in loop.setNeedsRender() }
        defer { renders.cancel() }
        try body(loop, reactor, store, writer, kept, recorded)
    }

    /// Dates equal to the millisecond (the store keeps seconds as a JSON number).
    static func sameTime(_ a: Date?, _ b: Date?) -> Bool {
        guard let a, let b else { return false }
        return abs(a.timeIntervalSince1970 - b.timeIntervalSince1970) < 0.001
    }

    @Test func aStateIsHandedOverAfterTheFrameThatShowsIt() {
        withKept { loop, reactor, store, writer, kept, recorded in
            var atFrame: (date: Date?, results: Int)?
            reactor.action.send(.refresh)
            _ = loop.run {
                guard atFrame == nil, reactor.currentState.hasLoaded else { return }
                store.flush()
                writer.flush()
                atFrame = (store.date(for: "scripted"), recorded.withLock { $0 })
                // The turn after this frame's.
                loop.scheduler.schedule { loop.stop() }
            }
            #expect(atFrame != nil)
            #expect(atFrame?.date == nil && atFrame?.results == 0)
            store.flush()
            writer.flush()
            #expect(Self.sameTime(store.date(for: "scripted"), reactor.currentState.lastUpdated))
            #expect(recorded.withLock { $0 } == 1)
            kept.finish()
            store.flush()
            writer.flush()
            #expect(recorded.withLock { $0 } == 1)
        }
    }

    @Test func theNewestStatesAreHandedOverAtTheEnd() {
        withKept { loop, reactor, store, writer, kept, recorded in
            reactor.action.send(.refresh)
            // The loop stops in the turn the first page comes: no turn after it.
            _ = loop.run { if reactor.currentState.hasLoaded { loop.stop() } }
            store.flush()
            writer.flush()
            #expect(reactor.currentState.lastUpdated != nil)
            #expect(store.date(for: "scripted") == nil && recorded.withLock { $0 } == 0)
            kept.finish()
            store.flush()
            writer.flush()
            #expect(Self.sameTime(store.date(for: "scripted"), reactor.currentState.lastUpdated))
            #expect(recorded.withLock { $0 } == 1)
        }
    }
}
