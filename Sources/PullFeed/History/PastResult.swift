#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which of a source's kept results is shown: the `number`-th of the `count` kept (1 the
/// oldest), and when it arrived (the title's `history 2/3 · 14:05:09`).
package struct HistoryPosition: Sendable, Equatable {
    package var number: Int
    package var count: Int
    package var time: Date

    package init(number: Int, count: Int, time: Date) {
        self.number = number
        self.count = count
        self.time = time
    }
}

/// A kept result of a source, shown in place of its live lines (`[`, `]`): which one it is,
/// and its rows as shown, marked against the result kept before it (`plain`), and with the
/// rows it removed among them (`withRemoved`, for `d`; `plain` when it removed none).
package struct PastResult: Sendable, Equatable {
    /// Its row id in the history (a later result has a larger one).
    package var id: Int64
    package var position: HistoryPosition
    package var plain: ResultLines
    package var withRemoved: ResultLines

    package init(id: Int64, position: HistoryPosition, plain: ResultLines, withRemoved: ResultLines? = nil) {
        self.id = id
        self.position = position
        self.plain = plain
        self.withRemoved = withRemoved ?? plain
    }

    /// Whether `d` shows more rows than the result's own.
    package var removedRows: Bool { withRemoved != plain }
}
