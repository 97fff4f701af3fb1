import Foundation
@testable import PullFeed
import Locking
import Testing

/// Where `[` and `]` land among a source's kept results: counted from the live one (the newest
/// kept when it arrived then), clamped at the oldest, live again past the newest, and a store
/// that fails giving way to one in memory.
@Suite struct HistoryBrowserTests {
    let key = HistorySourceKey.command("sh count.sh", directory: "/tmp")
    func at(_ second: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + second) }

    /// A store in memory with `value 1` … `value N` kept at seconds 1 … N.
    func store(results: Int, header: [String] = []) throws -> HistoryStore {
        let store = try HistoryStore(path: HistoryStore.inMemory)
        for n in 0..<results {
            _ = try store.record(.strings(header + ["value \(n + 1)"]), for: key, at: at(Double(n + 1)))
        }
        return store
    }

    func step(_ store: HistoryStore, from: Int64? = nil, by: Int, liveTime: Date?, headerCount: Int = 0) throws -> HistoryBrowser.Step {
        try HistoryBrowser.step(HistoryBrowser.Request(from: from, by: by, liveTime: liveTime, shaping: ResultShaping(headerCount: headerCount)),
                                in: store, key: key)
    }

    func shown(_ step: HistoryBrowser.Step) -> (lines: [String], number: Int, count: Int)? {
        guard case .past(let past) = step else { return nil }
        let lines = past.result.lines
        return ((0..<lines.count).map { lines[$0] }, past.position.number, past.position.count)
    }

    @Test func backFromTheLiveResultThatIsTheNewestKept() throws {
        let store = try store(results: 3)
        let one = try #require(shown(try step(store, by: -1, liveTime: at(3))))
        #expect(one.lines == ["value 2"] && one.number == 2 && one.count == 3)
        #expect(shown(try step(store, by: -2, liveTime: at(3)))?.lines == ["value 1"])
        #expect(shown(try step(store, by: -9, liveTime: at(3)))?.number == 1, "clamped at the oldest")
        #expect(try step(store, by: 1, liveTime: at(3)) == .stays(older: false))
    }

    @Test func backFromALiveResultNotKeptShowsTheNewestKept() throws {
        let store = try store(results: 3)
        #expect(shown(try step(store, by: -1, liveTime: at(9)))?.number == 3)
        #expect(shown(try step(store, by: -1, liveTime: nil))?.lines == ["value 3"])
    }

    @Test func forwardFromAPastResultAndLivePastTheNewest() throws {
        let store = try store(results: 3)
        let ids = try store.results(for: key).map(\.id).reversed() as [Int64]
        #expect(shown(try step(store, from: ids[0], by: 1, liveTime: at(3)))?.lines == ["value 2"])
        #expect(try step(store, from: ids[1], by: 1, liveTime: at(3)) == .live)
        #expect(try step(store, from: ids[0], by: 5, liveTime: at(3)) == .live)
        #expect(try step(store, from: ids[0], by: -1, liveTime: at(3)) == .stays(older: true))
        #expect(try step(try HistoryStore(path: HistoryStore.inMemory), by: -1, liveTime: nil) == .stays(older: true))
    }

    @Test func aPastResultIsMarkedAgainstTheOneBeforeItAndKeepsItsHeader() throws {
        let store = try store(results: 2, header: ["NAME"])
        guard case .past(let past) = try step(store, by: -1, liveTime: nil, headerCount: 1) else {
            Issue.record("no past result")
            return
        }
        #expect(past.result.headerLines == ["NAME"])
        #expect(past.result.lines.count == 1 && past.result.lines[0] == "value 2")
        #expect(past.result.changes.newItems[0] && past.result.changes.goneCount == 1)
        #expect(past.removedRows && past.previous.count == 1 && past.previous[0] == "value 1")
    }

    @Test func aDatabaseThatFailsGivesWayToOneInMemory() throws {
        let failures = Locked<[HistoryError]>([])
        let writer = HistoryWriter(open: { () throws(HistoryError) -> HistoryStore in throw .readOnly(path: "/nowhere") },
                                   fallback: { () throws(HistoryError) -> HistoryStore in try HistoryStore(path: HistoryStore.inMemory) },
                                   onFailure: { error in failures.withLock { $0.append(error) } })
        for n in 1...3 { writer.write(.strings(["value \(n)"]), for: key, at: at(Double(n))) }
        let kept = Locked<[HistoryResult]?>(nil)
        writer.read({ store throws(HistoryError) in try store.results(for: key) }, then: { results in kept.withLock { $0 = results } })
        writer.flush()
        #expect(kept.withLock { $0 }?.count == 3, "the first write, which failed, was kept in memory too")
        #expect(failures.withLock { $0 }.count == 1, "said once")
    }
}
