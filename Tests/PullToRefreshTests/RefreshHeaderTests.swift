import Foundation
import OpenCombine
import Testing
@testable import PullToRefresh

@Suite struct RefreshHeaderTests {
    @Test func pullingBelowAndPastTheThreshold() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        #expect(header.state == .idle && header.visibleHeight == 0 && header.pullingPercent == 0)
        header.pull(by: 1)
        #expect(header.state == .idle)
        #expect(header.visibleHeight == 1)
        #expect(header.pullingPercent == 0.5)
        header.pull(by: 1)
        #expect(header.state == .pulling)
        #expect(header.pullingPercent == 1.0)
        header.pull(by: 1)
        #expect(header.state == .pulling && header.visibleHeight == 3 && header.pullingPercent == 1.5)
        header.pull(by: 10)
        #expect(header.visibleHeight == header.maxPullDistance)
        header.pull(by: -3)
        #expect(header.state == .idle && header.visibleHeight == 1)
        header.pull(by: -9)
        #expect(header.pullingPercent == 0 && header.visibleHeight == 0)
    }

    @Test func releasePastTheThresholdRefreshesAndParks() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        header.pull(by: 3)
        header.release()
        #expect(header.state == .refreshing)
        #expect(header.visibleHeight == 2)
        #expect(header.isParking)
        time.advance(ms: 99)
        #expect(probe.requests == 0)
        time.advance(ms: 1)
        #expect(probe.requests == 1)
        #expect(header.isRequestInFlight && !header.isParking)
        #expect(probe.states == [.pulling, .refreshing])
    }

    @Test func releaseShortSpringsBack() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        header.pull(by: 1)
        header.release()
        #expect(header.state == .idle && header.visibleHeight == 0)
        time.advance(ms: 2000)
        #expect(probe.requests == 0)
        #expect(probe.states.isEmpty)
    }

    @Test func releaseByTimeoutAfterTheLastPull() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.pull(by: 1)
        time.advance(ms: 400)
        header.pull(by: 1)
        time.advance(ms: 400)
        #expect(header.state == .pulling, "each pull restarts the release delay")
        time.advance(ms: 99)
        #expect(header.state == .pulling)
        time.advance(ms: 1)
        #expect(header.state == .refreshing)
    }

    @Test func shortPullSpringsBackAfterTheReleaseDelay() {
        let time = VirtualTime()
        let header = renderedHeader(time, releaseDelay: 0.2)
        header.pull(by: 1)
        time.advance(ms: 199)
        #expect(header.visibleHeight == 1)
        time.advance(ms: 1)
        #expect(header.visibleHeight == 0 && header.state == .idle)
    }

    @Test func releaseDelayIsConfigurable() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.releaseDelay = 1.5
        header.pull(by: 2)
        time.advance(ms: 1499)
        #expect(header.state == .pulling)
        time.advance(ms: 1)
        #expect(header.state == .refreshing)
    }

    @Test func pullsAreIgnoredWhileRefreshing() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.beginRefreshing()
        header.pull(by: 3)
        header.release()
        #expect(header.state == .refreshing && header.visibleHeight == 2 && header.pullingPercent == 1)
        time.advance(ms: 1000)
        #expect(header.state == .refreshing)
    }

    @Test func beginWhileRefreshingSendsNoSecondRequest() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        #expect(header.beginRefreshing())
        time.advance(ms: 50)
        #expect(!header.beginRefreshing())
        time.advance(ms: 500)
        #expect(!header.beginRefreshing())
        time.advance(ms: 500)
        #expect(probe.requests == 1)
        #expect(probe.states == [.refreshing])
    }

    @Test func endThenBeginInOneTurnEndsThenBegins() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        header.beginRefreshing()
        time.advance(ms: 100)
        header.endRefreshing()
        header.beginRefreshing()
        #expect(header.state == .refreshing)
        #expect(probe.states == [.refreshing, .idle, .refreshing])
        time.advance(ms: 100)
        #expect(probe.requests == 2)
    }

    @Test func endingDuringTheParkStepSuppressesTheRequest() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        var blockCalls = 0
        header.refreshingBlock = { blockCalls += 1 }
        header.beginRefreshing()
        time.advance(ms: 50)
        header.endRefreshing()
        time.advance(ms: 1000)
        #expect(probe.requests == 0)
        #expect(blockCalls == 0)
        #expect(header.state == .idle && !header.isRequestInFlight)
        header.beginRefreshing()
        time.advance(ms: 100)
        #expect(probe.requests == 1 && blockCalls == 1, "a new refresh after the cancelled one goes out")
    }

    @Test func beginBeforeTheFirstRenderWaits() {
        let time = VirtualTime()
        let header = RefreshHeader(scheduler: time.loop)
        let probe = Probe(header)
        #expect(header.beginRefreshing())
        #expect(header.state == .willRefresh)
        #expect(!header.beginRefreshing())
        time.advance(ms: 1000)
        #expect(probe.requests == 0)
        header.didRender()
        #expect(header.state == .refreshing)
        time.advance(ms: 100)
        #expect(probe.requests == 1)
        header.endRefreshing()
        header.didRender()
        #expect(header.state == .idle, "only the first render promotes")
        #expect(probe.states == [.willRefresh, .refreshing, .idle])
    }

    @Test func endingAWillRefreshSendsNothing() {
        let time = VirtualTime()
        let header = RefreshHeader(scheduler: time.loop)
        let probe = Probe(header)
        header.beginRefreshing()
        header.endRefreshing()
        header.didRender()
        time.advance(ms: 1000)
        #expect(header.state == .idle && probe.requests == 0)
    }

    @Test func completionHooksRunOnce() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var began = 0
        var ended = 0
        header.beginRefreshing { began += 1 }
        #expect(began == 0)
        time.advance(ms: 100)
        #expect(began == 1)
        header.endRefreshing(success: true) { ended += 1 }
        #expect(ended == 1)
        header.beginRefreshing()
        time.advance(ms: 100)
        header.endRefreshing()
        #expect(began == 1 && ended == 1)
    }

    @Test func beginCompletionIsDroppedWhenEndedDuringThePark() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var began = 0
        header.beginRefreshing { began += 1 }
        header.endRefreshing()
        time.advance(ms: 500)
        header.beginRefreshing()
        time.advance(ms: 500)
        #expect(began == 0)
    }

    @Test func beginCompletionWhileRefreshingJoinsTheRequest() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var calls: [String] = []
        header.beginRefreshing { calls.append("first") }
        header.beginRefreshing { calls.append("joined") }
        #expect(calls.isEmpty)
        time.advance(ms: 100)
        #expect(calls == ["first", "joined"])
        header.beginRefreshing { calls.append("late") }
        #expect(calls == ["first", "joined", "late"], "the request is already out")
    }

    @Test func endCompletionRunsAtOnceWhenNothingToEnd() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var ended = 0
        header.endRefreshing(success: true) { ended += 1 }
        #expect(ended == 1 && header.state == .idle)
    }

    @Test func successfulEndRecordsLastUpdatedFailedDoesNot() {
        let time = VirtualTime()
        var clock = march14
        let header = RefreshHeader(scheduler: time.loop, now: { clock })
        header.didRender()
        #expect(header.lastUpdated == nil)
        header.beginRefreshing()
        time.advance(ms: 100)
        header.endRefreshing(success: false)
        #expect(header.lastUpdated == nil)
        header.beginRefreshing()
        time.advance(ms: 100)
        clock = march14.addingTimeInterval(60)
        header.endRefreshing()
        #expect(header.lastUpdated == march14.addingTimeInterval(60))
        header.beginRefreshing()
        clock = march14.addingTimeInterval(120)
        header.endRefreshing()
        #expect(header.lastUpdated == march14.addingTimeInterval(60), "no request went out")
    }

    @Test func endingCollapsesTheHeader() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.pull(by: 2)
        header.release()
        time.advance(ms: 100)
        header.endRefreshing()
        #expect(header.state == .idle && header.visibleHeight == 0 && header.pullingPercent == 0)
    }

    /// One render after every event the header handles, whatever it changed, and after a new
    /// text.
    @Test func aRenderFollowsEveryEventAndEveryNewText() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        header.pull(by: 1)
        #expect(probe.changes == 1)
        header.pull(by: 1)
        #expect(probe.changes == 2, "one for the pull that changed the state and the distance")
        header.release()
        #expect(probe.changes == 3)
        time.advance(ms: 50)
        #expect(probe.changes == 3, "no event: no render")
        header.lastUpdated = march14
        #expect(probe.changes == 4)
        header.lastUpdated = march14
        #expect(probe.changes == 4, "the same text: nothing to draw")
    }

    @Test func subscribersSeeStatesInOrderWhenOneEndsFromInsideANotification() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var bag = Set<AnyCancellable>()
        var first: [RefreshState] = []
        var second: [RefreshState] = []
        header.stateChanges.sink { state in
            first.append(state)
            if state == .refreshing { header.endRefreshing() }
        }.store(in: &bag)
        header.stateChanges.sink { second.append($0) }.store(in: &bag)
        header.beginRefreshing()
        #expect(header.state == .idle)
        #expect(first == [.refreshing, .idle])
        #expect(second == [.refreshing, .idle])
    }

    @Test func synchronousEndFromTheRequestCallbackIsAccepted() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        header.refreshingBlock = { header.endRefreshing() }
        header.beginRefreshing()
        time.advance(ms: 100)
        #expect(header.state == .idle && !header.isRequestInFlight)
        #expect(header.lastUpdated != nil)
    }

    /// `refreshingPublisher`, the request `RefreshableList.bind` is made of, serves any number of
    /// subscribers and the tests' block, once per request.
    @Test func refreshingPublisherServesManySubscribersAndTheBlock() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var a = 0
        var b = 0
        var block = 0
        header.refreshingBlock = { block += 1 }
        let ca = header.refreshingPublisher.sink { a += 1 }
        let cb = header.refreshingPublisher.sink { b += 1 }
        header.beginRefreshing()
        time.advance(ms: 100)
        #expect(a == 1 && b == 1 && block == 1)
        ca.cancel()
        header.endRefreshing()
        header.beginRefreshing()
        time.advance(ms: 100)
        #expect(a == 1 && b == 2 && block == 2)
        cb.cancel()
    }

}
