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
/// database off for the rest of the run: `onFailure` is called once, on the queue, and the
/// store `fallback` opens (one in memory, for this run) takes over, the write or read that
/// failed tried there again; without one, or when it fails too, nothing else is written or
/// read. The app goes on live either way.
package final class HistoryWriter: @unchecked Sendable {
    private let onFailure: @Sendable (HistoryError) -> Void
    private let queue = DispatchQueue(label: "pullfeed.history", qos: .utility)
    /// Confined to `queue`: what opens the store in use, what opens the next if it fails.
    private var opener: @Sendable () throws(HistoryError) -> HistoryStore
    private var fallback: (@Sendable () throws(HistoryError) -> HistoryStore)?
    private var store: HistoryStore?
    private var isOff = false
    private var hasFailed = false

    /// A writer into the store `open` opens (on the queue, at the first write), and into the
    /// one `fallback` opens once that one fails.
    package init(open: @escaping @Sendable () throws(HistoryError) -> HistoryStore,
                 fallback: (@Sendable () throws(HistoryError) -> HistoryStore)? = nil,
                 onFailure: @escaping @Sendable (HistoryError) -> Void) {
        self.opener = open
        self.fallback = fallback
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

    /// On the queue: opens the store if needed and runs `body`; the first failure is told, and
    /// `body` runs again in the fallback store, if there is one.
    private func withStore<Value>(_ body: (HistoryStore) throws(HistoryError) -> Value) -> Value? {
        while !isOff {
            do throws(HistoryError) {
                let store: HistoryStore
                if let open = self.store { store = open } else { store = try opener() }
                self.store = store
                return try body(store)
            } catch {
                store = nil
                if !hasFailed {
                    hasFailed = true
                    onFailure(error)
                }
                if let next = fallback {
                    opener = next
                    fallback = nil
                } else {
                    isOff = true
                }
            }
        }
        return nil
    }
}
