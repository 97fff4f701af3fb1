import CombineSchedulers
import OpenCombine
import OpenCombineDispatch
import Dispatch

/// The scheduler every time-based piece of PullFeed is given: the app's main loop in the
/// program, a `TestScheduler` (erased) in tests. It uses Dispatch's time type so that
/// `DispatchQueue.test.eraseToAnyScheduler()` fits.
public typealias LoopScheduler = AnySchedulerOf<DispatchQueue>
