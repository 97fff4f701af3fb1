import Dispatch
import OpenCombine
import OpenCombineDispatch

/// The scheduler every time-based piece of PullFeed is given: the app's main loop in the
/// program, a virtual-time `TestScheduler` in tests (`DispatchQueue.test.eraseToLoopScheduler()`).
///
/// A type-erased scheduler with Dispatch's time type. It is ours rather than
/// combine-schedulers' `AnySchedulerOf<DispatchQueue>` so that the app does not link that
/// package's Foundation shim (and, through it, libcurl and its TLS stack): that alone cost
/// the app about half of its start-up time and resident memory.
public struct LoopScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    private let nowBody: () -> SchedulerTimeType
    private let toleranceBody: () -> SchedulerTimeType.Stride
    private let scheduleBody: (SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleAfterBody: (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleRepeatingBody: (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void
    ) -> Cancellable

    /// Wraps any scheduler that uses Dispatch's time and option types.
    public init<Wrapped: Scheduler>(_ scheduler: Wrapped)
    where Wrapped.SchedulerTimeType == SchedulerTimeType, Wrapped.SchedulerOptions == SchedulerOptions {
        nowBody = { scheduler.now }
        toleranceBody = { scheduler.minimumTolerance }
        scheduleBody = { scheduler.schedule(options: $0, $1) }
        scheduleAfterBody = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
        scheduleRepeatingBody = { scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
    }

    public var now: SchedulerTimeType { nowBody() }
    public var minimumTolerance: SchedulerTimeType.Stride { toleranceBody() }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        scheduleBody(options, action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        scheduleAfterBody(date, tolerance, options, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        scheduleRepeatingBody(date, interval, tolerance, options, action)
    }
}

extension Scheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
    /// This scheduler as a `LoopScheduler`.
    public func eraseToLoopScheduler() -> LoopScheduler { LoopScheduler(self) }
}
