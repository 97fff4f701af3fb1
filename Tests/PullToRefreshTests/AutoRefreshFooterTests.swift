import Testing
@testable import PullToRefresh

@Suite struct AutoRefreshFooterTests {
    @Test func triggersWhenFullyVisibleWhileMovingDown() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        let probe = Probe(footer)
        #expect(!footer.viewDidMove(atBottom: false, movingDown: true))
        #expect(!footer.viewDidMove(atBottom: true, movingDown: false), "arriving without moving down")
        #expect(footer.state == .idle)
        #expect(footer.viewDidMove(atBottom: true, movingDown: true))
        #expect(footer.state == .refreshing)
        time.advance(ms: 100)
        #expect(probe.requests == 1)
    }

    @Test func partlyVisibleDoesNotTriggerAtTheDefaultPercent() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        #expect(!footer.viewDidMove(footerVisibleFraction: 0.5, movingDown: true))
        footer.triggerPercent = 0.5
        #expect(footer.viewDidMove(footerVisibleFraction: 0.5, movingDown: true))
    }

    @Test func triggersOncePerArrivalAtTheBottom() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        let probe = Probe(footer)
        footer.viewDidMove(atBottom: true, movingDown: true)
        time.advance(ms: 100)
        footer.endRefreshing()
        #expect(!footer.viewDidMove(atBottom: true, movingDown: true), "still the same arrival")
        #expect(!footer.viewDidMove(atBottom: true, movingDown: true))
        time.advance(ms: 1000)
        #expect(probe.requests == 1)
        footer.viewDidMove(atBottom: false, movingDown: false)
        #expect(footer.viewDidMove(atBottom: true, movingDown: true), "a new arrival")
        time.advance(ms: 100)
        #expect(probe.requests == 2)
    }

    @Test func autoTriggerTimesAllowsSeveralOrUnlimited() {
        let time = VirtualTime()
        let twice = renderedAutoFooter(time, autoTriggerTimes: 2)
        var count = 0
        for _ in 0..<5 {
            if twice.viewDidMove(atBottom: true, movingDown: true) { count += 1 }
            twice.endRefreshing()
        }
        #expect(count == 2)
        let unlimited = renderedAutoFooter(time, autoTriggerTimes: -1)
        count = 0
        for _ in 0..<5 {
            if unlimited.viewDidMove(atBottom: true, movingDown: true) { count += 1 }
            unlimited.endRefreshing()
        }
        #expect(count == 5)
    }

    @Test func enterAndProgrammaticBeginAreNeverGated() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        let probe = Probe(footer)
        footer.viewDidMove(atBottom: true, movingDown: true)
        time.advance(ms: 100)
        footer.endRefreshing()
        #expect(footer.activate())
        time.advance(ms: 100)
        footer.endRefreshing()
        #expect(footer.beginRefreshing())
        time.advance(ms: 100)
        #expect(probe.requests == 3)
        #expect(!footer.activate(), "Enter on a loading footer does nothing")
    }

    @Test func hiddenWhileTheListIsEmpty() {
        let time = VirtualTime()
        let footer = AutoRefreshFooter(scheduler: time.loop)
        footer.didRender()
        #expect(footer.isHidden && footer.visibleHeight == 0)
        #expect(!footer.viewDidMove(atBottom: true, movingDown: true))
        #expect(!footer.activate())
        footer.hasContent = true
        #expect(!footer.isHidden && footer.visibleHeight == 1)
        #expect(footer.viewDidMove(atBottom: true, movingDown: true))
    }

    @Test func noMoreDataStopsEveryTriggerUntilReset() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time, autoTriggerTimes: -1)
        let probe = Probe(footer)
        footer.viewDidMove(atBottom: true, movingDown: true)
        time.advance(ms: 100)
        footer.endRefreshingWithNoMoreData()
        #expect(footer.state == .noMoreData && !footer.spinner.isSpinning)
        footer.viewDidMove(atBottom: false, movingDown: false)
        #expect(!footer.viewDidMove(atBottom: true, movingDown: true))
        #expect(!footer.activate())
        #expect(!footer.beginRefreshing())
        footer.endRefreshing()
        #expect(footer.state == .noMoreData, "a plain end never overwrites noMoreData")
        time.advance(ms: 1000)
        #expect(probe.requests == 1)
        footer.resetNoMoreData()
        #expect(footer.state == .idle)
        #expect(footer.viewDidMove(atBottom: true, movingDown: true))
    }

    @Test func endWithNoMoreDataDuringTheParkSuppressesTheRequest() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        let probe = Probe(footer)
        footer.beginRefreshing()
        footer.endRefreshingWithNoMoreData()
        time.advance(ms: 1000)
        #expect(probe.requests == 0)
        #expect(probe.states == [.refreshing, .noMoreData])
    }

    @Test func noMoreDataThenHeaderRefreshThenReset() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let footer = renderedAutoFooter(time)
        let headerProbe = Probe(header)
        let footerProbe = Probe(footer)
        footer.viewDidMove(atBottom: true, movingDown: true)
        time.advance(ms: 100)
        footer.endRefreshingWithNoMoreData()
        header.pull(by: 2)
        header.release()
        time.advance(ms: 100)
        #expect(headerProbe.requests == 1)
        #expect(footer.state == .noMoreData, "the header does not touch the footer by itself")
        header.endRefreshing()
        footer.resetNoMoreData()
        #expect(footer.state == .idle)
        footer.viewDidMove(atBottom: false, movingDown: false)
        footer.viewDidMove(atBottom: true, movingDown: true)
        time.advance(ms: 100)
        #expect(footerProbe.requests == 2)
        #expect(footerProbe.states == [.refreshing, .noMoreData, .idle, .refreshing])
    }
}
