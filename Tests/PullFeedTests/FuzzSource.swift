import OpenCombine
@testable import PullFeed
import TerminalUI

/// A line source for fuzzing: line `i` is always `line(i)`, the list length changes between
/// refreshes, and each request randomly fails or takes a random (virtual) time. It counts
/// the requests that are in flight (subscribed, neither answered nor cancelled) and remembers
/// what it answered, so a test can check the reactor against it.
final class FuzzSource: FeedSource {
    let title = "Fuzz"
    let stateKey = "fuzz"
    let isLineSource = true

    var random: SeededRandom
    var failRate: Double
    /// Failure probability of pages after the first (nil: `failRate`).
    var pageFailRate: Double?
    var total: Int
    private(set) var requestCount = 0
    /// Requests subscribed to and not yet answered or cancelled.
    private(set) var inFlight = 0
    private(set) var mostInFlight = 0
    /// Successful answers to offset-0 requests (each may replace the items).
    private(set) var refreshSuccesses = 0
    /// `hasMore` of the last successful answer.
    private(set) var lastSuccessHasMore: Bool?
    private(set) var failures = 0
    private(set) var successes = 0

    init(seed: UInt64, failRate: Double, total: Int) {
        random = SeededRandom(seed: seed)
        self.failRate = failRate
        self.total = total
    }

    /// Line `i`: "L<i>", and on most lines what real data holds besides: colours, wide
    /// characters, an emoji with a skin tone, C0 and C1 controls, a screen clear and an OSC 52
    /// write to the clipboard. The rows must show all of it inert and within the screen.
    static func line(_ i: Int) -> String {
        switch i % 6 {
        case 1: "L\(i) \u{1B}[31m红色\u{1B}[0m"
        case 2: "L\(i)\t\u{07}bell\u{9B}2J"
        case 3: "L\(i) 👍🏽 ok"
        case 4: "L\(i) \u{1B}[2J\u{1B}]52;c;eA==\u{07}"
        default: "L\(i)"
        }
    }

    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        if request.offset == 0, random.unit() < 0.3 { total = Int(random.next() % 400) }
        requestCount += 1
        let fails = random.unit() < (request.offset > 0 ? pageFailRate ?? failRate : failRate)
        let delay = [0, 1, 50, 300, 700, 2_500][Int(random.next() % 6)]
        let end = min(total, request.offset + request.limit)
        let result: Result<Page, SourceError> = fails
            ? .failure(SourceError("fuzz failure"))
            : .success(Page(items: (request.offset..<max(request.offset, end)).map { .line(Self.line($0)) },
                            hasMore: end < total))
        var done = false
        return Just(result)
            .delay(for: .milliseconds(delay), scheduler: scheduler)
            .handleEvents(
                receiveSubscription: { [weak self] _ in
                    guard let self else { return }
                    inFlight += 1
                    mostInFlight = max(mostInFlight, inFlight)
                },
                receiveOutput: { [weak self] result in
                    guard let self, !done else { return }
                    done = true
                    inFlight -= 1
                    switch result {
                    case .success(let page):
                        successes += 1
                        lastSuccessHasMore = page.hasMore
                        if request.offset == 0 { refreshSuccesses += 1 }
                    case .failure:
                        failures += 1
                    }
                },
                receiveCancel: { [weak self] in
                    guard let self, !done else { return }
                    done = true
                    inFlight -= 1
                })
            .eraseToAnyPublisher()
    }
}
