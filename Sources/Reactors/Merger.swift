#if canImport(Glibc)
import Glibc
#endif

/// The subscription behind `Publishers.MergeMany` (and so `Merge`, `Merge3`, `merge(with:)`):
/// one subscriber per upstream, each asking for everything, and one serialised delivery to the
/// downstream.
///
/// A value sent from inside a delivery, on the delivering thread, goes out at once (nested, as
/// every Combine operator does: a reactor's reduce → state → subscriber chain relies on it).
/// Values that arrive while the downstream has no demand, or from another thread while it is
/// being called, wait in a queue and go out in arrival order as soon as it can take them, so
/// two threads never call the downstream at once. Finishes
/// when every upstream finished, fails with the first failure, and cancels every upstream
/// when cancelled. (OpenCombine's `FlatMap` did this job at about six times the cost per value:
/// a reactor's `transform(mutation:)` merge runs on every key.)
final class Merger<Downstream: Subscriber>: Subscription, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var downstream: Downstream?
    private var upstreams: [Subscription?]
    private var remaining: Int
    private var demand = Subscribers.Demand.none
    private var queue: [Input] = []
    private var completion: Subscribers.Completion<Failure>?
    private var isDelivering = false
    private var deliveringThread: pthread_t?

    init(downstream: Downstream, upstreamCount: Int) {
        self.downstream = downstream
        upstreams = Array(repeating: nil, count: upstreamCount)
        remaining = upstreamCount
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Subscribes to `publishers`, after handing the downstream this subscription.
    func start<P: Publisher>(_ publishers: [P]) where P.Output == Input, P.Failure == Failure {
        downstream?.receive(subscription: self)
        if publishers.isEmpty {
            finish(.finished)
            return
        }
        for (index, publisher) in publishers.enumerated() {
            publisher.subscribe(Side(merger: self, index: index))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock()
        self.demand += demand
        unlock()
        drain()
    }

    func cancel() {
        lock()
        let subscriptions = upstreams
        upstreams = Array(repeating: nil, count: upstreams.count)
        downstream = nil
        queue = []
        unlock()
        for subscription in subscriptions { subscription?.cancel() }
    }

    // MARK: From the upstreams

    fileprivate func attach(_ subscription: Subscription, at index: Int) {
        lock()
        let isLive = downstream != nil
        if isLive { upstreams[index] = subscription }
        unlock()
        if isLive { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    fileprivate func receive(_ value: Input) {
        lock()
        guard let downstream else { unlock(); return }
        if isDelivering, let thread = deliveringThread, pthread_equal(thread, pthread_self()) != 0,
           queue.isEmpty, demand > 0 {
            demand -= 1
            unlock()
            let more = downstream.receive(value)
            lock()
            demand += more
            unlock()
            return
        }
        queue.append(value)
        unlock()
        drain()
    }

    fileprivate func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
        lock()
        upstreams[index] = nil
        if case .failure = completion {
            let others = upstreams
            upstreams = Array(repeating: nil, count: upstreams.count)
            unlock()
            for subscription in others { subscription?.cancel() }
            finish(completion)
            return
        }
        remaining -= 1
        let isLast = remaining == 0
        unlock()
        if isLast { finish(.finished) }
    }

    // MARK: Delivery

    private func finish(_ completion: Subscribers.Completion<Failure>) {
        lock()
        if self.completion == nil { self.completion = completion }
        unlock()
        drain()
    }

    /// Delivers what is queued while there is demand, then the completion once the queue is
    /// empty; whoever finds a delivery under way leaves the work to it.
    private func drain() {
        lock()
        guard !isDelivering else { unlock(); return }
        isDelivering = true
        deliveringThread = pthread_self()
        while let downstream {
            if !queue.isEmpty, demand > 0 {
                let value = queue.removeFirst()
                demand -= 1
                unlock()
                let more = downstream.receive(value)
                lock()
                demand += more
            } else if queue.isEmpty, let completion {
                self.downstream = nil
                unlock()
                downstream.receive(completion: completion)
                lock()
            } else {
                break
            }
        }
        isDelivering = false
        deliveringThread = nil
        unlock()
    }

    private func lock() { pthread_mutex_lock(mutex) }
    private func unlock() { pthread_mutex_unlock(mutex) }

    /// The subscriber to one upstream.
    private struct Side: Subscriber {
        let merger: Merger
        let index: Int
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) { merger.attach(subscription, at: index) }

        func receive(_ input: Input) -> Subscribers.Demand {
            merger.receive(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            merger.receive(completion: completion, at: index)
        }
    }
}
