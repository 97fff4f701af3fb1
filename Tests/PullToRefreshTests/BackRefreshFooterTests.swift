import Testing
@testable import PullToRefresh

@Suite struct BackRefreshFooterTests {
    @Test func pullingPastTheThresholdAndReleasingLoads() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time)
        let probe = Probe(footer)
        #expect(footer.visibleHeight == 1)
        footer.pull(by: 1)
        #expect(footer.state == .pulling && footer.pullingPercent == 1)
        #expect(footer.visibleHeight == 2)
        footer.release()
        #expect(footer.state == .refreshing && footer.visibleHeight == 1)
        time.advance(ms: 100)
        #expect(probe.requests == 1)
    }

    @Test func thresholdFollowsTheHeight() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time, height: 2)
        let probe = Probe(footer)
        footer.pull(by: 1)
        #expect(footer.state == .idle && footer.pullingPercent == 0.5)
        footer.release()
        #expect(footer.state == .idle && footer.pullDistance == 0)
        time.advance(ms: 1000)
        #expect(probe.requests == 0)
        footer.pull(by: 1)
        footer.pull(by: 1)
        #expect(footer.state == .pulling)
        footer.release()
        time.advance(ms: 100)
        #expect(probe.requests == 1)
    }

    @Test func releaseByTimeout() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time)
        footer.pull(by: 1)
        time.advance(ms: 499)
        #expect(footer.state == .pulling)
        time.advance(ms: 1)
        #expect(footer.state == .refreshing)
    }

    @Test func pullsAreIgnoredWhenHiddenLoadingOrExhausted() {
        let time = VirtualTime()
        let footer = BackRefreshFooter(scheduler: time.loop)
        footer.didRender()
        footer.pull(by: 2)
        #expect(footer.state == .idle && footer.pullDistance == 0)
        footer.hasContent = true
        footer.beginRefreshing()
        footer.pull(by: 2)
        #expect(footer.pullDistance == 0 && footer.state == .refreshing)
        footer.endRefreshingWithNoMoreData()
        footer.pull(by: 2)
        footer.release()
        time.advance(ms: 1000)
        #expect(footer.state == .noMoreData && footer.pullDistance == 0)
    }

    @Test func noMoreDataWhilePulledDropsThePull() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time)
        let probe = Probe(footer)
        footer.pull(by: 2)
        footer.endRefreshingWithNoMoreData()
        #expect(footer.pullDistance == 0 && footer.visibleHeight == 1)
        time.advance(ms: 1000)
        #expect(footer.state == .noMoreData && probe.requests == 0)
    }

    @Test func losingContentWhilePulledSpringsBack() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time)
        footer.pull(by: 1)
        footer.hasContent = false
        #expect(footer.state == .idle && footer.visibleHeight == 0)
        time.advance(ms: 1000)
        #expect(footer.state == .idle)
    }
}
