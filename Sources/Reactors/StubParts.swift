/// The stub's streams, typed by the reactor's associated types only so that a generic subclass and
/// its superclass share them.
final class StubParts<Action, State> {
    let state: StateRelay<State>
    let action = ActionSubject<Action>()
    let log = ActionLog<Action>()
    private var subscription: AnyCancellable?

    init(initialState: State) {
        state = StateRelay(initialState)
        let log = self.log
        subscription = action.sink { log.actions.append($0) }
    }
}

/// The record behind `Stub.actions`.
final class ActionLog<Action> {
    var actions: [Action] = []
}
