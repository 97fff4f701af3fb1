#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TerminalUI

/// What the preview needs from the command line: the command template (nil: only rows that
/// carry their own text, the demo's articles, preview) and the pane's place.
package struct PreviewSettings: Sendable, Equatable {
    package var template: RowTemplate?
    package var window: PreviewWindow

    package init(template: RowTemplate?, window: PreviewWindow = PreviewWindow()) {
        self.template = template
        self.window = window
    }
}

/// Runs the preview model on an `EventRuntime`: its debounce timer is the runtime's, its runs
/// are the runtime's jobs, started through a `PreviewRunning` and stopped by cancelling them, and
/// a render follows every event. The feed screen tells it what the selected row asks for
/// (`send(.select(_:))`), and draws the model it holds.
final class PreviewController {
    let settings: PreviewSettings
    private(set) var model: PreviewModel
    private let runner: PreviewRunning
    /// Runs the model: its timer, its runs, a render after every event.
    let runtime: EventRuntime<PreviewModel.Event, Job>
    /// The pane's text area when last laid out, told to commands as `PULLFEED_PREVIEW_COLUMNS`
    /// and `PULLFEED_PREVIEW_LINES`.
    var paneSize = (columns: 0, lines: 0)

    /// What the runtime holds: the debounce timer, and each run by its number.
    enum Job: Hashable {
        case debounce
        case run(Int)
    }

    init(settings: PreviewSettings, runner: PreviewRunning, scheduler: LoopScheduler) {
        self.settings = settings
        self.runner = runner
        model = PreviewModel(isOpen: !settings.window.startsHidden)
        runtime = EventRuntime(scheduler: scheduler, label: "pullfeed.preview")
        runtime.handler = { [unowned self] event in
            for effect in model.handle(event) { perform(effect) }
        }
    }

    /// The layout of `screen` with the pane as it is now (open or closed).
    func layout(screen: ScreenLayout) -> PreviewLayout {
        model.isOpen ? PreviewLayout(screen: screen, window: settings.window) : PreviewLayout(screen: screen)
    }

    /// Applies `event` and carries out what it asks for; a render follows.
    func send(_ event: PreviewModel.Event) {
        runtime.send(event)
    }

    private func perform(_ effect: PreviewModel.Effect) {
        switch effect {
        case .wait(let id, let seconds):
            runtime.send(.timerFired(id), after: seconds, as: .debounce)
        case .start(let run, let command):
            // After the frame that the key which asked for it brings: the command's start
            // (another process on the machine's cores) never delays the list.
            runtime.start(.run(run), after: 0.001) { [unowned self] job in
                let environment = ["PULLFEED_PREVIEW_COLUMNS": String(paneSize.columns), "PULLFEED_PREVIEW_LINES": String(paneSize.lines)]
                return runner.start(command, run: run, environment: environment) { event in
                    if case .ended = event { job.finish(event) } else { job.send(event) }
                }
            }
        case .stop(let run):
            runtime.cancel(.run(run))
        }
    }

    /// What the selected row asks the preview for: a line source's line runs the template
    /// (with `query` for `{q}` and the `marked` rows' lines for `{+}`).
    static func request(line: String, query: String, marked: [String] = [], template: RowTemplate?) -> PreviewModel.Request? {
        guard let template else { return nil }
        return .command(template.command(row: line, query: query, marked: marked), row: line)
    }

    /// The demo's preview of an article: its header line, its title in bold, its text and its
    /// comments.
    static func request(article state: ArticleSectionReactor.State, strings: AppStrings) -> PreviewModel.Request {
        let article = state.article
        var lines = [state.headerText(strings: strings), "", "\u{1B}[1m\(article.title)\u{1B}[0m", ""]
        lines += article.body
        if !article.comments.isEmpty { lines.append("") }
        lines += article.comments.map { "\(strings.commentMarker) \($0.author): \($0.text)" }
        return .text(lines)
    }
}
