import Dispatch
import Locking
import SearchEngine
import TerminalUI

/// The work of `FindModel`'s walks and scans, as jobs for an `EventRuntime`: each reads rows or
/// the source (off the loop's thread when long), stops when its job is cancelled, and answers
/// with `walkFinished`, reporting its progress on the way.
enum FindJobs {
    typealias Job = @Sendable (RuntimeJob<FindEvent>) -> FindEvent?

    /// The first match of `pattern` in `range` of `snapshot` (the last one when `backward`).
    static func search(id: Int, _ pattern: TextPattern, in snapshot: any ListTextSnapshot, range: Range<Int>, backward: Bool) -> Job {
        { job in
            ListFinder.firstMatch(pattern, in: snapshot, range: range, backward: backward, isCancelled: { job.isCancelled })
                .map { .walkFinished(id: id, .search(found: $0)) }
        }
    }

    /// The rows of `base` among the first `through` that `pattern` matches (among `candidates`
    /// only, when given), with the count so far reported at most ten times a second; ranked by
    /// score when `ranks` (a fuzzy pattern).
    static func filter(id: Int, _ pattern: TextPattern, in base: any ListTextSnapshot, through: Int, among candidates: RowSet?,
                       ranks: Bool) -> Job {
        { job in
            let last = Locked(DispatchTime.now().uptimeNanoseconds)
            let progress: @Sendable (Int, Int) -> Void = { walked, found in
                let now = DispatchTime.now().uptimeNanoseconds
                guard last.withLock({ previous in
                    // Another thread may have taken a later time in between.
                    guard now > previous, now - previous > 100_000_000 else { return false }
                    previous = now
                    return true
                }) else { return }
                job.post(.filterProgress(id: id, found: found, walked: walked))
            }
            if ranks, let query = pattern.fuzzy {
                // Matched and scored in one walk.
                return ListFinder.fuzzyFilter(query, in: base, range: 0..<through, among: candidates, progress: progress,
                                              isCancelled: { job.isCancelled })
                    .map { .walkFinished(id: id, .filter($0.matches, ranking: $0.ranking)) }
            }
            return ListFinder.matchingRowSet(pattern, in: base, range: 0..<through, among: candidates, progress: progress,
                                             isCancelled: { job.isCancelled }).map { .walkFinished(id: id, .filter($0)) }
        }
    }

    /// Scans `source`'s lines after the first `loaded`, reporting whole percents.
    static func scan(id: Int, _ pattern: TextPattern, in source: any FeedSource, after loaded: Int) -> Job {
        let source = UncheckedSendable(source)
        return { job in
            let token = CancellationToken()
            job.onCancel { token.cancel() }
            var reported = -1
            let result = source.value.scanForMatch(after: loaded, pattern: pattern, token: token) { fraction in
                let percent = Int(fraction * 100)
                guard percent != reported else { return }
                reported = percent
                job.post(.scanProgress(id: id, percent: percent))
            }
            return .walkFinished(id: id, .scan(result))
        }
    }
}
