import OpenCombine
import SearchEngine
import TerminalUI

/// Where a feed's items come from. A source loads one page at a time, off the UI thread
/// where the work blocks, and delivers the result on the scheduler it was given.
///
/// `load` returns a publisher that emits exactly one result and completes; cancelling the
/// subscription cancels the work (a running command is killed).
package protocol FeedSource: AnyObject {
    /// Shown in the title bar, e.g. "Demo articles" or a file name.
    var title: String { get }
    /// Identifies the source across runs (the last-updated time is stored under it).
    var stateKey: String { get }
    /// Whether the items are lines (a file, stdin, a command) rather than the demo's articles:
    /// Enter prints the selected one to stdout and exits, End follows the input, and leaving
    /// without a choice in a pipeline exits with 130.
    var isLineSource: Bool { get }
    /// Whether the source can have more than one page (a command's run cannot: it shows no
    /// footer, and its count says more may come only while the run goes on with more to read).
    var hasPages: Bool { get }
    /// Whether a refresh gives back what was shown and more (input that can be read only
    /// once), so the selection and the view stay where they are.
    var keepsPlaceOnRefresh: Bool { get }
    /// Whether loading the rest (End) must go page after page of the usual size rather than
    /// in large requests (a command that pages by page number). False unless a source says so.
    var loadsRestPageByPage: Bool { get }
    /// Whether the source can give its last lines before it has counted them all
    /// (`PageRequest.tail`): End on a large file.
    var readsFromEnd: Bool { get }
    /// Whether the input is watched while shown, so that lines appended to it arrive without a
    /// request (a regular file): following its end waits for more rather than saying there
    /// is none.
    var isWatched: Bool { get }
    /// Loads one page; results are delivered on `scheduler`.
    func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never>
    /// Whether `scanForMatch` may find matches without loading pages (false: it returns nil).
    var scansWithoutLoading: Bool { get }
    /// What happens to the input without a request (lines arriving on a stream, a file that
    /// grows or is replaced), delivered on `scheduler`. The feed answers `.grew` with a
    /// catch-up request (`PageRequest.catchUp`). Empty for sources that only answer requests.
    func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never>
    /// Looks for `pattern` in the lines after the first `loaded` ones without loading them
    /// (reading the input sequentially in large chunks), reporting the fraction done now and
    /// then; nil when the source cannot, and its pages must be loaded and searched instead.
    /// Blocks: call it off the UI thread.
    func scanForMatch(after loaded: Int, pattern: TextPattern, token: CancellationToken,
                      progress: @escaping (Double) -> Void) -> SourceScan?
    /// The user no longer follows the end: input that a request for the rest
    /// (`PageRequest.rest`) made read on to its end reads only ahead of what was asked
    /// again, so a fast producer is not drained into memory. Does nothing by default.
    func stopReadingRest()
}

/// What a search through the lines a source has not loaded yet found.
package enum SourceScan: Equatable, Sendable {
    /// The first match is on line `index` of the source (counting the loaded lines).
    case found(Int)
    case notFound
    case cancelled
}

/// Something that happened to a source's input without a request.
package enum SourceChange: Equatable, Sendable {
    /// Lines arrived, the input ended, or counting a file moved on: ask for what is new.
    case grew
    /// The file was cut shorter, or another file now has its path (log rotation): what is
    /// shown no longer matches it, and the feed reloads.
    case reset(ResetReason)
    /// The file is no longer at its path: what is shown stays, and no more lines come.
    case deleted
}

/// Why a file's lines were reloaded.
package enum ResetReason: Equatable, Sendable {
    case truncated
    case replaced
}

extension FeedSource {
    package var hasPages: Bool { true }
    package var keepsPlaceOnRefresh: Bool { false }
    package var loadsRestPageByPage: Bool { false }
    package var scansWithoutLoading: Bool { false }
    package func scanForMatch(after loaded: Int, pattern: TextPattern, token: CancellationToken,
                             progress: @escaping (Double) -> Void) -> SourceScan? { nil }
    package var readsFromEnd: Bool { false }
    package var isWatched: Bool { false }
    package func stopReadingRest() {}
    package func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        Empty().erased()
    }
}
