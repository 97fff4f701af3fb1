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
/// its rows marked against the result kept before it, and that result's lines (for the rows
/// it removed, which `d` shows).
package struct PastResult: Sendable, Equatable {
    /// Its row id in the history (a later result has a larger one).
    package var id: Int64
    package var position: HistoryPosition
    package var result: ResultLines
    /// The lines of the result kept before it; empty for the oldest kept.
    package var previous: LineList

    package init(id: Int64, position: HistoryPosition, result: ResultLines, previous: LineList = LineList()) {
        self.id = id
        self.position = position
        self.result = result
        self.previous = previous
    }

    /// Whether it removed rows or changed a row's text against the result before it (`d`
    /// shows them).
    package var removedRows: Bool { result.removedRows }

    package static func == (lhs: PastResult, rhs: PastResult) -> Bool {
        lhs.id == rhs.id && lhs.position == rhs.position && lhs.result == rhs.result
    }
}
