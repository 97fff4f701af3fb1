import Dispatch
import OpenCombine
import OpenCombineDispatch
import TerminalUI

/// `MainLoop` as a Combine `Scheduler`, with Dispatch's time and option types so that it
/// erases to `LoopScheduler` (the type a `TestScheduler` also erases to). Thread-safe:
/// actions scheduled from any thread run on the loop thread. Actions scheduled after the
/// loop is gone are dropped.
public struct MainLoopScheduler: OpenCombine.Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    private weak var loop: MainLoop?

    /// A scheduler on `loop`, held weakly. `MainLoop.scheduler` makes one, already erased to
    /// `LoopScheduler`.
    public init(loop: MainLoop) { self.loop = loop }

    public var now: SchedulerTimeType { SchedulerTimeType(DispatchTime.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = loop?.enqueue(deadline: MainLoop.now(), interval: nil, action: action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        _ = loop?.enqueue(deadline: date.dispatchTime.uptimeNanoseconds, interval: nil, action: action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        guard let loop else { return AnyCancellable {} }
        let nanoseconds = UInt64(max(1, interval.magnitude))
        let id = loop.enqueue(deadline: date.dispatchTime.uptimeNanoseconds, interval: nanoseconds, action: action)
        return AnyCancellable { [weak loop] in loop?.cancel(id) }
    }
}
