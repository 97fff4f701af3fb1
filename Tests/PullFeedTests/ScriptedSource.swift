import CombineSchedulers
import Dispatch
import OpenCombine
import OpenCombineDispatch
@testable import PullFeed
import SearchEngine
import TerminalUI

/// A source whose answers the test decides: each load takes `delay` seconds of virtual
/// time and answers with `answer(request)`; every request is logged.
final class ScriptedSource: FeedSource {
    let title = "Scripted"
    let stateKey = "scripted"
    let isLineSource = true
    var delay: Double = 1
    var loadsRestPageByPage = false
    var requests: [PageRequest] = []
    var cancelled = 0
    var answer: (PageRequest) -> Result<Page, SourceError>
    /// What a scan past the loaded lines finds; nil: the source cannot scan.
    var scan: SourceScan?
    /// The scans asked for: the lines loaded when each started.
    private(set) var scannedAfter: [Int] = []

    var scansWithoutLoading: Bool { scan != nil }

    func scanForMatch(after loaded: Int, pattern: TextPattern, token: CancellationToken,
                      progress: @escaping (Double) -> Void) -> SourceScan? {
        scannedAfter.append(loaded)
        return scan
    }

    init(answer: @escaping (PageRequest) -> Result<Page, SourceError>) {
        self.answer = answer
    }

    /// Lines "L<n>" for offsets, `total` lines in all.
    static func lines(total: Int) -> ScriptedSource {
        ScriptedSource { request in
            let end = min(total, request.offset + request.limit)
            let items = (request.offset..<max(request.offset, end)).map { FeedItem.line("L\($0)") }
            return .success(Page(items: items, hasMore: end < total))
        }
    }

    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        requests.append(request)
        let result = answer(request)
        return Just(result)
            .delay(for: .milliseconds(Int(delay * 1000)), scheduler: scheduler)
            .handleEvents(receiveCancel: { [weak self] in self?.cancelled += 1 })
            .eraseToAnyPublisher()
    }
}

/// A virtual-time scheduler and its erased form.
struct VirtualTime {
    let test = DispatchQueue.test
    var scheduler: LoopScheduler { test.eraseToLoopScheduler() }
    func advance(_ seconds: Double) { test.advance(by: .milliseconds(Int(seconds * 1000))) }
}
