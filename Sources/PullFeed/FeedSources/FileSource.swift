import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Locking
import OpenCombine
import SearchEngine
import TerminalUI

/// The lines of a text file. A regular file is counted in the background and indexed sparsely
/// (`FileIndex`): its lines are read back from the file when shown, the way `less` works, so a
/// 1 GB file costs an index of a few hundred KB; the first page is there as soon as it is
/// counted, End shows the last lines at once by reading backwards from the end, and lines
/// appended later arrive without a request (the file is watched). A refresh (offset 0) opens
/// and counts the file again, so edits, truncation or deletion show up (a deleted file is a
/// failed refresh that keeps what is on screen); a file cut shorter or replaced while shown
/// is reloaded; a refresh that keeps the place waits until the lines shown are counted again.
/// A pipe or FIFO (`--file <(cmd)`) is read once, like standard input, as it is
/// written (`StreamStore`).
package final class FileSource: FeedSource {
    package let path: String
    package let title: String
    package var stateKey: String { "file:" + absolutePath }
    package let isLineSource = true
    /// A pipe or FIFO cannot be read again: a refresh shows its lines in place.
    package var keepsPlaceOnRefresh: Bool { !isRegular }
    package var readsFromEnd: Bool { isRegular }
    package var isWatched: Bool { isRegular }

    private let absolutePath: String
    /// Whether `path` was a regular file (or missing, which a refresh reports) when opened.
    let isRegular: Bool
    let queue = DispatchQueue(label: "pullfeed.file-source")
    private let relay = ChangeRelay()
    let current = Locked<FileIndex?>(nil)
    /// The reader of a pipe or FIFO (nil for a regular file).
    private(set) var stream: StreamStore?

    /// Shows `path`; a pipe or FIFO is kept as `spill` says (in memory, then on disk).
    package init(path: String, spill: SpillSettings = .fromEnvironment()) {
        self.path = path
        absolutePath = URL(fileURLWithPath: path).standardizedFileURL.path
        title = path.split(separator: "/").last.map(String.init) ?? path
        var info = stat()
        let kind = stat(path, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        // A missing file or a folder is opened by the first refresh, which says what is wrong.
        isRegular = kind != S_IFIFO && kind != S_IFCHR && kind != S_IFSOCK
        if !isRegular {
            let relay = relay
            stream = StreamStore(path: path, spill: spill) { relay.send(.grew) }
        }
    }

    /// A FIFO is read as a stream: leaving its end stops reading on, as for standard input.
    package func stopReadingRest() {
        stream?.stopReadingRest()
    }

    deinit {
        current.withLock { $0?.stop() }
        stream?.stop()
    }

    package func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        relay.changes(on: scheduler)
    }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        if let stream {
            return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
                do throws(SourceError) {
                    return .success(try stream.page(request, token: token))
                } catch {
                    return .failure(error)
                }
            }
        }
        if case .refresh = request, current.withLock({ $0 == nil }) { return firstLoad(request, on: scheduler) }
        let path = path
        let relay = relay
        let current = current
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            let index: FileIndex
            if case .refresh = request {
                do throws(SourceError) {
                    index = try FileIndex(path: path) { change in relay.send(change ?? .grew) }
                } catch {
                    return .failure(error)
                }
                current.withLock { old in
                    old?.stop()
                    old = index
                }
            } else if let existing = current.withLock({ $0 }) {
                index = existing
            } else {
                return .failure(SourceError("'\(path)' is not open"))
            }
            index.startCounting()
            return Self.page(request, of: index, token: token)
        }
    }

    /// The first refresh opens the file and counts its head (`FileIndex.headSize`) on the
    /// thread that asks, as `less` reads its first screen, and when the head holds the page
    /// makes the page there too: the first frame then waits for no thread (one started for it
    /// took milliseconds to run on a busy machine, while a frame of the title alone was drawn).
    /// A head that does not hold the page (very long lines) is waited on on the queue, and
    /// later refreshes open the file there, so a slow disk never holds up the keys.
    private func firstLoad(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let path = path
        let relay = relay
        let current = current
        let queue = queue
        return Deferred { () -> AnyPublisher<Result<Page, SourceError>, Never> in
            let index: FileIndex
            do throws(SourceError) {
                index = try FileIndex(path: path, countsLater: true) { change in relay.send(change ?? .grew) }
            } catch {
                return BackgroundLoad.now(.failure(error), deliverOn: scheduler)
            }
            current.withLock { old in
                old?.stop()
                old = index
            }
            let want = max(request.offset + request.limit, request.linesShown)
            guard index.state.withLock({ !$0.isCounting || $0.count >= want }) else {
                index.startCounting()
                return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in Self.page(request, of: index, token: token) }
            }
            // The rest is counted from the loop turn after the one that delivers and draws this
            // page (hence scheduled from a scheduled action), as the counting thread took a core
            // from that frame; a request that needs more lines starts it at once.
            scheduler.schedule { scheduler.schedule { index.startCounting() } }
            return BackgroundLoad.now(Self.page(request, of: index, token: CancellationToken()), deliverOn: scheduler)
        }
        .erased()
    }

    /// The page `request` asks of `index`, once it has counted that far (or to its end), which
    /// it waits for (so on the queue, unless the index holds it already); a failure when `token`
    /// is cancelled first.
    private static func page(_ request: PageRequest, of index: FileIndex, token: CancellationToken) -> Result<Page, SourceError> {
        token.onCancel { [state = index.state] in state.wakeAll() }
        var catchesUp = false
        switch request {
        case .tail(_, let limit, _):
            if let page = Self.lastLines(limit, of: index) { return .success(page) }
        case .catchUp: catchesUp = true
        case .refresh, .next, .rest: break
        }
        let want = max(request.offset + request.limit, request.linesShown)
        let (count, counting) = index.state.wait(until: { s in
            catchesUp || token.isCancelled || !s.isCounting || s.count >= want || s.isStopped
        }) { s in (s.count, s.isCounting) }
        if token.isCancelled { return .failure(SourceError("cancelled")) }
        var page = Page(lines: LineList(index: index, lines: request.offset..<max(request.offset, count)), hasMore: counting)
        page.isCounting = counting
        if request.offset == 0, !catchesUp { page.looksBinary = Self.looksBinary(index.file) }
        return .success(page)
    }

    /// Whether the file has a NUL byte in its first 8 KiB, as `less` and `grep` decide that a
    /// file is binary.
    static func looksBinary(_ file: LineFile) -> Bool {
        var head = [UInt8](repeating: 0, count: 8_192)
        let read = head.withUnsafeMutableBytes { file.read(at: 0, count: $0.count, into: $0.baseAddress!) }
        return head[0..<max(0, read)].contains(0)
    }

    /// The file's last `limit` lines while it is still being counted up to them; nil once
    /// counting is near enough to the end that the lines after those shown will do.
    private static func lastLines(_ limit: Int, of index: FileIndex) -> Page? {
        let ranges = index.lastLines(limit)
        guard let first = ranges.first else { return nil }
        let counted = index.state.withLock { s in s.isCounting ? s.scanned : Int.max }
        guard counted < first.lowerBound else { return nil }
        var page = Page(lines: LineList(file: index.file, start: first.lowerBound, ends: ranges.map(\.upperBound)), hasMore: true)
        page.isEnd = true
        page.isCounting = true
        return page
    }
}

extension FileSource {
    package var scansWithoutLoading: Bool { isRegular }

    /// A regular file is searched from where the loaded lines end, in 4 MiB chunks
    /// (`FileScan`), without loading its lines (the sparse index gives where that is).
    package func scanForMatch(after loaded: Int, pattern: TextPattern, token: CancellationToken,
                             progress: @escaping (Double) -> Void) -> SourceScan? {
        guard isRegular, let index = current.withLock({ $0 }), loaded <= index.count else { return nil }
        let offset = loaded == 0 ? 0 : index.range(of: loaded - 1).upperBound
        if let line = FileScan.firstMatch(of: pattern, in: index.file, from: offset, token: token, progress: progress) {
            return .found(loaded + line)
        }
        return token.isCancelled ? .cancelled : .notFound
    }
}
