import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Keeps each successful refresh's result of one source in the history, off the UI thread.
///
/// `observe(_:)` sees every state of the feed on the UI thread and costs nothing there: a
/// refresh's result (a new `generation`) is taken once it is whole (a command's run ended and
/// was read; a file is read again from its path) and handed, as the list value it is, to one
/// serial queue, which opens the database on its first write, turns the lines into a blob and
/// writes it. Results land in the order they arrived.
///
/// The first failure (the database is locked, read-only, damaged, the disk is full) turns the
/// recorder off for the rest of the run: `onFailure` is called once, on the queue, and the app
/// goes on live without history.
package final class HistoryRecorder: @unchecked Sendable {
    /// Where a source's results come from.
    package enum Origin: Sendable, Equatable {
        /// A command's run: the lines the feed shows, header lines first.
        case command
        /// A file: its bytes, read again from its path when it was refreshed.
        case file(path: String)
    }

    package let key: HistorySourceKey
    package let origin: Origin
    private let opener: @Sendable () throws(HistoryError) -> HistoryStore
    private let onFailure: @Sendable (HistoryError) -> Void
    private let queue = DispatchQueue(label: "pullfeed.history")
    /// Confined to `queue`.
    private var store: HistoryStore?
    private var isOff = false
    /// The last refresh handed to the queue (UI thread).
    private var recordedGeneration = 0

    /// A recorder of `key`'s results; `open` opens the store (on the queue, at the first write).
    package init(key: HistorySourceKey, origin: Origin,
                 open: @escaping @Sendable () throws(HistoryError) -> HistoryStore,
                 onFailure: @escaping @Sendable (HistoryError) -> Void) {
        self.key = key
        self.origin = origin
        self.opener = open
        self.onFailure = onFailure
    }

    /// Takes the result of a refresh that `state` shows, once it is whole. Call it with every
    /// state, on the UI thread.
    package func observe(_ state: FeedReactor.State) {
        guard state.generation != recordedGeneration, state.hasLoaded, let time = state.lastUpdated else { return }
        switch origin {
        case .file(let path):
            recordedGeneration = state.generation
            queue.async { self.write(at: time) { Self.read(path) } }
        case .command:
            // The run must have ended and been read to its end: a partial output is no result.
            guard !state.isOpen, !state.hasMore, !state.isRefreshing, state.tailStart == nil else { return }
            recordedGeneration = state.generation
            let header = state.headerLines
            let lines = state.lines
            queue.async { self.write(at: time) { HistoryContent(header: header, lines: lines) } }
        }
    }

    /// Waits until every result handed over so far is written (or has failed).
    package func flush() {
        queue.sync {}
    }

    /// On the queue: opens the store if needed and writes what `content` gives.
    private func write(at time: Date, _ content: () -> HistoryContent?) {
        guard !isOff, let content = content() else { return }
        do throws(HistoryError) {
            if store == nil { store = try opener() }
            try store?.record(content, for: key, at: time)
        } catch {
            isOff = true
            store = nil
            onFailure(error)
        }
    }

    /// The file at `path`, whole; nil when it cannot be read or is over 1 GiB (it is not kept).
    private static func read(_ path: String) -> HistoryContent? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 30 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[..<n])
        }
        return HistoryContent(bytes: bytes)
    }
}
