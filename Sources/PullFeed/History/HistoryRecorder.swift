#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps each refresh's result of one source in the history, off the UI thread.
///
/// `observe(_:)` sees every state of the source on the UI thread and costs nothing there: a
/// refresh's result (a new `generation`) is taken once it is whole (a command's run ended and
/// was read to its end; a file is read again from its path) and handed, as the list value it
/// is, to the `HistoryWriter` shared by the run's sources, which reads and stores it on its
/// queue.
package final class HistoryRecorder {
    /// Where a source's results come from.
    package enum Origin: Sendable, Equatable {
        /// A command's run: the lines the feed shows, header lines first.
        case command
        /// A file: its bytes, read again from its path when it was refreshed.
        case file(path: String)
    }

    package let key: HistorySourceKey
    package let origin: Origin
    private let writer: HistoryWriter
    /// Told, on the writer's queue, of each result kept.
    private let onRecord: (@Sendable (HistoryRecordOutcome) -> Void)?
    /// The last refresh handed to the writer.
    private var recordedGeneration = 0

    package init(key: HistorySourceKey, origin: Origin, writer: HistoryWriter,
                 onRecord: (@Sendable (HistoryRecordOutcome) -> Void)? = nil) {
        self.key = key
        self.origin = origin
        self.writer = writer
        self.onRecord = onRecord
    }

    /// The recorder of the source `input` reads, if the history keeps it (a command run once per
    /// refresh, or a file; not standard input, the demo, or a command run once per page).
    package convenience init?(input: SourceSpec.Input, writer: HistoryWriter, directory: String = HistorySourceKey.currentDirectory,
                              onRecord: (@Sendable (HistoryRecordOutcome) -> Void)? = nil) {
        switch input {
        case .command(let text):
            self.init(key: .command(text, directory: directory), origin: .command, writer: writer, onRecord: onRecord)
        case .file(let path):
            let key = HistorySourceKey.file(path, directory: directory)
            self.init(key: key, origin: .file(path: key.text), writer: writer, onRecord: onRecord)
        case .standardInput, .pageCommand, .demo:
            return nil
        }
    }

    /// Takes the result of a refresh that `state` shows, once it is whole. Call it with every
    /// state of the source (or every state that `result(in:)` finds one in), in order, on the UI
    /// thread.
    package func observe(_ state: FeedState) {
        guard let (input, time) = result(in: state) else { return }
        recordedGeneration = state.generation
        writer.write(input, for: key, at: time, done: onRecord)
    }

    /// The result `state` shows and when it arrived, if it is whole and not yet taken: what
    /// `observe(_:)` hands to the writer.
    package func result(in state: FeedState) -> (HistoryInput, Date)? {
        guard state.generation != recordedGeneration, state.hasLoaded, let time = state.lastUpdated else { return nil }
        switch origin {
        case .file(let path):
            return (.file(path: path), time)
        case .command:
            // The run must have ended and been read to its end: a partial output is no result.
            guard !state.isOpen, !state.hasMore, !state.isRefreshing, state.tailStart == nil, state.dropped == 0 else { return nil }
            return (.lines(header: state.headerLines, lines: state.lines), time)
        }
    }
}
