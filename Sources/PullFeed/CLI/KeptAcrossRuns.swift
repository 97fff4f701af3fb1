#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenCombine
import TerminalUI

/// What the app keeps of its sources across runs: each one's last-updated time
/// (`LastUpdatedStore`) and its results (the refresh history, through the sources' recorders),
/// taken from their states.
///
/// A state is handed over a loop turn after it comes, so after the frame that shows it: both
/// write on threads of their own, the history by reading a file source again whole, and begun
/// with the first page they took the cores from that page's frame (its first frame waited up to
/// milliseconds more on a busy machine). Only states that bring something are handed over (a
/// new date, or a result the recorder takes), so a key press costs nothing here. `finish()`,
/// once the loop has stopped, hands over each source's newest state at once: one that came in
/// the last turn has no turn after it.
final class KeptAcrossRuns {
    private let sources: [SourceReactor]
    private let stateKeys: [String]
    private let store: LastUpdatedStore
    private let recorders: [HistoryRecorder?]
    /// Each source's last date handed to the store (at first, the one it had from it).
    private var savedDates: [Date?]
    private var subscriptions: [AnyCancellable] = []

    /// Follows `sources` (with their `stateKeys` in the store and their `recorders`, in the same
    /// order), handing over on `scheduler`.
    init(sources: [SourceReactor], stateKeys: [String], store: LastUpdatedStore, recorders: [HistoryRecorder?],
         scheduler: LoopScheduler) {
        self.sources = sources
        self.stateKeys = stateKeys
        self.store = store
        self.recorders = recorders
        savedDates = sources.map(\.currentState.lastUpdated)
        subscriptions = sources.indices.map { index in
            sources[index].state.sink { [weak self] state in
                guard let self, self.brings(state, of: index) else { return }
                scheduler.schedule { [weak self] in self?.handOver(state, of: index) }
            }
        }
    }

    /// Stops following the sources and hands over their newest states.
    func finish() {
        subscriptions.forEach { $0.cancel() }
        subscriptions = []
        for index in sources.indices { handOver(sources[index].currentState, of: index) }
    }

    private func brings(_ state: FeedState, of index: Int) -> Bool {
        (state.lastUpdated != nil && state.lastUpdated != savedDates[index]) || recorders[index]?.result(in: state) != nil
    }

    private func handOver(_ state: FeedState, of index: Int) {
        if let date = state.lastUpdated, date != savedDates[index] {
            savedDates[index] = date
            store.recordInBackground(date, for: stateKeys[index])
        }
        recorders[index]?.observe(state)
    }
}
