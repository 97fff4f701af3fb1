#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import OpenCombine
import TerminalUI

/// A spinner's clock: `tick` advances every `interval` on the injected scheduler while
/// spinning, and stays put otherwise. Which frame a tick shows is the view's business
/// (`RefreshGlyphs.spinnerFrame(_:)`), so the same spinner serves braille and ASCII.
final class Spinner {
    /// About 80 ms per frame.
    static var defaultInterval: TimeInterval { 0.08 }

    /// Seconds between ticks.
    let interval: TimeInterval
    /// Ticks since the last `start()` (0 right after it); kept when stopped.
    private(set) var tick = 0
    /// Whether the spinner is ticking: between `start()` and `stop()`.
    var isSpinning: Bool { timer != nil }

    /// Emits after every tick.
    var ticks: AnyPublisher<Void, Never> { tickSubject.eraseToAnyPublisher() }

    private let scheduler: LoopScheduler
    private var timer: AnyCancellable?
    private let tickSubject = PassthroughSubject<Void, Never>()

    /// A stopped spinner; call `start()` to tick.
    ///
    /// - Parameters:
    ///   - scheduler: times the ticks, which run on its thread.
    ///   - interval: seconds between ticks; `defaultInterval` (80 ms) by default.
    init(scheduler: LoopScheduler, interval: TimeInterval = Spinner.defaultInterval) {
        self.scheduler = scheduler
        self.interval = interval
    }

    /// Starts from the first frame; no-op while spinning.
    func start() {
        guard timer == nil else { return }
        tick = 0
        let cancellable = scheduler.schedule(
            after: scheduler.now.advanced(by: .seconds(interval)), interval: .seconds(interval)
        ) { [weak self] in
            self?.advance()
        }
        timer = AnyCancellable(cancellable)
    }

    /// Stops ticking (the tick is kept).
    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func advance() {
        guard timer != nil else { return }
        tick &+= 1
        tickSubject.send(())
    }

    deinit { timer?.cancel() }
}
