import Dispatch
import TerminalUI

/// Carries out `FindModel`'s walks over rows and scans of the source: a short walk at once, a
/// long one or a scan on a background queue, its result and progress handed back as events on
/// the loop's scheduler unless it was cancelled meanwhile.
final class FindWorker {
    /// Gets the results and progress reports (on the loop's thread).
    var deliver: (FindEvent) -> Void = { _ in }

    private let scheduler: LoopScheduler
    /// Concurrent: a walk stuck in one long call (a regular expression that backtracks over
    /// a megabyte line) cannot hold up the next one once it is cancelled. (Tests wait for the
    /// work on it with a barrier.)
    let queue = DispatchQueue(label: "pullfeed.find", qos: .userInitiated, attributes: .concurrent)
    /// The work running in the background.
    private var token: CancellationToken?

    init(scheduler: LoopScheduler) {
        self.scheduler = scheduler
    }

    /// Cancels the work running in the background: its result is never delivered.
    func cancel() {
        token?.cancel()
        token = nil
    }

    /// The first match of `pattern` in `range` of `snapshot` (the last one when `backward`).
    func search(id: Int, _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>,
                backward: Bool, background: Bool) {
        run(id: id, background: background) { token in
            ListFinder.firstMatch(pattern, in: snapshot, range: range, backward: backward, isCancelled: { token.isCancelled })
                .map { FindWalkResult.search(found: $0) }
        }
    }

    /// The rows of `base` among the first `through` that `pattern` matches (among `candidates`
    /// only, when given), with the count so far reported at most ten times a second; ranked by
    /// score when `ranks` (a fuzzy pattern).
    func filter(id: Int, _ pattern: TextPattern, in base: any ListTextSnapshot, through: Int, among candidates: RowSet?,
                background: Bool, ranks: Bool = false) {
        let box = UncheckedSendable(self)
        run(id: id, background: background) { token in
            let last = Locked(DispatchTime.now().uptimeNanoseconds)
            let progress: @Sendable (Int, Int) -> Void = { walked, found in
                let now = DispatchTime.now().uptimeNanoseconds
                guard last.withLock({ previous in
                    // Another thread may have taken a later time in between.
                    guard now > previous, now - previous > 100_000_000 else { return false }
                    previous = now
                    return true
                }) else { return }
                box.value.onLoop(token) { $0.deliver(.filterProgress(id: id, found: found, walked: walked)) }
            }
            if ranks, let query = pattern.fuzzy {
                // Matched and scored in one walk.
                return ListFinder.fuzzyFilter(query, in: base, range: 0..<through, among: candidates, progress: progress,
                                              isCancelled: { token.isCancelled })
                    .map { FindWalkResult.filter($0.matches, ranking: $0.ranking) }
            }
            return ListFinder.matchingRowSet(pattern, in: base, range: 0..<through, among: candidates, progress: progress,
                                             isCancelled: { token.isCancelled }).map { FindWalkResult.filter($0) }
        }
    }

    /// Scans `source`'s lines after the first `loaded` in the background, reporting whole percents.
    func scan(id: Int, _ pattern: TextPattern, in source: any FeedSource, after loaded: Int) {
        let token = CancellationToken()
        self.token = token
        let box = UncheckedSendable((self, source))
        queue.async {
            let (worker, source) = box.value
            var reported = -1
            let result = source.scanForMatch(after: loaded, pattern: pattern, token: token) { fraction in
                let percent = Int(fraction * 100)
                guard percent != reported else { return }
                reported = percent
                worker.onLoop(token) { $0.deliver(.scanProgress(id: id, percent: percent)) }
            }
            worker.finish(token) { $0.deliver(.walkFinished(id: id, .scan(result))) }
        }
    }

    private func run(id: Int, background: Bool, _ work: @escaping @Sendable (CancellationToken) -> FindWalkResult?) {
        let token = CancellationToken()
        guard background else {
            if let result = work(token) { deliver(.walkFinished(id: id, result)) }
            return
        }
        self.token = token
        let box = UncheckedSendable(self)
        queue.async {
            let result = work(token)
            box.value.finish(token) { worker in
                if let result { worker.deliver(.walkFinished(id: id, result)) }
            }
        }
    }

    /// On the loop's thread: `body`, if `token`'s work still runs.
    private func onLoop(_ token: CancellationToken, _ body: @escaping (FindWorker) -> Void) {
        scheduler.schedule { [self] in
            guard self.token === token, !token.isCancelled else { return }
            body(self)
        }
    }

    /// On the loop's thread: `token`'s work is over; `body`, if it was not cancelled.
    private func finish(_ token: CancellationToken, _ body: @escaping (FindWorker) -> Void) {
        onLoop(token) { worker in
            worker.token = nil
            body(worker)
        }
    }
}
