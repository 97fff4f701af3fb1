import Foundation
import OpenCombine
import Testing
@testable import PullFeed
import TerminalUI

/// The recorder between the feed and the history: each refresh's result once it is whole, off
/// the UI thread, and a database that fails turning history off with one report.
@Suite(.serialized) struct HistoryRecorderTests {
    let key = HistorySourceKey.command("scripted", directory: "/tmp")

    /// A recorder of `key` into a database in a fresh folder; `body` gets it, a reopened store
    /// reader and the failures reported.
    func withRecorder(path: ((String) -> String)? = nil, _ body: (HistoryRecorder, () throws -> HistoryStore, Locked<[HistoryError]>) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "pullfeed-recorder-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = path?(folder) ?? folder + "/history.sqlite"
        let failures = Locked<[HistoryError]>([])
        let recorder = HistoryRecorder(key: key, origin: .command, open: { () throws(HistoryError) -> HistoryStore in
            try HistoryStore(path: database)
        }, onFailure: { error in failures.withLock { $0.append(error) } })
        try body(recorder, { try HistoryStore(path: database) }, failures)
    }

    /// A feed of `ScriptedSource` whose pages are `pages[i]` for the i-th request, every state
    /// handed to `recorder`.
    func feed(_ pages: [Page], recorder: HistoryRecorder, time: VirtualTime) -> (FeedReactor, AnyCancellable) {
        var index = 0
        let source = ScriptedSource { _ in
            defer { index += 1 }
            return .success(pages[min(index, pages.count - 1)])
        }
        let reactor = FeedReactor(source: source, pageSize: 200, scheduler: time.scheduler)
        let sink = reactor.state.sink { recorder.observe($0) }
        return (reactor, sink)
    }

    func page(_ lines: [String], open: Bool = false) -> Page {
        var page = Page(lines: LineList(lines), hasMore: false)
        page.isOpen = open
        return page
    }

    @Test func eachWholeResultIsKeptTheFirstLoadIncludedAndARunStillOpenIsNot() throws {
        try withRecorder { recorder, reader, failures in
            let time = VirtualTime()
            let (reactor, sink) = feed([page(["value 1"]), page(["value 2"], open: true), page(["value 3"])], recorder: recorder, time: time)
            defer { sink.cancel() }
            reactor.action.send(.refresh)
            time.advance(2)
            reactor.action.send(.refreshKeepingPlace)
            time.advance(2)
            reactor.action.send(.refreshKeepingPlace)
            time.advance(2)
            recorder.flush()
            let store = try reader()
            let results = try store.results(for: key)
            #expect(try results.map { try store.content(of: $0).lines } == [["value 3"], ["value 1"]])
            #expect(failures.withLock { $0 }.isEmpty)
        }
    }

    @Test func aDamagedDatabaseIsReportedOnceAndNothingElseIsTried() throws {
        try withRecorder(path: { folder in
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: folder + "/junk.sqlite"))
            return folder + "/junk.sqlite"
        }) { recorder, _, failures in
            let time = VirtualTime()
            let (reactor, sink) = feed([page(["a"]), page(["b"]), page(["c"])], recorder: recorder, time: time)
            defer { sink.cancel() }
            for _ in 0..<3 {
                reactor.action.send(.refreshKeepingPlace)
                time.advance(2)
            }
            recorder.flush()
            let reported = failures.withLock { $0 }
            #expect(reported.count == 1)
            if case .damaged? = reported.first {} else { Issue.record("reported \(reported)") }
            #expect(reactor.currentState.lines[0] == "c", "the feed went on")
        }
    }
}
