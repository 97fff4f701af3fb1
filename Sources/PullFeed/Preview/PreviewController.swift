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

/// Carries out the preview model's effects: arms its debounce timers on the UI scheduler
/// (virtual time in tests), starts and stops its runs through a `PreviewRunning`, and feeds
/// back what they print. The feed screen tells it what the selected row asks for
/// (`select(_:)`), and draws the model it holds.
final class PreviewController {
    let settings: PreviewSettings
    private(set) var model: PreviewModel
    private let runner: PreviewRunning
    private let scheduler: LoopScheduler
    private var stops: [Int: () -> Void] = [:]
    /// Runs asked for whose command is not started yet.
    private var starting: Set<Int> = []
    /// The pane's text area when last laid out, told to commands as `PULLFEED_PREVIEW_COLUMNS`
    /// and `PULLFEED_PREVIEW_LINES`.
    var paneSize = (columns: 0, lines: 0)
    /// Called when what the pane shows changed.
    var onNeedsRender: () -> Void = {}

    init(settings: PreviewSettings, runner: PreviewRunning, scheduler: LoopScheduler) {
        self.settings = settings
        self.runner = runner
        self.scheduler = scheduler
        model = PreviewModel(isOpen: !settings.window.startsHidden)
    }

    deinit {
        for stop in stops.values { stop() }
    }

    /// The layout of `screen` with the pane as it is now (open or closed).
    func layout(screen: ScreenLayout) -> PreviewLayout {
        model.isOpen ? PreviewLayout(screen: screen, window: settings.window) : PreviewLayout(screen: screen)
    }

    /// Applies `event` and carries out what it asks for.
    func send(_ event: PreviewModel.Event) {
        // What the pane shows, compared without copying the lines (a copy held across `handle`
        // would make each batch of output copy them all).
        func shown(_ m: PreviewModel) -> (Bool, PreviewModel.Request?, Int, Int, PreviewModel.Status) {
            (m.isOpen, m.shown, m.revision, m.scroll, m.status)
        }
        let before = shown(model)
        let effects = model.handle(event)
        for effect in effects { perform(effect) }
        if shown(model) != before { onNeedsRender() }
    }

    private func perform(_ effect: PreviewModel.Effect) {
        switch effect {
        case .wait(let id, let seconds):
            let delay = LoopScheduler.SchedulerTimeType.Stride.nanoseconds(Int(seconds * 1_000_000_000))
            scheduler.schedule(after: scheduler.now.advanced(by: delay)) { [weak self] in self?.send(.timerFired(id)) }
        case .start(let run, let command):
            // After the frame that the key which asked for it brings: the command's start
            // (another process on the machine's cores) never delays the list.
            starting.insert(run)
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1))) { [weak self] in
                guard let self, self.starting.remove(run) != nil else { return }
                self.start(command, run: run)
            }
        case .stop(let run):
            starting.remove(run)
            stops.removeValue(forKey: run)?()
        }
    }

    private func start(_ command: String, run: Int) {
        let environment = ["PULLFEED_PREVIEW_COLUMNS": String(paneSize.columns), "PULLFEED_PREVIEW_LINES": String(paneSize.lines)]
        stops[run] = runner.start(command, run: run, environment: environment) { [weak self] event in
            if case .ended(let run, _, _, _) = event { self?.stops[run] = nil }
            self?.send(event)
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
