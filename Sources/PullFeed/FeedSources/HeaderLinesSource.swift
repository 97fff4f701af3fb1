import OpenCombine
import TerminalUI

/// A line source whose first `count` lines are a header (`--header-lines`: the column titles
/// of `ps aux` or `kubectl get`), not items: every first page is asked for `count` more lines,
/// which it gives as `Page.headerLines`; later pages, catch-ups included, are asked for from
/// `count` lines further. So the header is read again on every refresh and is never selected,
/// searched or counted. A header that arrives in parts (its lines written one at a time, the
/// first of them alone before a pause) is completed by the next requests, which hand its
/// missing lines on as `headerLines` too; the rows start after the whole header, whatever
/// the writes.
package final class HeaderLinesSource: FeedSource {
    package let base: FeedSource
    package let count: Int
    /// Header lines the current result has given so far (requests are made and answered on
    /// the UI thread).
    private var headerGiven = 0

    package init(_ base: FeedSource, count: Int) {
        self.base = base
        self.count = max(0, count)
    }

    package var title: String { base.title }
    package var stateKey: String { base.stateKey }
    package var isLineSource: Bool { base.isLineSource }
    package var hasPages: Bool { base.hasPages }
    package var keepsPlaceOnRefresh: Bool { base.keepsPlaceOnRefresh }
    package var loadsRestPageByPage: Bool { base.loadsRestPageByPage }
    package var isWatched: Bool { base.isWatched }
    package func stopReadingRest() { base.stopReadingRest() }
    package func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> { base.changes(on: scheduler) }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let count = count
        let asked: PageRequest
        let missing: Int
        if case .refresh(let limit, _, let linesShown) = request {
            headerGiven = 0
            missing = count
            asked = request.asking(offset: 0, limit: limit + count, linesShown: linesShown > 0 ? linesShown + count : 0)
        } else if headerGiven < count {
            // No row can have come before the whole header: this asks for the rest of it.
            missing = count - headerGiven
            asked = request.asking(offset: headerGiven, limit: request.limit + missing)
        } else {
            missing = 0
            asked = request.asking(offset: request.offset + count, limit: request.limit)
        }
        guard missing > 0 else { return base.load(asked, on: scheduler) }
        return base.load(asked, on: scheduler)
            .map { [weak self] result in
                result.map { page in
                    let split = Self.splitting(page, header: missing)
                    self?.headerGiven += split.headerLines.count
                    return split
                }
            }
            .erased()
    }

    /// `page` with its first `header` items (or lines) moved to `headerLines`.
    static func splitting(_ page: Page, header: Int) -> Page {
        var page = page
        var taken: [String] = []
        var skippedItems = 0
        for item in page.items where taken.count < header {
            guard case .line(let line) = item else { break }
            taken.append(line)
            skippedItems += 1
        }
        page.items.removeFirst(skippedItems)
        let fromLines = min(page.lines.count, header - taken.count)
        for i in 0..<fromLines { taken.append(page.lines[i]) }
        page.lines = page.lines.slice(fromLines..<page.lines.count)
        page.headerLines = taken
        return page
    }
}
