#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import TerminalUI

/// The embedded demo feed: deterministic articles (with Chinese text and emoji) and
/// comments, pages of 10, five pages and then no more data, answered after `latency`
/// seconds on the UI scheduler, failing with probability `failRate`.
///
/// Each refresh produces a newer edition, so a refresh visibly changes the feed.
package final class DemoSource: FeedSource {
    package static let pageSize = 10
    package static let pageCount = 5

    package let title = "Demo articles"
    package let stateKey = "demo"
    package let isLineSource = false
    package let latency: Double
    package let failRate: Double

    private var random: SeededRandom
    private var edition = 0

    package init(latency: Double = 0.6, failRate: Double = 0, seed: UInt64 = 1) {
        self.latency = latency
        self.failRate = failRate
        random = SeededRandom(seed: seed)
    }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        Deferred { [self] () -> AnyPublisher<Result<Page, SourceError>, Never> in
            if case .refresh = request { edition += 1 }
            let fails = failRate > 0 && random.unit() < failRate
            let edition = edition
            let result: Result<Page, SourceError> = fails
                ? .failure(SourceError("simulated network error (--fail-rate)"))
                : .success(Self.page(request, edition: edition))
            return Just(result)
                .delay(for: .milliseconds(Int(latency * 1000)), scheduler: scheduler)
                .erased()
        }
        .erased()
    }

    /// The articles of one page of one edition (pure, for tests too).
    package static func page(_ request: PageRequest, edition: Int) -> Page {
        let total = pageSize * pageCount
        let start = min(request.offset, total)
        let end = min(request.offset + Swift.min(request.limit, pageSize), total)
        let articles = (start..<end).map { article(number: $0 + 1, edition: edition) }
        return Page(items: articles.map(FeedItem.article), hasMore: end < total)
    }

    static let authors = ["Alice", "Bob", "李雷", "韩梅梅", "Chloé", "Dmitri", "Ngozi", "Yuki"]
    static let topics = [
        "Pull to refresh, explained", "Reactors in the terminal", "下拉刷新的原理",
        "Combine on Linux 🐧", "Why less is fast", "SectionReactor 入门", "Emoji widths 🎉 and you",
        "Release to refresh", "分页加载更多", "Terminal colours without colour",
    ]
    static let sentences = [
        "A header appears when you pull past the top.",
        "列表顶部下拉即可刷新，底部自动加载更多。",
        "Every state is rendered from the reactor. ✅",
        "Comments arrive on an event stream 💬 and update one section.",
        "终端里也能有流畅的体验。",
        "The footer says when there is no more data.",
    ]

    static func article(number: Int, edition: Int) -> Article {
        let key = number &* 31 &+ edition &* 7
        let title = topics[key % topics.count] + (edition > 1 ? " (edition \(edition))" : "")
        let n = sentences.count
        let first = key % n
        let body = [sentences[first], sentences[(first + 1 + (key / n) % (n - 1)) % n]]
        let comments = (0..<(key % 3)).map { i in
            Comment(author: authors[(key + i + 1) % authors.count],
                    text: i % 2 == 0 ? "Nice one 👍" : "学到了，谢谢分享！")
        }
        return Article(id: number, author: authors[key % authors.count], title: title, body: body, comments: comments)
    }
}
