import Testing
@testable import PullFeed
import TerminalUI

/// Failing sources seen on the screen: items stay, the toast names the reason, and nothing
/// retries on its own.
@Suite struct FailingSourceScreenTests {
    @Test func endOnASourceWhosePagesFailDoesNotRetryForever() {
        let source = ScriptedSource { request in
            request.offset == 0
                ? .success(Page(items: (0..<30).map { .line("item \($0)") }, hasMore: true))
                : .failure(SourceError("page 2 is broken"))
        }
        let h = ScreenHarness(source: source, pageSize: 30)
        h.advance(1)
        h.press(.end)
        for _ in 0..<30 { h.advance(1) }
        #expect(source.requests.count <= 3, "requests: \(source.requests)")
        #expect(!h.reactor.currentState.isLoadingMore)
        #expect(h.reactor.currentState.lines.count == 30)
        // The user can still ask again.
        h.press(.end)
        h.advance(1)
        #expect(h.lines[h.lines.count - 1] == " Load more failed: page 2 is broken")
    }
}
