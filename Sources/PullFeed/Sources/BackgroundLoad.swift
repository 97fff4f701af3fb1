import Dispatch
import OpenCombine
import TerminalUI

/// Runs blocking source work on a serial background queue and delivers its one result on
/// the UI scheduler. Cancelling the subscription cancels the token the work receives, and
/// a result that arrives after cancellation is dropped.
enum BackgroundLoad {
    static func run(
        on queue: DispatchQueue,
        deliverOn scheduler: LoopScheduler,
        _ work: @escaping @Sendable (CancellationToken) -> Result<Page, SourceError>
    ) -> AnyPublisher<Result<Page, SourceError>, Never> {
        Deferred { () -> AnyPublisher<Result<Page, SourceError>, Never> in
            let token = CancellationToken()
            let subject = PassthroughSubject<Result<Page, SourceError>, Never>()
            let delivery = subject
                .receive(on: scheduler)
                .filter { _ in !token.isCancelled }
                .prefix(1)
                .handleEvents(receiveSubscription: { _ in
                    let output = UncheckedSendable(subject)
                    queue.async {
                        let result = token.isCancelled ? .failure(SourceError("cancelled")) : work(token)
                        output.value.send(result)
                    }
                }, receiveCancel: { token.cancel() })
            return delivery.eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

/// Carries a value that is only touched in a thread-safe way (an OpenCombine subject, whose
/// `send` is locked) across a `@Sendable` boundary.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
