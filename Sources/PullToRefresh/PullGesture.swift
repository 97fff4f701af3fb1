#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import TerminalUI

/// Pull distance plus release detection for a terminal, shared by the header and the back footer.
///
/// A terminal has no key-up event: pulls arrive as discrete events, and the gesture counts as
/// released on a non-pull event (`RefreshHeader.release()`) or when `releaseDelay` passes with
/// no pull input, timed on the scheduler.
final class PullGesture {
    private(set) var distance = 0
    var maxDistance: Int
    var releaseDelay: TimeInterval
    private let scheduler: LoopScheduler
    private var token = 0
    private let onTimeout: () -> Void

    init(
        scheduler: LoopScheduler, maxDistance: Int,
        releaseDelay: TimeInterval, onTimeout: @escaping () -> Void
    ) {
        self.scheduler = scheduler
        self.maxDistance = maxDistance
        self.releaseDelay = releaseDelay
        self.onTimeout = onTimeout
    }

    /// Adds `rows` (negative rows push back), clamped to 0…maxDistance, and restarts the
    /// release timer. Returns whether the distance changed.
    @discardableResult
    func pull(by rows: Int) -> Bool {
        let old = distance
        distance = min(max(0, distance + rows), max(0, maxDistance))
        armTimer()
        return distance != old
    }

    /// Forgets the distance and the timer.
    func reset() {
        distance = 0
        token &+= 1
    }

    private func armTimer() {
        token &+= 1
        let current = token
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(releaseDelay))) { [weak self] in
            guard let self, self.token == current else { return }
            self.onTimeout()
        }
    }
}
