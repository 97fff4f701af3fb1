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

/// Items from a shell command's output, one per stdout line.
///
/// With `paged == false` (`--command`) the command is run once per refresh and its whole
/// output is one page. With `paged == true` (`--page-command`) it runs once per page with
/// `PULLFEED_OFFSET`, `PULLFEED_LIMIT` and `PULLFEED_PAGE` (from 0) in its environment, and a
/// page shorter than the limit means there is no more data.
///
/// A command's stdout is its result whatever its exit status (`diff`, `grep` without a match,
/// `ls` of a missing path all exit non-zero): a non-zero exit adds `Page.exit`. Only a command
/// that printed nothing on stdout and failed, or that timed out, is a failed request, whose
/// reason is the first line of stderr.
public final class CommandSource: FeedSource {
    public let command: String
    public let paged: Bool
    public let timeout: Double
    public var title: String { command }
    public var stateKey: String { (paged ? "page-command:" : "command:") + command }
    public let printsSelection = true
    /// A paged command is asked for page after page of the usual size, so that
    /// `PULLFEED_PAGE` always counts pages of `PULLFEED_LIMIT` lines.
    public var loadsRestPageByPage: Bool { paged }

    let queue = DispatchQueue(label: "pullfeed.command-source", attributes: .concurrent)

    public init(command: String, paged: Bool, timeout: Double) {
        self.command = command
        self.paged = paged
        self.timeout = timeout
    }

    public func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let environment = paged ? [
            "PULLFEED_OFFSET": String(request.offset),
            "PULLFEED_LIMIT": String(request.limit),
            "PULLFEED_PAGE": String(request.page),
        ] : [:]
        let process = Subprocess(command: command, environment: environment, timeout: timeout)
        let paged = paged
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            switch process.run(token: token) {
            case .failure(let error):
                return .failure(error)
            case .success(let output):
                if output.status != 0, output.stdout.isEmpty {
                    return .failure(SourceError(Subprocess.failureReason(output)))
                }
                var lines = LineList(splitting: output.stdout)
                let hasMore = paged && lines.count >= request.limit
                if paged { lines = lines.prefix(request.limit) }
                var page = Page(lines: lines, hasMore: hasMore)
                if output.status != 0 {
                    page.exit = CommandExit(status: output.status, message: Subprocess.firstStderrLine(output))
                }
                return .success(page)
            }
        }
    }
}
