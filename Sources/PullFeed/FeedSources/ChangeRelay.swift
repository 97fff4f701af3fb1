import Locking
import OpenCombine
import TerminalUI

/// Hands a source's `SourceChange`s from its worker threads to the UI scheduler. Consecutive
/// `.grew`s not yet delivered are one: the catch-up request that answers it reads everything new.
final class ChangeRelay: @unchecked Sendable {
    private struct Pending {
        var grewScheduled = false
    }

    private let subject = PassthroughSubject<SourceChange, Never>()
    private let pending = Locked(Pending())
    private let scheduler = Locked<LoopScheduler?>(nil)

    /// The changes, delivered on `scheduler` (the last scheduler asked for is the one used).
    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        self.scheduler.withLock { $0 = scheduler }
        return subject.erased()
    }

    /// Sends `change` from any thread.
    func send(_ change: SourceChange) {
        guard let scheduler = scheduler.withLock({ $0 }) else { return }
        if change == .grew {
            let already = pending.withLock { p -> Bool in
                defer { p.grewScheduled = true }
                return p.grewScheduled
            }
            if already { return }
        }
        let subject = subject
        let pending = pending
        let box = UncheckedSendable(subject)
        scheduler.schedule {
            if change == .grew { pending.withLock { $0.grewScheduled = false } }
            box.value.send(change)
        }
    }
}
