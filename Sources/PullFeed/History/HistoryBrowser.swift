#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import OpenCombine
import TerminalUI

/// One source's way into its kept results for `[` and `]`. It holds no place of its own: the
/// source's state says which result is shown, and each step says where it starts. A step reads
/// the results it needs on the history's queue, after the writes handed over before it, works
/// out there what the result changed against the one before it, and arrives on the UI
/// scheduler. Nothing is run again.
package final class HistoryBrowser: Sendable {
    package let key: HistorySourceKey
    private let writer: HistoryWriter

    package init(key: HistorySourceKey, writer: HistoryWriter) {
        self.key = key
        self.writer = writer
    }

    /// A step through the results: from the result shown (`from`, its id; nil: the live one,
    /// which arrived at `liveTime`) by `by` results (negative: back), laid out as `shaping` says.
    package struct Request: Sendable {
        package var from: Int64?
        package var by: Int
        package var liveTime: Date?
        package var shaping: ResultShaping

        package init(from: Int64?, by: Int, liveTime: Date?, shaping: ResultShaping) {
            self.from = from
            self.by = by
            self.liveTime = liveTime
            self.shaping = shaping
        }
    }

    /// Where a step lands.
    package enum Step: Sendable, Equatable {
        /// On this kept result.
        case past(PastResult)
        /// On the live result, past the newest kept.
        case live
        /// Nowhere else: nothing older is kept (`older`), or the live result is shown already.
        case stays(older: Bool)
    }

    /// Takes `request`'s step and delivers where it lands on `scheduler` (the history off:
    /// nowhere).
    package func step(_ request: Request, deliverOn scheduler: LoopScheduler) -> AnyPublisher<Step, Never> {
        let key = key
        let writer = writer
        return Deferred {
            Future<Step, Never> { promise in
                // Kept on the UI scheduler, as `BackgroundLoad` keeps its promises.
                let fulfil = UncheckedSendable(promise)
                writer.read({ store throws(HistoryError) in try Self.step(request, in: store, key: key) }, then: { step in
                    scheduler.schedule { fulfil.value(.success(step ?? .stays(older: request.by < 0))) }
                })
            }
        }
        .erased()
    }

    /// On the history's queue: where `request` lands among `key`'s results in `store`.
    static func step(_ request: Request, in store: HistoryStore, key: HistorySourceKey) throws(HistoryError) -> Step {
        let results = Array(try store.results(for: key).reversed())
        guard let newest = results.last else { return .stays(older: request.by < 0) }
        // The live result is the newest kept when that one arrived when it did.
        let liveIsKept = request.liveTime.map { abs($0.timeIntervalSince(newest.time)) < 0.001 } ?? false
        let live = liveIsKept ? results.count - 1 : results.count
        let position = request.from.map { id in results.firstIndex { $0.id >= id } ?? live } ?? live
        let target = min(max(position + request.by, 0), live)
        if target == live { return position == live ? .stays(older: false) : .live }
        if target == position { return .stays(older: true) }
        let shaping = request.shaping
        let shown = shaping.split(try store.content(of: results[target]).bytes)
        let previous = target > 0 ? shaping.split(try store.content(of: results[target - 1]).bytes).lines : nil
        let result = shaping.result(header: shown.header, lines: shown.lines, previous: previous)
        let shownAt = HistoryPosition(number: target + 1, count: results.count, time: results[target].time)
        return .past(PastResult(id: results[target].id, position: shownAt, result: result, previous: previous ?? LineList()))
    }
}
