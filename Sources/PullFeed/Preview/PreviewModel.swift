/// What the preview pane shows and which command runs for it, as a value: events come in (the
/// selection changed, the pane was toggled, a debounce timer fired, output arrived, a run
/// ended, the user scrolled) and effects go out (wait, start a run, stop a run), which
/// `PreviewController` carries out. No I/O, no clock: tests drive it as a table.
///
/// Following the selection without running a command per row moved past: the first change
/// after a quiet spell starts its run at once; changes within `debounce` seconds of the last
/// one only re-arm a timer, and the row selected when it fires runs then. A newer selection
/// stops the run in flight. The output shown stays until the new run's first lines (or its
/// end) replace it, so the pane does not flash empty between rows. A request equal to the one
/// shown and complete (same command, same row text) runs nothing: a refresh that left the
/// selected row's text alone does not run the preview again.
package struct PreviewModel: Equatable, Sendable {
    /// What to preview for the selected row.
    package enum Request: Equatable, Sendable {
        /// Run this shell command (placeholders already expanded) for the row with this text.
        case command(String, row: String)
        /// Show these lines (the demo's article), no command.
        case text([String])
    }

    /// How the content came about.
    package enum Status: Equatable, Sendable {
        /// Nothing asked for, or the content is complete.
        case idle, done
        /// A command runs; its output so far is shown (or the previous one, until it prints).
        case running
        /// The command failed: its exit status, and the first line of its stderr.
        case failed(status: Int32, message: String?)
        /// The output reached `maxLines` lines (or its byte limit) and the command was stopped.
        case cut
    }

    /// Something that happened.
    package enum Event: Equatable, Sendable {
        /// The selection, the query or the rows changed: this is what the selected row asks
        /// for now (nil: a row with nothing to preview).
        case select(Request?)
        /// The preview key.
        case toggle
        /// Timer `id` (from `Effect.wait`) fired.
        case timerFired(Int)
        /// Run `run` printed these lines (without their line ends).
        case output(run: Int, lines: [String])
        /// Run `run` ended with this status and the first line of its stderr; `cut`: it was
        /// stopped at the output limit.
        case ended(run: Int, status: Int32, message: String?, cut: Bool)
        /// Scroll by `by` lines in a pane `height` rows high.
        case scroll(by: Int, height: Int)
    }

    /// What the owner must do.
    package enum Effect: Equatable, Sendable {
        /// Send `.timerFired(id)` after `seconds`.
        case wait(id: Int, seconds: Double)
        /// Run `command` off the UI thread; its events carry `run`.
        case start(run: Int, command: String)
        /// Stop run `run` (kill its process group); its later events are ignored.
        case stop(run: Int)
    }

    /// Seconds without a change of selection before the selected row's command runs.
    package static let debounce = 0.1
    /// The most lines of output kept (a command printing more is stopped).
    package static let maxLines = 5_000

    package private(set) var isOpen: Bool
    /// What the selected row asks for.
    package private(set) var wanted: Request?
    /// What the lines were made for (or are being made for, while `status` is `.running`).
    package private(set) var shown: Request?
    package private(set) var lines: [String] = [] {
        didSet { revision &+= 1 }
    }
    /// Changes each time `lines` does (a cheap way to tell that the content changed).
    package private(set) var revision = 0
    /// The first line shown.
    package private(set) var scroll = 0
    package private(set) var status = Status.idle
    /// The lines are an older request's, replaced by the running one's first output (the pane
    /// draws them dim meanwhile).
    package private(set) var stale = false
    /// How many commands were started (benchmarks and tests count them).
    package private(set) var runsStarted = 0

    /// The run in flight.
    private var run: Int?
    /// The debounce timer armed, if any: changes of selection are coming quickly.
    private var timer: Int?
    private var nextID = 0

    package init(isOpen: Bool) {
        self.isOpen = isOpen
    }

    /// Applies `event`; returns what to do.
    package mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .select(let request):
            guard request != wanted else { return [] }
            wanted = request
            return isOpen ? follow(debounced: true) : []
        case .toggle:
            isOpen.toggle()
            if isOpen { return follow(debounced: false) }
            var effects: [Effect] = []
            timer = nil
            if let run {
                effects.append(.stop(run: run))
                self.run = nil
                // Reopened, it runs again.
                shown = nil
                status = .idle
            }
            return effects
        case .timerFired(let id):
            guard id == timer else { return [] }
            timer = nil
            return needsRun ? start() : []
        case .output(let id, let new):
            guard id == run else { return [] }
            dropStale()
            lines.append(contentsOf: new.prefix(Self.maxLines - lines.count))
            return []
        case .ended(let id, let code, let message, let cut):
            guard id == run else { return [] }
            run = nil
            dropStale()
            status = cut ? .cut : code == 0 ? .done : .failed(status: code, message: message)
            return []
        case .scroll(let delta, let height):
            scroll = max(0, min(scroll + delta, lines.count - max(1, height)))
            return []
        }
    }

    /// Brings the content to `wanted`: text at once; a command at once after a quiet spell
    /// (or when `debounced` is false), else when the timer fires.
    private mutating func follow(debounced: Bool) -> [Effect] {
        var effects: [Effect] = []
        if let run, shown != wanted {
            effects.append(.stop(run: run))
            self.run = nil
        }
        switch wanted {
        case nil:
            (lines, scroll, shown, status, stale) = ([], 0, nil, .idle, false)
        case .text(let text)?:
            (lines, scroll, shown, status, stale) = (Array(text.prefix(Self.maxLines)), 0, wanted, .done, false)
        case .command?:
            guard needsRun else { break }
            if debounced, timer != nil {
                effects.append(arm())
            } else {
                effects += start()
                if debounced { effects.append(arm()) }
            }
        }
        return effects
    }

    /// Whether `wanted` is a command whose output is not shown, complete or on its way.
    private var needsRun: Bool {
        guard case .command? = wanted else { return false }
        if shown == wanted, run != nil || status != .running { return false }
        return true
    }

    private mutating func arm() -> Effect {
        nextID += 1
        timer = nextID
        return .wait(id: nextID, seconds: Self.debounce)
    }

    private mutating func start() -> [Effect] {
        guard case .command(let command, _)? = wanted else { return [] }
        var effects: [Effect] = []
        if let run { effects.append(.stop(run: run)) }
        nextID += 1
        run = nextID
        runsStarted += 1
        shown = wanted
        status = .running
        stale = true
        effects.append(.start(run: nextID, command: command))
        return effects
    }

    private mutating func dropStale() {
        guard stale else { return }
        (lines, scroll, stale) = ([], 0, false)
    }
}
