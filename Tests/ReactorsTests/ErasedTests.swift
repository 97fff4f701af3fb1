import Testing
import Reactors

/// `erased()` hands its subscriber the upstream's own subscription: what it asks for, and when
/// it stops, reach the upstream unchanged.
@Suite struct ErasedTests {
    /// Asks for `initial` values, and more through `request(_:)`; records what arrives.
    final class Asking: Subscriber {
        typealias Input = Int
        typealias Failure = Never
        let initial: Subscribers.Demand
        var values: [Int] = []
        var finished = false
        var subscription: (any Subscription)?

        init(initial: Subscribers.Demand) { self.initial = initial }

        func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(initial)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            values.append(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            finished = true
        }
    }

    struct Broken: Error, Equatable {}

    @Test func demandReachesTheUpstream() {
        let asking = Asking(initial: .max(2))
        Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3, 4]).erased().subscribe(asking)
        #expect(asking.values == [1, 2])
        #expect(!asking.finished)
        asking.subscription?.request(.max(1))
        #expect(asking.values == [1, 2, 3])
        asking.subscription?.request(.unlimited)
        #expect(asking.values == [1, 2, 3, 4])
        #expect(asking.finished)
    }

    @Test func failuresAndCancellingPassThrough() {
        let subject = PassthroughSubject<Int, Broken>()
        var values: [Int] = []
        var failure: Broken?
        let failing = subject.erased().sink(receiveCompletion: { completion in
            if case .failure(let error) = completion { failure = error }
        }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(completion: .failure(Broken()))
        #expect(values == [1])
        #expect(failure == Broken())
        failing.cancel()

        let live = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let cancellable = live.map { $0 * 10 }.erased().sink { seen.append($0) }
        live.send(1)
        cancellable.cancel()
        live.send(2)
        #expect(seen == [10])
    }
}
