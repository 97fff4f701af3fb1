import OpenCombine
import Reactors

/// Refreshing by itself (`--every`): the schedule is state (`State.autoRefresh`), the timer
/// that carries it out is the reactor's, and its turns are refreshes that keep the place and
/// keep following the end.
extension FeedReactor {
    /// `p`, and a prompt that opens or closes.
    func schedule(_ action: Action) -> AnyPublisher<Mutation, Never> {
        guard var schedule = currentState.autoRefresh, let refreshTimer else { return Empty().eraseToAnyPublisher() }
        switch action {
        case .togglePause: schedule.isPaused.toggle()
        case .holdSchedule(let held): schedule.isHeld = held
        default: return Empty().eraseToAnyPublisher()
        }
        guard schedule != currentState.autoRefresh else { return Empty().eraseToAnyPublisher() }
        // The state first: a turn that waited starts as the timer learns it may.
        return Just(.setSchedule(schedule))
            .handleEvents(receiveCompletion: { _ in
                refreshTimer.isPaused = schedule.isPaused
                refreshTimer.isHeld = schedule.isHeld
            })
            .eraseToAnyPublisher()
    }
}
