import OpenCombine
import Reactors

/// The goals' next step: after each request and each catch-up, the reactor gives itself
/// `pursueGoals` (through `transform(action:)`), and takes the one step `LoadGoals.next` says.
extension SourceReactor {
    func pursueGoals() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        let (goals, step) = state.goals.next(in: state, followsEnd: followsEnd, pagesByNumber: source.loadsRestPageByPage)
        let changed: [Mutation] = goals == state.goals ? [] : [.setGoals(goals)]
        guard let step else { return Publishers.Sequence(sequence: changed).erased() }
        return Publishers.Sequence(sequence: changed)
            .append(Deferred { [weak self] () -> AnyPublisher<Mutation, Never> in
                guard let self else { return Empty().erased() }
                switch step {
                case .catchUp: return self.catchUp()
                case .rest: return self.loadRest()
                case .through(let index): return self.loadThrough(index)
                case .ahead: return self.loadAhead(readsRest: false)
                case .retryAhead: return self.retryAhead()
                }
            })
            .erased()
    }
}
