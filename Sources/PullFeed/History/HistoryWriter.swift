import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes the results of every source of a run into one store, in the order they arrived, on
/// one serial queue of its own (never the UI thread): the store is opened at the first write.
///
/// The first failure (the database is locked, read-only, damaged, the disk is full) turns the
/// writer off for the rest of the run: `onFailure` is called once, on the queue, and nothing
/// else is written or read; the app goes on live without history.
package final class HistoryWriter: @unchecked Sendable {
    private let opener: @Sendable () throws(HistoryError) -> HistoryStore
    private let onFailure: @Sendable (HistoryError) -> Void
    private let queue = DispatchQueue(label: "pullfeed.history", qos: .utility)
    /// Confined to `queue`.
    private var store: HistoryStore?
    private var isOff = false

    /// A writer into the store `open` opens (on the queue, at the first write).
    package init(open: @escaping @Sendable () throws(HistoryError) -> HistoryStore,
                 onFailure: @escaping @Sendable (HistoryError) -> Void) {
        self.opener = open
        self.onFailure = onFailure
    }

    /// Keeps `input` as `key`'s result at `time`, after the writes handed over before it;
    /// `done` is then called on the queue with what the store did (not when the writer is off).
    package func write(_ input: HistoryInput, for key: HistorySourceKey, at time: Date,
                       done: (@Sendable (HistoryRecordOutcome) -> Void)? = nil) {
        queue.async {
            guard let outcome = self.withStore({ store throws(HistoryError) in try store.record(input, for: key, at: time) }) else { return }
            done?(outcome)
        }
    }

    /// Runs `body` with the store on the queue, after the writes handed over before it; nil when
    /// the writer is off or `body` failed (which turns it off).
    package func read<Value: Sendable>(_ body: @escaping @Sendable (HistoryStore) throws(HistoryError) -> Value,
                                       then deliver: @escaping @Sendable (Value?) -> Void) {
        queue.async { deliver(self.withStore(body)) }
    }

    /// Waits until everything handed over so far is done (or has failed).
    package func flush() {
        queue.sync {}
    }

    /// On the queue: opens the store if needed and runs `body`; the first failure turns the
    /// writer off and is told.
    private func withStore<Value>(_ body: (HistoryStore) throws(HistoryError) -> Value) -> Value? {
        guard !isOff else { return nil }
        do throws(HistoryError) {
            let store: HistoryStore
            if let open = self.store { store = open } else { store = try opener() }
            self.store = store
            return try body(store)
        } catch {
            isOff = true
            store = nil
            onFailure(error)
            return nil
        }
    }
}
