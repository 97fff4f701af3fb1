import Dispatch
import OpenCombine
import TerminalUI

/// Grouping a line source's lines into sections (`--section-by`, `--section-start`): pages are named as they
/// come (off the UI thread when large), and a page that no longer follows the lines shown is
/// left out. Every line loads so that each section is whole: the goal `LoadGoals.groupsRest`.
extension SourceReactor {
    /// Lines per page named on the UI thread (`--section-by`); larger pages are named on
    /// another thread before they are delivered.
    package static let inlineNamingLimit = 4_096
    static let namingQueue = DispatchQueue(label: "pullfeed.sections", qos: .userInitiated)

    /// A page from the source, its lines named when they are grouped into sections.
    func load(_ request: PageRequest) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let loaded = source.load(request, on: scheduler)
        guard let pattern = sectionPattern else { return loaded }
        let scheduler = scheduler
        let starts = sectionStarts
        return loaded.flatMap { result -> AnyPublisher<Result<Page, SourceError>, Never> in
            guard case .success(let page) = result, page.items.isEmpty, !page.lines.isEmpty else { return Just(result).erased() }
            let name = { @Sendable () -> Page in
                var named = page
                // Numbered from where the page belongs (counting dropped lines): a page that no
                // longer follows the lines shown is left out (`follows(_:)`).
                named.sections = SectionBatch(naming: page.lines, range: 0..<page.lines.count, by: pattern,
                                              firstLine: request.offset + request.dropped, starts: starts)
                return named
            }
            guard page.lines.count > Self.inlineNamingLimit else { return Just(.success(name())).erased() }
            return BackgroundLoad.run(on: Self.namingQueue, deliverOn: scheduler) { _ in .success(name()) }
        }
        .erased()
    }

    /// Whether a page of grouped lines starts where the lines shown end. One asked for from an
    /// earlier end (a catch-up and a load for the rest that crossed) would group lines twice.
    func follows(_ page: Page, _ state: State) -> Bool {
        guard let batch = page.sections else { return true }
        return batch.firstLine == state.dropped + state.lines.count
    }
}
