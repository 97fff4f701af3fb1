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
/// whole file loaded costs 4 bytes a line. A pipe or FIFO (`--file <(cmd)`) is read once and
/// its lines are kept in memory. A refresh (offset 0) re-reads the file from the start, so edits,
/// truncation or deletion show up (a deleted file is a failed refresh that keeps what is on
/// screen).
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
                let current: LineReader
                if request.offset != 0, let existing = slot.reader, existing.linesRead == request.offset {
                    current = existing
                } else {
                    current = try LineReader(path: path)
                    slot.reader = current
                    try current.skip(request.offset)
                }
                let lines: LineList
                if let file = current.file, file.canReadBack {
                    let start = current.position
                    lines = LineList(file: file, start: start, ends: try current.nextEnds(request.limit, token: token))
                } else {
                    lines = LineList(try current.next(request.limit, token: token))
                }
                let hasMore = lines.count == request.limit && !current.isAtEndOfLines
                return .success(Page(lines: lines, hasMore: hasMore))
            } catch {
                slot.reader = nil
                return .failure(error)
            }
        }
    }
}

/// The reader a file source resumes from; only touched on the source's serial queue.
final class ReaderSlot: @unchecked Sendable {
    var reader: LineReader?
}
