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

/// Lines piped into standard input, read page by page as the user scrolls. A pipe can be
/// read only once, so lines already read are kept and a refresh shows all of them again
/// (and goes on reading where reading stopped).
public final class StdinSource: FeedSource {
    public let title = "stdin"
    public let stateKey = "stdin"
    public let printsSelection = true

    let queue = DispatchQueue(label: "pullfeed.stdin-source")
    private let store: StdinStore

    public init(fd: Int32 = STDIN_FILENO) {
        store = StdinStore(reader: LineReader(fd: fd))
    }

    public func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let store = store
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            do throws(SourceError) {
                return .success(try store.page(request, token: token))
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Input that can be read only once (standard input, a pipe, a FIFO): the lines read so far are
/// kept, so a page can be served again. A refresh (offset 0) delivers every line read so far
/// (at least a page) and goes on reading where reading stopped. Pages share the kept lines'
/// storage, so the feed showing them costs no second copy. Only touched on its source's
/// serial queue.
final class StdinStore: @unchecked Sendable {
    let reader: LineReader
    var lines = LineList()
    init(reader: LineReader) { self.reader = reader }

    /// The lines of `request`, reading more input only as far as it needs.
    func page(_ request: PageRequest, token: CancellationToken) throws(SourceError) -> Page {
        let wanted = request.offset == 0 ? max(request.limit, lines.count) : request.offset + request.limit
        if lines.count < wanted, !reader.isAtEnd {
            try reader.readLines(wanted - lines.count, into: &lines, token: token)
        }
        let end = min(wanted, lines.count)
        let page = request.offset < end ? lines.slice(request.offset..<end) : LineList()
        let hasMore = lines.count > end || !reader.isAtEndOfLines
        return Page(lines: page, hasMore: hasMore)
    }
}
