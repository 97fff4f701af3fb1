import Dispatch
import Foundation
import OpenCombine
@testable import PullFeed
import Testing

/// A page loaded off the UI thread reaches the reactor however the work and the demand race.
@Suite struct BackgroundLoadTests {
    /// Asks for values only when told to, so the work can finish before any demand exists.
    final class LateDemandSubscriber: Subscriber {
        typealias Input = Result<Page, SourceError>
        typealias Failure = Never
        var subscription: Subscription?
        var values: [Input] = []
        var finished = false

        func receive(subscription: Subscription) { self.subscription = subscription }
        func receive(_ input: Input) -> Subscribers.Demand {
            values.append(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) { finished = true }
    }

    /// The token the work received, handed across threads.
    final class TokenBox: @unchecked Sendable {
        private let lock = NSLock()
        private var token: CancellationToken?
        func set(_ value: CancellationToken) { lock.withLock { token = value } }
        func get() -> CancellationToken? { lock.withLock { token } }
    }

    @Test func aResultReadyBeforeDemandIsDelivered() {
        let time = VirtualTime()
        let queue = DispatchQueue(label: "BackgroundLoadTests")
        let page = Page(items: [.line("ready early")], hasMore: false)
        let subscriber = LateDemandSubscriber()
        BackgroundLoad.run(on: queue, deliverOn: time.scheduler) { _ in .success(page) }
            .subscribe(subscriber)
        queue.sync {}  // the work has run and handed over its result
        subscriber.subscription?.request(.max(1))
        time.advance(0)
        #expect(subscriber.values.count == 1)
        if case .success(let delivered)? = subscriber.values.first { #expect(delivered == page) }
    }

    @Test func aCancelledLoadDeliversNothingAndCancelsItsToken() {
        let time = VirtualTime()
        let queue = DispatchQueue(label: "BackgroundLoadTests")
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let seen = TokenBox()
        let subscriber = LateDemandSubscriber()
        BackgroundLoad.run(on: queue, deliverOn: time.scheduler) { token in
            seen.set(token)
            started.signal()
            gate.wait()
            return .success(Page(items: [], hasMore: false))
        }
        .subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        started.wait()
        subscriber.subscription?.cancel()
        gate.signal()
        queue.sync {}
        time.advance(0)
        #expect(subscriber.values.isEmpty)
        #expect(seen.get()?.isCancelled == true)
    }
}
