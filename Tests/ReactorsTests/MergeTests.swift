import Testing
import Reactors
#if canImport(Glibc)
import Glibc
#endif

@Suite("Publishers.Merge")
struct MergeTests {
    @Test func interleavesAndFinishesWhenAllFinish() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var finished = false
        let cancellable = merge(a, b).sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        #expect(!finished)
        b.send(4)
        b.send(completion: .finished)
        #expect(values == [1, 2, 3, 4])
        #expect(finished)
        cancellable.cancel()
    }

    @Test func mergeWithAndMergeMany() {
        let merged = Recorder(merge(merge(Just(1), Just(2)), Just(3), Just(4)))
        let many = Recorder(mergeMany([Just(5), Just(6)]))
        #expect(merged.values == [1, 2, 3, 4])
        #expect(many.values == [5, 6])
    }

    /// A subscriber that asks for `initial` values and then for one more per value it gets.
    final class Demanding: Subscriber {
        typealias Input = Int
        typealias Failure = TestError
        var values: [Int] = []
        var completion: Subscribers.Completion<TestError>?
        var subscription: Subscription?
        let initial: Subscribers.Demand
        let onValue: (Int) -> Void
        init(initial: Subscribers.Demand, onValue: @escaping (Int) -> Void = { _ in }) {
            self.initial = initial
            self.onValue = onValue
        }
        func receive(subscription: Subscription) {
            self.subscription = subscription
            subscription.request(initial)
        }
        func receive(_ input: Int) -> Subscribers.Demand {
            values.append(input)
            onValue(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<TestError>) { self.completion = completion }
    }

    struct TestError: Error, Equatable {}

    @Test func valuesWaitForDemandInArrivalOrder() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let subscriber = Demanding(initial: .max(1))
        merge(a, b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil, "finished before every value went out")
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion == .finished)
    }

    /// Nested, as in every Combine operator (FlatMap, behind MergeMany, does it): a reactor's reduce → state → subscriber chain
    /// relies on a mutation sent from a state subscriber being reduced before the send returns.
    @Test func aValueSentFromInsideADeliveryGoesOutAtOnce() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        var seenAfterNestedSend: [Int] = []
        var subscriber: Demanding!
        subscriber = Demanding(initial: .unlimited) { value in
            if value == 1 {
                b.send(10)
                a.send(2)
                seenAfterNestedSend = subscriber.values
            }
        }
        merge(a, b).subscribe(subscriber)
        a.send(1)
        a.send(3)
        #expect(seenAfterNestedSend == [1, 10, 2])
        #expect(subscriber.values == [1, 10, 2, 3])
    }

    @Test func aFailureEndsTheMergeAndCancelsTheOthers() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        var bCancelled = false
        let subscriber = Demanding(initial: .unlimited)
        merge(a, b.handleEvents(receiveCancel: { bCancelled = true })).subscribe(subscriber)
        a.send(1)
        a.send(completion: .failure(TestError()))
        b.send(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(TestError()))
        #expect(bCancelled)
    }

    @Test func cancellingStopsEverything() {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        let recorder = Recorder(merge(a, b))
        a.send(1)
        recorder.cancel()
        b.send(2)
        a.send(3)
        #expect(recorder.values == [1])
    }

    @Test func mergingNothingFinishesAtOnce() {
        var finished = false
        let cancellable = mergeMany([PassthroughSubject<Int, Never>]()).sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
        #expect(finished)
        cancellable.cancel()
    }

    /// Upstreams on two threads: every value arrives, and the downstream is never called from
    /// both at once.
    @Test func upstreamsOnTwoThreadsAreDeliveredOneAtATime() async {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        let state = LockedBox()
        let cancellable = merge(a, b).sink { value in state.enter(value) }
        await withTaskGroup(of: Void.self) { group in
            for (subject, base) in [(a, 0), (b, 100_000)] {
                nonisolated(unsafe) let subject = subject
                group.addTask { for i in 0..<20_000 { subject.send(base + i) } }
            }
        }
        #expect(state.count == 40_000)
        #expect(!state.overlapped)
        cancellable.cancel()
    }

    final class LockedBox: @unchecked Sendable {
        private let lock = NSLockish()
        private var inside = false
        private(set) var overlapped = false
        private(set) var count = 0
        func enter(_ value: Int) {
            lock.run { if inside { overlapped = true }; inside = true }
            count += 1
            lock.run { inside = false }
        }
    }

    /// A tiny mutex for the test's own bookkeeping.
    final class NSLockish: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        func run(_ body: () -> Void) {
            pthread_mutex_lock(&mutex)
            body()
            pthread_mutex_unlock(&mutex)
        }
    }
}
