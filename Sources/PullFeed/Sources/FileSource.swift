import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import TerminalUI

/// The lines of a text file, read page by page. For a regular file a page holds where its
/// lines are in the file, not their text: lines are read back when shown (`LineFile`), so a
/// whole file loaded costs 4 bytes a line. A refresh (offset 0) re-reads the file from the
/// start, so edits, truncation or deletion show up (a deleted file is a failed refresh that
/// keeps what is on screen). A pipe or FIFO (`--file <(cmd)`) is read once, like standard
/// input: its lines are kept in memory and a refresh shows them again (`StdinStore`).
public final class FileSource: FeedSource {
    public let path: String
    public let title: String
    public var stateKey: String { "file:" + absolutePath }
    public let printsSelection = true

    private let absolutePath: String
    let queue = DispatchQueue(label: "pullfeed.file-source")
    private let reader = ReaderSlot()

    public init(path: String) {
        self.path = path
        absolutePath = URL(fileURLWithPath: path).standardizedFileURL.path
        title = path.split(separator: "/").last.map(String.init) ?? path
    }

    public func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let path = path
        let slot = reader
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            do throws(SourceError) {
                if let once = slot.readOnce {
                    return .success(try once.page(request, token: token))
                }
                let current: LineReader
                if request.offset != 0, let existing = slot.reader, existing.linesRead == request.offset {
                    current = existing
                } else {
                    current = try LineReader(path: path)
                    guard let file = current.file, file.canReadBack else {
                        // A pipe or FIFO: it is read once, like standard input, and never reopened.
                        let once = StdinStore(reader: current)
                        slot.readOnce = once
                        return .success(try once.page(request, token: token))
                    }
                    slot.reader = current
                    try current.skip(request.offset)
                }
                let start = current.position
                let lines = LineList(file: current.file!, start: start, ends: try current.nextEnds(request.limit, token: token))
                let hasMore = lines.count == request.limit && !current.isAtEndOfLines
                return .success(Page(lines: lines, hasMore: hasMore))
            } catch {
                slot.reader = nil
                return .failure(error)
            }
        }
    }
}

extension FileSource {
    public var scansWithoutLoading: Bool { true }

    /// A regular file is searched from where the loaded lines end, in 4 MiB chunks
    /// (`FileScan`), without loading or indexing its lines.
    public func scanForMatch(after loaded: Int, pattern: TextPattern, token: CancellationToken,
                             progress: @escaping (Double) -> Void) -> SourceScan? {
        guard pattern.canScanBytes else { return nil }
        let slot = reader
        let start: (LineFile, Int)? = queue.sync {
            guard slot.readOnce == nil, let reader = slot.reader, reader.linesRead == loaded,
                  let file = reader.file else { return nil }
            return (file, reader.position)
        }
        guard let (file, offset) = start else { return nil }
        if let line = FileScan.firstMatch(of: pattern, in: file, from: offset, token: token, progress: progress) {
            return .found(loaded + line)
        }
        return token.isCancelled ? .cancelled : .notFound
    }
}

/// What a file source reads from; only touched on the source's serial queue.
final class ReaderSlot: @unchecked Sendable {
    /// The regular file's reader that the next page resumes.
    var reader: LineReader?
    /// Set once the path turned out to be a pipe or FIFO: everything comes from here from then on.
    var readOnce: StdinStore?
}
