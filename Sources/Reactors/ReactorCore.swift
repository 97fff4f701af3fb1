/// One reactor's running pipeline, its action subject, its replaying state stream and `currentState`.
///
/// It holds the reactor only weakly (through the pipeline's closures), so it lives exactly as long as
/// the reactor's `ReactorStorage`; releasing it cancels the pipeline.
final class ReactorCore<Action, Mutation, State> {
    let action = ActionSubject<Action>()
    let stateSubject = ReplayLatestSubject<State>()
    let state: AnyPublisher<State, Never>
    private(set) var currentState: State

    /// The pipeline's entry; `transform(action:)` sees it.
    private let head = ActionSubject<Action>()
    private var pendingActions: [Action] = []
    private var pendingStates: [State] = []
    private var isProcessing = false
    private var isDeliveringState = false
    private var stateSubscription: AnyCancellable?
    private var actionSubscription: AnyCancellable?

    init(initialState: State) {
        currentState = initialState
        state = stateSubject.eraseToAnyPublisher()
    }

    func connect<R: Reactor>(to reactor: R) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        let initialState = reactor.initialState
        let actions = reactor.transform(action: head.eraseToAnyPublisher())
        let mutations = Publishers.FlatMap(upstream: actions, maxPublishers: .unlimited) {
            [weak reactor] action -> AnyPublisher<Mutation, Never> in
            reactor?.mutate(action: action) ?? Empty().eraseToAnyPublisher()
        }
        let transformedMutations = reactor.transform(mutation: mutations.eraseToAnyPublisher())
        let states = transformedMutations
            .scan(initialState) { [weak reactor] state, mutation in
                reactor?.reduce(state: state, mutation: mutation) ?? state
            }
            .prepend(initialState)
        stateSubscription = reactor.transform(state: states.eraseToAnyPublisher())
            .sink { [unowned self] state in self.receive(state: state) }
        actionSubscription = action.sink { [unowned self] action in self.receive(action: action) }
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
