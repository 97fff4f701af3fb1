/// What a feed asks a source for: which lines, and why. The why decides how the source answers:
/// a refresh starts again from the top (a command runs again, a file is opened again), the rest
/// makes a stream read on to its end, a tail reads from the end, a catch-up only hands out what
/// already arrived.
///
/// `offset` counts lines from the first one after those the asker knows were dropped from the
/// front of a stream (`dropped`, see `Page.dropped`); `page` counts from 0.
package enum PageRequest: Hashable, Sendable {
    /// The first `limit` lines, from the top: the first load, or a header refresh.
    /// `wholeResult`: a result is shown already, and the source answers with its whole result
    /// (a command's whole run, however it writes it), not with what came before its output first
    /// paused, so that the place and what is new or gone are judged against all of it.
    /// `linesShown`: the refresh keeps the place, and this many lines are shown; the result holds
    /// at least as many (or all there are), so that the selected line is in it and what was shown
    /// is judged against the same lines again: a file answers once it has counted that many (the
    /// lines counted first, some 256 KiB of them, would lose a line further down), a command's run
    /// is read that far (not only as far as a stream reads unasked).
    case refresh(limit: Int, wholeResult: Bool = false, linesShown: Int = 0)
    /// The next `limit` lines after the first `offset`: the footer's page, the lines a search or a
    /// filter looks through, the lines through a search's match.
    case next(offset: Int, limit: Int, dropped: Int = 0)
    /// The next `limit` lines as part of loading the rest (End, grouped lines, a source that
    /// follows its end): a stream reads on to its end from now on, whatever later requests ask,
    /// and its lines arrive without a request.
    case rest(offset: Int, limit: Int, dropped: Int = 0)
    /// The last `limit` lines, read from the end (`FeedSource.readsFromEnd`: End on a large file
    /// still being counted), shown after the first `offset`.
    case tail(offset: Int, limit: Int, dropped: Int = 0)
    /// Only the lines after the first `offset` that already arrived without a request
    /// (`FeedSource.changes`): the source answers at once and reads no further for it.
    case catchUp(offset: Int, dropped: Int = 0)

    /// Lines before the first one asked for (0 for a refresh).
    package var offset: Int {
        switch self {
        case .refresh: 0
        case .next(let offset, _, _), .rest(let offset, _, _), .tail(let offset, _, _), .catchUp(let offset, _): offset
        }
    }

    /// Lines asked for at most (a catch-up asks for every line that arrived).
    package var limit: Int {
        switch self {
        case .refresh(let limit, _, _), .next(_, let limit, _), .rest(_, let limit, _), .tail(_, let limit, _): limit
        case .catchUp: Self.everyLine
        }
    }

    /// Lines the asker knows were dropped from the front of a stream: `offset` counts from the
    /// first line after them.
    package var dropped: Int {
        switch self {
        case .refresh: 0
        case .next(_, _, let dropped), .rest(_, _, let dropped), .tail(_, _, let dropped), .catchUp(_, let dropped): dropped
        }
    }

    /// A refresh's lines shown, which its result holds at least (0 for other requests).
    package var linesShown: Int {
        if case .refresh(_, _, let shown) = self { return shown }
        return 0
    }

    /// Which page of `limit` lines this is, counting from 0.
    package var page: Int { limit > 0 ? offset / limit : 0 }

    /// The same request for `limit` lines after the first `offset` (a refresh for `limit`, its
    /// lines shown `linesShown`): for a source that asks another for its lines (header lines
    /// taken off the front, say).
    package func asking(offset: Int, limit: Int, linesShown: Int? = nil) -> PageRequest {
        switch self {
        case .refresh(_, let whole, let shown): .refresh(limit: limit, wholeResult: whole, linesShown: linesShown ?? shown)
        case .next(_, _, let dropped): .next(offset: offset, limit: limit, dropped: dropped)
        case .rest(_, _, let dropped): .rest(offset: offset, limit: limit, dropped: dropped)
        case .tail(_, _, let dropped): .tail(offset: offset, limit: limit, dropped: dropped)
        case .catchUp(_, let dropped): .catchUp(offset: offset, dropped: dropped)
        }
    }

    /// As many lines as a request can ask for.
    static let everyLine = 1 << 40
}
