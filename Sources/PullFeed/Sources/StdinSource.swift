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
/// read only once, so lines already read are kept and a refresh shows them again from the
/// top (and goes on reading where reading stopped).
public final class StdinSource: FeedSource {
    public let title = "stdin"
    public let stateKey = "stdin"
    public let printsSelection = true

    let queue = DispatchQueue(label: "pullfeed.stdin-source")
    private let store: StdinStore

    public init(fd: Int32 = STDIN_FILENO) {
        store = StdinStore(reader: LineReader(fd: fd, ownsDescriptor: false))
    }

    public func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let store = store
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            do throws(SourceError) {
                let wanted = request.offset + request.limit
                if store.lines.count < wanted, !store.reader.isAtEnd {
                    store.lines.append(contentsOf: try store.reader.next(wanted - store.lines.count, token: token))
                }
                let end = min(wanted, store.lines.count)
                var page = LineList()
                if request.offset < end { page.append(store.lines, range: request.offset..<end) }
                let hasMore = store.lines.count > end || !store.reader.isAtEndOfLines
                return .success(Page(lines: page, hasMore: hasMore))
            } catch {
                return .failure(error)
            }
        }
    }
}

/// Lines read from stdin so far; only touched on the source's serial queue.
final class StdinStore: @unchecked Sendable {
    let reader: LineReader
    var lines = LineList()
    init(reader: LineReader) { self.reader = reader }
}
