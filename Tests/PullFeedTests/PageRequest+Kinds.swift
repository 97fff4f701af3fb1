@testable import PullFeed

/// What the tests ask of a request they logged.
extension PageRequest {
    /// A catch-up: only lines that already arrived.
    var isCatchUp: Bool {
        if case .catchUp = self { return true }
        return false
    }

    /// Part of loading the rest: a stream reads on to its end.
    var isRest: Bool {
        if case .rest = self { return true }
        return false
    }

    /// The last lines, read from the end.
    var isTail: Bool {
        if case .tail = self { return true }
        return false
    }

    /// The first page, or the next `limit` lines after `offset`.
    static func page(offset: Int, limit: Int) -> PageRequest {
        offset == 0 ? .refresh(limit: limit) : .next(offset: offset, limit: limit)
    }
}
