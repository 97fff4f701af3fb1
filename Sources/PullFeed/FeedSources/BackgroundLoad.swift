import Dispatch
import Locking
import OpenCombine
import TerminalUI

/// Runs blocking source work on a background queue and delivers its one result on the UI
/// scheduler. Cancelling the subscription cancels the token the work receives, and a result
/// that arrives after cancellation is dropped. Once the result is delivered, cancelling does
/// nothing: what the result started goes on (a command whose first lines were delivered keeps
/// running, although a request that the result set off cancels the one that gave it while it
/// is being delivered).
///
/// The result is held by a `Future` until it is demanded, so a fast result cannot be lost
/// while the subscription is still being set up. The promise is kept on the UI scheduler too:
/// OpenCombine's `Future` reads its result without its lock when demand arrives, so a promise
/// kept on another thread at that moment tears the result (a crash when it is released).
enum BackgroundLoad {
    static func run(
        on queue: DispatchQueue,
        deliverOn scheduler: LoopScheduler,
        _ work: @escaping @Sendable (CancellationToken) -> Result<Page, SourceError>
    ) -> AnyPublisher<Result<Page, SourceError>, Never> {
        Deferred { () -> AnyPublisher<Result<Page, SourceError>, Never> in
            let token = CancellationToken()
            let delivered = Locked(false)
            return Future<Result<Page, SourceError>, Never> { promise in
                let fulfil = UncheckedSendable(promise)
                queue.async {
                    let result = token.isCancelled ? .failure(SourceError("cancelled")) : work(token)
                    scheduler.schedule { fulfil.value(.success(result)) }
                }
            }
            .filter { _ in !token.isCancelled }
            .handleEvents(receiveOutput: { _ in delivered.withLock { $0 = true } },
                          receiveCancel: { if !delivered.withLock({ $0 }) { token.cancel() } })
            .erased()
        }
        .erased()
    }

    /// `result`, already there, delivered on the UI scheduler as `run`'s is: held until it is
    /// demanded, and not at all to a subscription cancelled before then.
    static func now(_ result: Result<Page, SourceError>, deliverOn scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        Deferred {
            Future<Result<Page, SourceError>, Never> { promise in
                let fulfil = UncheckedSendable(promise)
                scheduler.schedule { fulfil.value(.success(result)) }
            }
        }
        .erased()
    }
}
