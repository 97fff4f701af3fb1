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
import TerminalUI

/// Items from a shell command's output, one per stdout line.
///
/// With `paged == false` (`--command`) the command is run once per refresh and its output is
/// streamed: lines show as they come, for as long as it runs (`CommandRun`). With `paged == true` (`--page-command`) it runs once per page with
/// `PULLFEED_OFFSET`, `PULLFEED_LIMIT` and `PULLFEED_PAGE` (from 0) in its environment, and a
/// page shorter than the limit means there is no more data.
///
/// A command's stdout is its result whatever its exit status (`diff`, `grep` without a match,
/// `ls` of a missing path all exit non-zero): a non-zero exit adds `Page.exit`. Only a command
/// that printed nothing on stdout and failed, or that timed out, is a failed request, whose
/// reason is the first line of stderr.
package final class CommandSource: FeedSource {
    package let command: String
    package let paged: Bool
    package let timeout: Double
    /// How a run's output is kept (in memory, then on disk).
    package let spill: SpillSettings
    package var title: String { command }
    package var stateKey: String { (paged ? "page-command:" : "command:") + command }
    package let isLineSource = true
    /// A paged command is asked for page after page of the usual size, so that
    /// `PULLFEED_PAGE` always counts pages of `PULLFEED_LIMIT` lines.
    package var loadsRestPageByPage: Bool { paged }

    let queue = DispatchQueue(label: "pullfeed.command-source", attributes: .concurrent)
    private let relay = ChangeRelay()
    /// The `--command` run whose output is shown.
    private let running = Locked<CommandRun?>(nil)

    /// How long the output of a run without a time limit must pause before a refresh takes what
    /// came as its result (more may follow: it arrives as it comes).
    static let pauseSeconds = 0.5

    package init(command: String, paged: Bool, timeout: Double, spill: SpillSettings = .fromEnvironment()) {
        self.command = command
        self.paged = paged
        self.timeout = timeout
        self.spill = spill
    }

    package func changes(on scheduler: LoopScheduler) -> AnyPublisher<SourceChange, Never> {
        relay.changes(on: scheduler)
    }

    package func stopReadingRest() {
        running.withLock { $0 }?.store.stopReadingRest()
    }

    deinit {
        running.withLock { $0?.stop() }
    }

    package func load(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        paged ? loadPage(request, on: scheduler) : loadStream(request, on: scheduler)
    }

    /// `--command`: a refresh kills the run in progress and starts the command again. The first
    /// load offers the first lines as soon as the output pauses, and the rest as they come; a
    /// refresh of what is shown answers with the run's whole output (`PageRequest.refresh`),
    /// however the command writes it. `--timeout` limits the whole run; without a limit (0) the
    /// run may never end (`tail -f`), and a refresh answers once it ends or its output pauses
    /// for `pauseSeconds` while none of its processes is at work (a command slowed by a loaded
    /// machine has not paused: `seq 1 200000` was judged part way).
    private func loadStream(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let process = Subprocess(command: command, environment: [:], timeout: timeout)
        let relay = relay
        let running = running
        let timeout = timeout
        let spill = spill
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            let run: CommandRun
            var startsRun = false
            var whole = false
            if case .refresh(_, let wholeResult, _) = request {
                startsRun = true
                whole = wholeResult
            }
            var previous: CommandRun?
            if startsRun {
                previous = running.withLock { $0 }
                previous?.stop()
                do throws(SourceError) {
                    run = try CommandRun(process, spill: spill) { relay.send(.grew) }
                } catch {
                    return .failure(error)
                }
                running.withLock { $0 = run }
                token.onCancel { run.stop() }
                run.killIfRunning(after: timeout)
                run.store.waitForOutput(request, token: token)
            } else if let current = running.withLock({ $0 }) {
                run = current
            } else {
                return .failure(SourceError("cancelled"))
            }
            // A new run whose output is no result (it failed, timed out in a refresh, or was
            // cancelled): what is shown stays, and so does the run it came from, so that lines
            // the new run writes later are not taken for the shown run's.
            let rejected = { [previous] (error: SourceError) -> Result<Page, SourceError> in
                if startsRun { running.withLock { if $0 === run { $0 = previous } } }
                return .failure(error)
            }
            var request = request
            if whole { request = request.asking(offset: 0, limit: max(request.limit, request.linesShown)) }
            if whole, timeout == 0 {
                // The reader reads at least as far as the lines shown before it holds, so that
                // the hold (which ends the wait) never cuts the result short of them.
                run.store.waitForOutput(request, token: token)
                run.store.waitForEndOrPause(of: Self.pauseSeconds, token: token, isWorking: run.isWorking)
            }
            do throws(SourceError) {
                var page = try run.store.page(request, token: token, whole: whole && timeout > 0)
                guard !page.isOpen, let output = run.output, run.tellsExit() else { return .success(page) }
                if run.didTimeOut {
                    let failure = SourceError("command timed out after \(Subprocess.format(timeout)) s")
                    // A refresh's partial output is no result.
                    if startsRun, whole || page.lines.isEmpty { return rejected(failure) }
                    page.failure = failure
                } else if output.status != 0 {
                    if startsRun, page.lines.isEmpty { return rejected(SourceError(Subprocess.failureReason(output))) }
                    page.exit = CommandExit(status: output.status, message: Subprocess.firstStderrLine(output))
                }
                return .success(page)
            } catch {
                return rejected(error)
            }
        }
    }

    /// `--page-command`: one run per page, of which only the page's lines are kept.
    private func loadPage(_ request: PageRequest, on scheduler: LoopScheduler) -> AnyPublisher<Result<Page, SourceError>, Never> {
        let environment = [
            "PULLFEED_OFFSET": String(request.offset),
            "PULLFEED_LIMIT": String(request.limit),
            "PULLFEED_PAGE": String(request.page),
        ]
        let process = Subprocess(command: command, environment: environment, timeout: timeout)
        return BackgroundLoad.run(on: queue, deliverOn: scheduler) { token in
            if case .catchUp = request { return .success(Page(lines: LineList(), hasMore: true)) }
            switch process.run(token: token, maxLines: request.limit + 1) {
            case .failure(let error):
                return .failure(error)
            case .success(let output):
                if output.status != 0, output.stdout.isEmpty {
                    return .failure(SourceError(Subprocess.failureReason(output)))
                }
                var lines = LineList(splitting: output.stdout)
                let hasMore = lines.count >= request.limit
                lines = lines.prefix(request.limit)
                var page = Page(lines: lines, hasMore: hasMore)
                if output.status != 0 {
                    page.exit = CommandExit(status: output.status, message: Subprocess.firstStderrLine(output))
                }
                return .success(page)
            }
        }
    }
}
