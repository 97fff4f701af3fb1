import OpenCombine

/// A subscriber that applies every value it receives to a component, holding it weakly
/// (the end-refreshing subscribers, without a one-upstream limit: one binder can be
/// attached to any number of publishers, with unlimited demand). Completions are ignored.
final class RefreshBinder<Input, Target: AnyObject>: Subscriber {
    typealias Failure = Never

    private weak var target: Target?
    private let apply: (Target, Input) -> Void

    init(_ target: Target, apply: @escaping (Target, Input) -> Void) {
        self.target = target
        self.apply = apply
    }

    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if let target { apply(target, input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
