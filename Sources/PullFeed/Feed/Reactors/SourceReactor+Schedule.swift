import OpenCombine
import Reactors

/// Refreshing by itself (`--every`): the schedule is state (`State.autoRefresh`), the timer
/// that carries it out is the reactor's, and its turns are refreshes that keep the place and
/// keep following the end.
extension SourceReactor {
    /// `p`, and a prompt that opens or closes.
    func schedule(_ action: Action) -> AnyPublisher<Mutation, Never> {
        guard var schedule = currentState.autoRefresh else { return Empty().erased() }
        switch action {
        case .togglePause: schedule.isPaused.toggle()
        case .holdSchedule(let held): schedule.isHeld = held
        default: return Empty().erased()
        }
        guard schedule != currentState.autoRefresh else { return Empty().erased() }
        // The timer learns it from the state, and runs a turn that waited.
        return Just(.setSchedule(schedule)).erased()
    }
}
