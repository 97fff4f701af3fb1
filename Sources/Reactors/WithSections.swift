import OpenCombine

/// The publisher behind `with(section:)`: passes each output on, and passes the latest output on
/// again whenever the state of one of its section reactors changes.
///
/// It follows the section reactors by identity: while consecutive outputs hold the same reactors
/// (a selection change, a page of lines), their state streams stay subscribed, so an output costs
/// a comparison, not a round of subscriptions. A subscriber that has no demand when an output
/// arrives gets the latest one when it next asks (state semantics: intermediate outputs drop).
struct WithSections<Upstream: Publisher, Section: SectionReactor>: Publisher where Upstream.Failure == Never {
    typealias Output = Upstream.Output
    typealias Failure = Never

    let upstream: Upstream
    let sections: (Output) -> [Section]?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        upstream.subscribe(Inner(downstream: subscriber, sections: sections))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Never {
        typealias Input = Output
        typealias Failure = Never

        private var downstream: Downstream?
        private let sections: (Output) -> [Section]?
        private var upstream: Subscription?
        private var followed: [ObjectIdentifier] = []
        private var sectionChanges: [AnyCancellable] = []
        private var latest: Output?
        private var pending: Output?
        private var demand = Subscribers.Demand.none

        init(downstream: Downstream, sections: @escaping (Output) -> [Section]?) {
            self.downstream = downstream
            self.sections = sections
        }

        func receive(subscription: Subscription) {
            upstream = subscription
            downstream?.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            guard downstream != nil else { return .none }
            latest = input
            follow(sections(input) ?? [])
            emit(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            guard let downstream else { return }
            stop()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            if self.demand > 0, let value = pending {
                pending = nil
                emit(value)
            }
        }

        func cancel() {
            upstream?.cancel()
            stop()
        }

        /// Subscribes to the state changes of `reactors` unless they are the ones followed already.
        private func follow(_ reactors: [Section]) {
            let identities = reactors.map(ObjectIdentifier.init)
            guard identities != followed else { return }
            followed = identities
            sectionChanges = reactors.map { reactor in
                SkipReplay(upstream: reactor.state).sink { [weak self] _ in self?.sectionChanged() }
            }
        }

        private func sectionChanged() {
            if let latest { emit(latest) }
        }

        private func emit(_ value: Output) {
            guard let downstream else { return }
            guard demand > 0 else {
                pending = value
                return
            }
            demand -= 1
            demand += downstream.receive(value)
        }

        private func stop() {
            downstream = nil
            upstream = nil
            sectionChanges = []
            latest = nil
            pending = nil
        }
    }
}
