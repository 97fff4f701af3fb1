#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One kept result of a source: when it arrived and how many rows it had. Its lines are loaded
/// on demand (`HistoryStore.content(of:)`); a result equal to the one before it shares its
/// lines (`contentID`).
package struct HistoryResult: Sendable, Equatable, Hashable {
    /// The result's row id; a larger id arrived later.
    package var id: Int64
    package var time: Date
    package var rowCount: Int
    /// The row id of its lines.
    package var contentID: Int64

    package init(id: Int64, time: Date, rowCount: Int, contentID: Int64) {
        self.id = id
        self.time = time
        self.rowCount = rowCount
        self.contentID = contentID
    }
}

/// A source and its kept results, newest first.
package struct HistorySource: Sendable, Equatable {
    package var key: HistorySourceKey
    package var results: [HistoryResult]

    package init(key: HistorySourceKey, results: [HistoryResult]) {
        self.key = key
        self.results = results
    }
}

/// What `HistoryStore.record` did with a result.
package enum HistoryRecordOutcome: Sendable, Equatable {
    /// Kept with lines of its own.
    case stored(HistoryResult)
    /// Equal to the result before it: kept with a new time, sharing that result's lines.
    case repeated(HistoryResult)
    /// Larger than `HistoryLimits.maxResultBytes` once compressed: not kept.
    case tooLarge(bytes: Int)
    /// Its input could not be read (a file removed since its refresh): nothing kept.
    case unreadable

    /// The result kept, if one was.
    package var result: HistoryResult? {
        switch self {
        case .stored(let result), .repeated(let result): result
        case .tooLarge, .unreadable: nil
        }
    }
}
