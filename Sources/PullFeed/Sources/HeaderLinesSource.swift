import OpenCombine
import TerminalUI

/// A line source whose first `count` lines are a header (`--header-lines`: the column titles
/// of `ps aux` or `kubectl get`), not items: every first page is asked for `count` more lines,
/// which it gives as `Page.headerLines`; later pages are asked for from `count` lines further.
/// So the header is read again on every refresh and is never selected, searched or counted.
package final class HeaderLinesSource: FeedSource {
    package let base: FeedSource
    package let count: Int

    package init(_ base: FeedSource, count: Int) {
        self.base = base
        self.count = max(0, count)
    }

    package var title: String { base.title }
    package var stateKey: String { base.stateKey }
    package var printsSelection: Bool { base.printsSelection }
    package var hasPages: Bool { base.hasPages }
    package var keepsPlaceOnRefresh: Bool { base.keepsPlaceOnRefresh }
    package var loadsRestPageByPage: Bool { base.loadsRestPageByPage }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let count = count
        guard request.offset == 0 else {
            return base.load(PageRequest(offset: request.offset + count, limit: request.limit), on: scheduler)
        }
        return base.load(PageRequest(offset: 0, limit: request.limit + count), on: scheduler)
            .map { result in result.map { Self.splitting($0, header: count) } }
            .eraseToAnyPublisher()
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
