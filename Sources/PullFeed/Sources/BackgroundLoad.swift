import Dispatch
import OpenCombine
import TerminalUI

/// Runs blocking source work on a serial background queue and delivers its one result on
/// the UI scheduler. Cancelling the subscription cancels the token the work receives, and
/// a result that arrives after cancellation is dropped.
///
/// The result is held by a `Future` until the subscriber asks for it: work that finishes
/// before demand reaches the upstream (a page already in the reader's buffer takes
/// microseconds) must not be lost, which a `PassthroughSubject` would do.
enum BackgroundLoad {
    static func run(
        on queue: DispatchQueue,
        deliverOn scheduler: LoopScheduler,
        _ work: @escaping @Sendable (CancellationToken) -> Result<Page, SourceError>
    ) -> AnyPublisher<Result<Page, SourceError>, Never> {
        Deferred { () -> AnyPublisher<Result<Page, SourceError>, Never> in
            let token = CancellationToken()
            return Future<Result<Page, SourceError>, Never> { promise in
                let fulfil = UncheckedSendable(promise)
                queue.async {
                    let result = token.isCancelled ? .failure(SourceError("cancelled")) : work(token)
                    fulfil.value(.success(result))
                }
            }
            .receive(on: scheduler)
            .filter { _ in !token.isCancelled }
            .handleEvents(receiveCancel: { token.cancel() })
            .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

/// Carries a value that is only touched in a thread-safe way (an OpenCombine `Future`'s
/// promise, which is locked) across a `@Sendable` boundary.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
