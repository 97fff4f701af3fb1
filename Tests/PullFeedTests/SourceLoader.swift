import Dispatch
import Foundation
import OpenCombine
@testable import PullFeed

/// Loads one page from a source whose work runs on `queue`: waits for the queue to finish
/// the work (a barrier, no sleeping), then lets virtual time deliver the result.
func loadPage(_ source: FeedSource, queue: DispatchQueue, offset: Int, limit: Int,
              time: VirtualTime) -> (result: Result<Page, SourceError>?, completed: Bool) {
    var result: Result<Page, SourceError>?
    var completed = false
    let subscription = source.load(PageRequest.page(offset: offset, limit: limit), on: time.scheduler)
        .sink(receiveCompletion: { _ in completed = true }, receiveValue: { result = $0 })
    queue.sync(flags: .barrier) {}
    time.advance(0)
    subscription.cancel()
    return (result, completed)
}

/// A temporary file with `contents`, removed by the caller.
func temporaryFile(_ contents: [UInt8]) -> String {
    let path = NSTemporaryDirectory() + "pullfeed-test-\(UUID().uuidString).txt"
    _ = FileManager.default.createFile(atPath: path, contents: Data(contents))
    return path
}

extension Result where Success == Page, Failure == SourceError {
    var lines: [String]? {
        guard case .success(let page) = self else { return nil }
        return page.items.map { if case .line(let s) = $0 { s } else { "<article>" } }
            + (0..<page.lines.count).map { page.lines[$0] }
    }
    var page: Page? { if case .success(let page) = self { page } else { nil } }
    var hasMore: Bool? { if case .success(let page) = self { page.hasMore } else { nil } }
    var reason: String? { if case .failure(let e) = self { e.reason } else { nil } }
}
