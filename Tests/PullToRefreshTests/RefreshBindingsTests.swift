import OpenCombine
import Testing
@testable import PullToRefresh

@Suite struct RefreshBindingsTests {
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

    @Test func headerEndSubscribers() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let done = PassthroughSubject<Void, Never>()
        let result = PassthroughSubject<Bool, Never>()
        done.subscribe(header.endRefreshingSubscriber)
        result.subscribe(header.endRefreshingSuccessSubscriber)
        header.beginRefreshing()
        time.advance(ms: 100)
        result.send(false)
        #expect(header.state == .idle && header.lastUpdated == nil)
        header.beginRefreshing()
        time.advance(ms: 100)
        done.send(())
        #expect(header.state == .idle && header.lastUpdated != nil)
    }

    @Test func footerEndSubscriberTakesHasMore() {
        let time = VirtualTime()
        let footer = renderedBackFooter(time)
        let hasMore = PassthroughSubject<Bool, Never>()
        hasMore.subscribe(footer.endRefreshingSubscriber)
        footer.beginRefreshing()
        hasMore.send(true)
        #expect(footer.state == .idle)
        footer.beginRefreshing()
        hasMore.send(false)
        #expect(footer.state == .noMoreData)
        hasMore.send(completion: .finished)
        #expect(footer.state == .noMoreData)
    }

    @Test func oneSubscriberCanBeAttachedToSeveralPublishers() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let subscriber = header.endRefreshingSubscriber
        let first = PassthroughSubject<Void, Never>()
        let second = PassthroughSubject<Void, Never>()
        first.subscribe(subscriber)
        second.subscribe(subscriber)
        header.beginRefreshing()
        second.send(())
        #expect(header.state == .idle)
        header.beginRefreshing()
        first.send(())
        #expect(header.state == .idle)
    }

    @Test func beginSubscriberStartsARefresh() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let button = PassthroughSubject<Void, Never>()
        button.subscribe(header.beginRefreshingSubscriber)
        button.send(())
        button.send(())
        time.advance(ms: 100)
        #expect(header.state == .refreshing && header.isRequestInFlight)
    }

    @Test func statePropertyPublishesTheCurrentStateThenChanges() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        var seen: [RefreshState] = []
        let c = header.stateProperty.sink { seen.append($0) }
        header.pull(by: 2)
        header.release()
        time.advance(ms: 100)
        header.endRefreshing()
        #expect(seen == [.idle, .pulling, .refreshing, .idle])
        var late: [RefreshState] = []
        header.beginRefreshing()
        let c2 = header.stateProperty.sink { late.append($0) }
        #expect(late == [.refreshing])
        c.cancel()
        c2.cancel()
    }

    @Test func statePropertySetsTheState() {
        let time = VirtualTime()
        let footer = renderedAutoFooter(time)
        let probe = Probe(footer)
        let input = PassthroughSubject<RefreshState, Never>()
        input.subscribe(footer.stateProperty)
        input.send(.refreshing)
        input.send(.refreshing)
        time.advance(ms: 100)
        #expect(footer.state == .refreshing && probe.requests == 1)
        input.send(.noMoreData)
        #expect(footer.state == .noMoreData)
        input.send(.idle)
        #expect(footer.state == .idle)
        input.send(.pulling)
        #expect(footer.state == .idle)
    }

    /// The two-way property with a reactor: the property's `.refreshing` becomes an action; the reactor's
    /// refreshing state flows back into the property, and its end ends the header.
    @Test func twoWayRoundTripWithAReactorLikeStore() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let probe = Probe(header)
        let reactorState = CurrentValueSubject<RefreshState, Never>(.idle)
        var actions = 0
        let property = header.stateProperty
        let toReactor = property
            .filter { $0 == .refreshing }
            .sink { _ in
                actions += 1
                reactorState.send(.refreshing)
            }
        reactorState.subscribe(property)
        header.pull(by: 2)
        header.release()
        time.advance(ms: 100)
        #expect(actions == 1 && probe.requests == 1)
        reactorState.send(.idle)
        #expect(header.state == .idle)
        reactorState.send(.refreshing)  // a toolbar button in the reactor
        time.advance(ms: 100)
        #expect(header.state == .refreshing && probe.requests == 2)
        #expect(actions == 2, "the echo of the reactor's own state is one action, not a loop")
        toReactor.cancel()
    }

    @Test func refreshStatusDrivesThePair() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let footer = renderedAutoFooter(time)
        let status = PassthroughSubject<RefreshStatus, Never>()
        let binding = bind(status: status.eraseToAnyPublisher(), header: header, footer: footer)
        status.send(.none)
        #expect(header.state == .idle && footer.state == .idle)
        status.send(.beginHeaderRefresh)
        #expect(header.state == .refreshing)
        status.send(.endHeaderRefresh)
        #expect(header.state == .idle)
        status.send(.beginFooterRefresh)
        #expect(footer.state == .refreshing)
        status.send(.endFooterRefresh)
        #expect(footer.state == .idle)
        status.send(.beginFooterRefresh)
        status.send(.noMoreData)
        #expect(footer.state == .noMoreData)
        status.send(.beginHeaderRefresh)
        #expect(footer.state == .noMoreData)
        status.send(.endHeaderRefresh)
        #expect(footer.state == .idle, "a finished header refresh lifts noMoreData")
        binding.cancel()
        status.send(.beginHeaderRefresh)
        #expect(header.state == .idle, "cancelled bindings drive nothing")
    }

    @Test func driveIsTheSameBinding() {
        let time = VirtualTime()
        let header = renderedHeader(time)
        let status = PassthroughSubject<RefreshStatus, Never>()
        let binding = bind(status: status, header: header, footer: nil)
        status.send(.beginHeaderRefresh)
        status.send(.noMoreData)
        #expect(header.state == .refreshing)
        binding.cancel()
    }

    @Test func bindingsHoldComponentsWeakly() {
        let time = VirtualTime()
        var header: RefreshHeader? = renderedHeader(time)
        weak let weakHeader = header
        let subject = PassthroughSubject<Void, Never>()
        subject.subscribe(header!.endRefreshingSubscriber)
        let status = PassthroughSubject<RefreshStatus, Never>()
        let binding = bind(status: status, header: header, footer: nil)
        let property = header!.stateProperty
        var liveFinished = false
        let live = header!.stateProperty.sink(receiveCompletion: { _ in liveFinished = true }, receiveValue: { _ in })
        header = nil
        #expect(liveFinished, "live subscribers complete when the component goes away")
        #expect(weakHeader == nil)
        subject.send(())
        status.send(.beginHeaderRefresh)
        var values: [RefreshState] = []
        var finished = false
        let c = property.sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        #expect(values.isEmpty && finished)
        binding.cancel()
        c.cancel()
        live.cancel()
    }
}
