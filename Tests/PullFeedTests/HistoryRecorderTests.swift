import Foundation
import Locking
import OpenCombine
import Testing
@testable import PullFeed

/// The recorder between a source and the history: each refresh's result once it is whole, off
/// the UI thread, and a database that fails turning history off with one report.
@Suite(.serialized) struct HistoryRecorderTests {
    let key = HistorySourceKey.command("scripted", directory: "/tmp")

    /// A writer into a database in a fresh folder; `body` gets it, a reader of the database and
    /// the failures reported.
    func withWriter(path: ((String) -> String)? = nil, _ body: (HistoryWriter, () throws -> HistoryStore, Locked<[HistoryError]>) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "pullfeed-recorder-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = path?(folder) ?? folder + "/history.sqlite"
        let failures = Locked<[HistoryError]>([])
        let writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in
            try HistoryStore(path: database)
        }, onFailure: { error in failures.withLock { $0.append(error) } })
        try body(writer, { try HistoryStore(path: database) }, failures)
    }

    /// A source of `ScriptedSource` whose pages are `pages[i]` for the i-th request, every state
    /// handed to `recorder`.
    func source(_ pages: [Page], recorder: HistoryRecorder, time: VirtualTime) -> (SourceReactor, AnyCancellable) {
        var index = 0
        let scripted = ScriptedSource { _ in
            defer { index += 1 }
            return .success(pages[min(index, pages.count - 1)])
        }
        let reactor = SourceReactor(source: scripted, pageSize: 200, scheduler: time.scheduler)
        let sink = reactor.state.sink { recorder.observe($0) }
        return (reactor, sink)
    }

    func page(_ lines: [String], open: Bool = false, header: [String] = []) -> Page {
        var page = Page(lines: LineList(lines), hasMore: false)
        page.isOpen = open
        page.headerLines = header
        return page
    }

    @Test func eachWholeResultIsKeptTheFirstLoadIncludedAndARunStillOpenIsNot() throws {
        try withWriter { writer, reader, failures in
            let time = VirtualTime()
            let recorder = HistoryRecorder(key: key, origin: .command, writer: writer)
            let (reactor, sink) = source([page(["value 1"], header: ["NAME"]), page(["value 2"], open: true), page(["value 3"])],
                                         recorder: recorder, time: time)
            defer { sink.cancel() }
            reactor.action.send(.refresh)
            time.advance(2)
            reactor.action.send(.refreshKeepingPlace)
            time.advance(2)
            reactor.action.send(.refreshKeepingPlace)
            time.advance(2)
            writer.flush()
            let store = try reader()
            let results = try store.results(for: key)
            #expect(try results.map { try store.content(of: $0).lines } == [["value 3"], ["NAME", "value 1"]])
            #expect(failures.withLock { $0 }.isEmpty)
        }
    }

    @Test func aDamagedDatabaseIsReportedOnceAndNothingElseIsTried() throws {
        try withWriter(path: { folder in
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: folder + "/junk.sqlite"))
            return folder + "/junk.sqlite"
        }) { writer, _, failures in
            let time = VirtualTime()
            let recorder = HistoryRecorder(key: key, origin: .command, writer: writer)
            let (reactor, sink) = source([page(["a"]), page(["b"]), page(["c"])], recorder: recorder, time: time)
            defer { sink.cancel() }
            for _ in 0..<3 {
                reactor.action.send(.refreshKeepingPlace)
                time.advance(2)
            }
            writer.flush()
            let reported = failures.withLock { $0 }
            #expect(reported.count == 1)
            if case .damaged? = reported.first {} else { Issue.record("reported \(reported)") }
            #expect(reactor.currentState.lines[0] == "c", "the feed went on")
        }
    }

    @Test func theHistoryKeepsCommandsAndFilesOnly() throws {
        try withWriter { writer, _, _ in
            #expect(HistoryRecorder(input: .command("ls"), writer: writer, directory: "/srv")?.key == .command("ls", directory: "/srv"))
            #expect(HistoryRecorder(input: .file("a.log"), writer: writer, directory: "/srv")?.origin == .file(path: "/srv/a.log"))
            #expect(HistoryRecorder(input: .standardInput, writer: writer) == nil)
            #expect(HistoryRecorder(input: .pageCommand("ls"), writer: writer) == nil)
            #expect(HistoryRecorder(input: .demo, writer: writer) == nil)
        }
    }
}
