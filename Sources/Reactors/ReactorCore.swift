/// One reactor's running pipeline, its action subject, its replaying state stream and `currentState`.
///
/// It holds the reactor only weakly (through the pipeline's closures), so it lives exactly as long as
/// the reactor's `ReactorStorage`; releasing it cancels the pipeline.
final class ReactorCore<Action, Mutation, State> {
    let action = ActionSubject<Action>()
    let stateSubject = ReplayLatestSubject<State>()
    let state: AnyPublisher<State, Never>
    private(set) var currentState: State

    /// The pipeline's entry; `transform(action:)` sees it. Actions reach it one at a time
    /// (`pendingActions` queues the ones sent meanwhile), so it needs no queue of its own.
    private let head = Relay<Action>()
    private var pendingActions: [Action] = []
    private var pendingStates: [State] = []
    private var isProcessing = false
    private var isDeliveringState = false
    /// The reduced state before `transform(state:)`.
    private var reducedState: State
    /// The mutation publishers of actions still running.
    private var runningMutations: [ObjectIdentifier: MutationSink<Mutation>] = [:]
    private var subscriptions: [AnyCancellable] = []

    init(initialState: State) {
        currentState = initialState
        reducedState = initialState
        state = stateSubject.eraseToAnyPublisher()
    }

    deinit {
        for sink in runningMutations.values { sink.cancel() }
    }

    /// Builds `action → transform(action:) → mutate → transform(mutation:) → reduce →
    /// transform(state:)`, one subscriber per stage: each action's mutation publisher is
    /// subscribed by a `MutationSink` feeding `transform(mutation:)`, each mutation is reduced
    /// into `reducedState`, and each reduced state goes through `transform(state:)` to
    /// `receive(state:)`. The initial state is replayed into `transform(state:)` first.
    func connect<R: Reactor>(to reactor: R) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        let mutations = Relay<Mutation>()
        let reducedStates = ReplayLatestSubject<State>(reducedState)
        let stateSubscription = reactor.transform(state: reducedStates.eraseToAnyPublisher())
            .sink { [unowned self] state in self.receive(state: state) }
        let mutationSubscription = reactor.transform(mutation: mutations.eraseToAnyPublisher())
            .sink { [weak reactor, unowned self] mutation in
                guard let reactor else { return }
                self.reducedState = reactor.reduce(state: self.reducedState, mutation: mutation)
                reducedStates.send(self.reducedState)
            }
        let actionPipeline = reactor.transform(action: head.eraseToAnyPublisher())
            .sink { [weak reactor, unowned self] action in
                guard let reactor else { return }
                self.run(reactor.mutate(action: action), into: mutations)
            }
        let entry = action.sink { [unowned self] action in self.receive(action: action) }
        subscriptions = [stateSubscription, mutationSubscription, actionPipeline, entry]
    }

    /// Subscribes to one action's mutations, forwarding them until the publisher finishes.
    private func run(_ publisher: AnyPublisher<Mutation, Never>, into mutations: Relay<Mutation>) {
        let sink = MutationSink<Mutation>(forward: mutations.send)
        let id = ObjectIdentifier(sink)
        sink.onFinish = { [weak self] in self?.runningMutations[id] = nil }
        runningMutations[id] = sink
        publisher.subscribe(sink)
    }

    private func receive(action: Action) {
        if isProcessing {
            pendingActions.append(action)
            return
        }
        isProcessing = true
        head.send(action)
        drainActions()
    }

    /// A state produced while another is being delivered (say, a subscriber fed a mutation source
    /// merged in `transform(mutation:)`) waits for that delivery to end, so every subscriber sees the
    /// states in the order they were produced.
    private func receive(state: State) {
        if isDeliveringState {
            pendingStates.append(state)
            return
        }
        let wasProcessing = isProcessing
        isProcessing = true
        isDeliveringState = true
        deliver(state)
        while !pendingStates.isEmpty {
            deliver(pendingStates.removeFirst())
        }
        isDeliveringState = false
        if !wasProcessing {
            drainActions()
        }
    }

    private func deliver(_ state: State) {
        currentState = state
        stateSubject.send(state)
    }

    /// Processes the actions queued while the reactor was busy, then marks it idle.
    private func drainActions() {
        while !pendingActions.isEmpty {
            head.send(pendingActions.removeFirst())
        }
        isProcessing = false
    }
}
