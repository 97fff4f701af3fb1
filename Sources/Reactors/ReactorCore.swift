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
    private var pendingActions: [PendingAction] = []
    private var pendingStates: [State] = []
    private var isProcessing = false
    /// An action sent to `head` is going through `transform(action:)`: what comes out of it now
    /// is that action's, and runs at once.
    private var isEnteringHead = false
    /// `mutate` is being subscribed to for an action: an action that comes out of
    /// `transform(action:)` meanwhile came from elsewhere, and waits.
    private var isMutating = false
    /// Runs `mutate` for an action that came out of `transform(action:)` (set by `connect`).
    private var runAction: (Action) -> Void = { _ in }
    private var isDeliveringState = false
    /// The reduced state before `transform(state:)`.
    private var reducedState: State
    /// The mutation publishers of actions still running.
    private var runningMutations: [ObjectIdentifier: MutationSink<Mutation>] = [:]
    private var subscriptions: [AnyCancellable] = []

    init(initialState: State) {
        currentState = initialState
        reducedState = initialState
        state = stateSubject.erased()
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
        let stateSubscription = reactor.transform(state: reducedStates.erased())
            .sink { [unowned self] state in self.receive(state: state) }
        let mutationSubscription = reactor.transform(mutation: mutations.erased())
            .sink { [weak reactor, unowned self] mutation in
                guard let reactor else { return }
                self.reducedState = reactor.reduce(state: self.reducedState, mutation: mutation)
                reducedStates.send(self.reducedState)
            }
        runAction = { [weak reactor, unowned self] action in
            guard let reactor else { return }
            self.run(reactor.mutate(action: action), into: mutations)
        }
        let actionPipeline = reactor.transform(action: head.erased())
            .sink { [unowned self] action in self.receive(transformed: action) }
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
            pendingActions.append(.sent(action))
            return
        }
        isProcessing = true
        enterHead(action)
        drainActions()
    }

    private func enterHead(_ action: Action) {
        isEnteringHead = true
        head.send(action)
        isEnteringHead = false
    }

    /// An action out of `transform(action:)`: the one sent to `head` runs at once; one that a
    /// publisher merged there gives while the reactor is processing waits its turn, as a sent
    /// action does (it would run `mutate` inside another action's, out of order).
    private func receive(transformed action: Action) {
        if isMutating || (isProcessing && !isEnteringHead) {
            pendingActions.append(.transformed(action))
            return
        }
        let wasProcessing = isProcessing
        isProcessing = true
        mutate(action)
        if !wasProcessing {
            drainActions()
        }
    }

    private func mutate(_ action: Action) {
        isMutating = true
        runAction(action)
        isMutating = false
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
            switch pendingActions.removeFirst() {
            case .sent(let action): enterHead(action)
            case .transformed(let action): mutate(action)
            }
        }
        isProcessing = false
    }

    /// An action waiting for the reactor to finish the one it processes.
    private enum PendingAction {
        /// Sent to `action`: it goes through `transform(action:)`.
        case sent(Action)
        /// Given by a publisher merged in `transform(action:)`: it goes to `mutate`.
        case transformed(Action)
    }
}
