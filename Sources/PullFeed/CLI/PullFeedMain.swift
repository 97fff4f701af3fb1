import ArgumentParser
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
import PullToRefresh
import Reactors
import CursesBackend
import TerminalUI

/// Runs `pullfeed`: parses the command line, picks the source, opens the terminal, runs the
/// main loop, restores the terminal, and prints the chosen line (if any) to stdout.
///
/// Exit codes: 0 ok, 1 runtime error (no terminal, …), 2 usage error, 128 + signal when
/// interrupted (130 for Ctrl-C), and 130 when a line source is left without a choice while
/// stdout is not a terminal (a pipeline waits for a choice and must not take "" for one).
public enum PullFeedMain {
    public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        let command: PullFeedCommand
        let environment = ProcessEnvironment.current()
        HelpText.settle(arguments: arguments, environment: environment)
        if let shell = completionShell(in: arguments) {
            print(CompletionScript.script(for: shell))
            return 0
        }
        // A completion script asked for with a shell it does not know is the library's to refuse.
        PullFeedCommand.parsingOnly = !mentionsCompletionScript(arguments + [environment[DefaultOptions.variable] ?? ""])
        do {
            command = try DefaultOptions.parse(arguments, environment: environment,
                                               stdinIsPiped: isatty(STDIN_FILENO) == 0)
            PullFeedCommand.parsingOnly = false
        } catch {
            PullFeedCommand.parsingOnly = false
            let code = PullFeedCommand.exitCode(for: error)
            if code == .success {
                print(PullFeedCommand.fullMessage(for: error))
                return 0
            }
            let message = PullFeedCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            printError("pullfeed: \(message) (see 'pullfeed --help')")
            return 2
        }
        return run(command, arguments: arguments, environment: environment)
    }

    /// Whether a word of `texts` asks for a completion script (or might: the variable's value
    /// is looked at whole). Compared byte by byte: `String.contains` costs the start-up a tenth
    /// of a millisecond, setting up the string-processing library's generic search.
    private static func mentionsCompletionScript(_ texts: [String]) -> Bool {
        let flag = Array("--generate-completion-script".utf8)
        return texts.contains { text in
            let bytes = Array(text.utf8)
            guard bytes.count >= flag.count else { return false }
            return (0...(bytes.count - flag.count)).contains { bytes[$0..<$0 + flag.count].elementsEqual(flag) }
        }
    }

    /// The shell `--generate-completion-script [SHELL]` asks for (named, else the user's), or nil
    /// when the arguments do not ask for one or name a shell the library does not know (its
    /// parser then says so).
    private static func completionShell(in arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument.hasPrefix(flag + "=") { return CompletionShell(rawValue: String(argument.dropFirst(flag.count + 1))) }
            guard argument == flag else { continue }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if let next, !next.hasPrefix("-") { return CompletionShell(rawValue: next) }
            return CompletionShell.autodetected()
        }
        return nil
    }

    static func run(_ command: PullFeedCommand, arguments: [String] = [],
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        if command.history.list || command.history.shown != nil { return HistoryCommandLine.run(command.history, environment: environment) }
        let stdinIsTerminal = isatty(STDIN_FILENO) != 0
        // A dashboard file gives the sources and the list-wide options, read before the terminal opens.
        var command = command
        var dashboardSources: [SourceSpec]?
        if let file = command.dashboard {
            switch loadDashboard(file, arguments: arguments, environment: environment) {
            case .success(let dashboard): (command, dashboardSources) = (dashboard.app, dashboard.sources)
            case .failure(let error): printError("pullfeed: \(error)"); return error.exitCode
            }
        }
        var options = FeedScreen.Options()
        options.language = command.lang.flatMap(RefreshLanguage.init(identifier:)) ?? RefreshLanguage.detect(environment: environment)
        let strings = AppStrings(language: options.language)
        let specs = dashboardSources ?? SourceSpec.sources(of: command, arguments: arguments, stdinIsTerminal: stdinIsTerminal)
        // One file that cannot be read is one line on stderr; among several, its section says why.
        for spec in specs {
            let path: String
            switch spec.input {
            case .file(let file): path = file
            case .standardInput: path = "-"
            default: continue
            }
            // Standard input that is the terminal cannot be a source, among several too.
            guard specs.count == 1 || path == "-" else { continue }
            if let problem = SourceCheck.problem(openingFile: path, stdinIsTerminal: stdinIsTerminal, strings: strings) {
                printError("pullfeed: \(problem)")
                return 1
            }
        }
        let sources = specs.map { $0.makeSource(latency: command.latency, failRate: command.failRate, seed: command.seed) }
        let source = sources[0]
        options.footer = command.footer
        options.releaseDelay = command.releaseDelay
        options.colors = !command.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        options.multi = command.multi
        options.wrap = command.wrap
        options.lineNumbers = command.lineNumbers
        options.fuzzy = command.fuzzy
        options.sortsFuzzy = !command.noSort
        options.bindings = command.bindings
        if specs.count > 1 { options.sourceDelimiters = specs.map(\.delimiter) }
        // The demo's articles preview without a command: in the pane --preview-window asks for,
        // else on the right, closed until `v`.
        options.preview = command.previewSettings ?? (source is DemoSource
            ? PreviewSettings(template: nil, window: command.previewWindow ?? PreviewWindow(position: .right, extent: .percent(50), startsHidden: true))
            : nil)

        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal.open(colors: options.colors, mouse: !command.noMouse, environment: environment)
        } catch {
            printError("pullfeed: \(error)")
            return 1
        }
        options.unicode = terminal.isUnicode

        let loop = MainLoop()
        // Before the first frame: a SIGUSR1 sent at any moment from now on refreshes.
        TerminalGuard.forwardUserSignals()
        let scheduler = loop.scheduler
        let store = LastUpdatedStore.standard(environment: environment)
        // Told on the history's queue, once; the toast is the UI thread's (the list's, once it is there).
        let toasts = Locked<ActionSubject<FeedReactor.Action>?>(nil)
        let history = HistorySession(options: command.history, specs: specs, environment: environment) { error in
            scheduler.schedule { toasts.withLock { $0 }?.send(.toast(.historyOff(reason: error.reason))) }
        }
        let lastUpdated = store.dates(for: sources.map(\.stateKey))
        let sourceReactors = zip(specs, sources).enumerated().map { index, pair in
            let (spec, source) = pair
            return SourceReactor(source: source, pageSize: spec.pageSize, scheduler: scheduler, lastUpdated: lastUpdated[index],
                                 identity: spec.identity, sectionPattern: spec.sectionPattern, sectionStarts: spec.sectionStarts,
                                 every: spec.every, alert: spec.alert, followsEnd: specs.count > 1, history: history.browsers[index])
        }
        let reactor = FeedReactor(sources: sourceReactors, titles: specs.count == 1 && !specs[0].titleIsGiven ? [source.title] : specs.map(\.title),
                                  scheduler: scheduler)
        let screen = FeedScreen(scheduler: scheduler, options: options)
        var chosen: [UInt8]?
        screen.onRender = { loop.setNeedsRender() }
        let quitCode: Int32 = sources.allSatisfy(\.isLineSource) && isatty(STDOUT_FILENO) == 0 ? 130 : 0
        screen.onQuit = { loop.stop(exitCode: quitCode) }
        screen.onRedraw = { terminal.invalidate() }
        screen.onBell = { terminal.bell() }
        loop.onInterrupt = { screen.interrupt() }
        screen.onChoose = { line in
            chosen = line
            loop.stop(exitCode: 0)
        }
        screen.boundActions.commands = ShellCommandRunner(scheduler: scheduler) { [weak screen] body in
            let status = terminal.runOutside(body)
            screen?.handle(.resize(terminal.handleResize()))
            return status
        }
        screen.reactor = reactor
        // A signal comes from outside the list: it refreshes every source, as `R` does.
        loop.onUserSignal = { _ in screen.perform(.refreshAll) }
        let kept = KeptAcrossRuns(sources: sourceReactors, stateKeys: sources.map(\.stateKey), store: store,
                                  recorders: history.recorders, scheduler: scheduler)
        toasts.withLock { $0 = reactor.action }

        // The list must know its height before a fast first page arrives (else it scrolls
        // as if the screen had no rows, hiding the first section header).
        screen.handle(.resize(terminal.size))
        reactor.action.send(.refresh)
        let code = loop.run(terminal: terminal, handle: screen.handle, render: screen.render)
        TerminalGuard.stopForwardingUserSignals()
        terminal.restore()
        if let term = terminal.substitutedTerm {
            printError("pullfeed: " + strings.text(.termFallback, term, CursesTerminal.fallbackTerm))
        }
        ProcessGroups.killAll()
        kept.finish()
        screen.reactor = nil
        store.flush()
        history.flush()

        if code == 0, let chosen {
            writeAll(STDOUT_FILENO, chosen + [UInt8(ascii: "\n")])
        }
        return code
    }

    /// The dashboard `file` names, with the command line's options and `PULLFEED_DEFAULT_OPTS`'s,
    /// parsed as lightly as the command line is.
    private static func loadDashboard(_ file: String, arguments: [String], environment: [String: String]) -> Result<Dashboard, DashboardError> {
        PullFeedCommand.parsingOnly = true
        defer { PullFeedCommand.parsingOnly = false }
        let defaults = (try? DefaultOptions.words(of: environment[DefaultOptions.variable] ?? "")) ?? []
        return Result { () throws(DashboardError) in try DashboardFile.load(path: file, commandLine: arguments, defaultOptions: defaults) }
    }

    static func printError(_ line: String) {
        writeAll(STDERR_FILENO, line + "\n")
    }
}
