import PullToRefresh
import SearchEngine

/// One source the app shows, with the options that are its own: where its lines come from, its
/// title (a section header when there are several), its schedule, identity, header lines,
/// limits and alert. The command line gives every source the same options; a dashboard file
/// gives each its own.
package struct SourceSpec: Sendable {
    /// Where a source's lines come from.
    package enum Input: Equatable, Sendable {
        case file(String)
        case standardInput
        /// `/bin/sh -c` this, its output a stream or one run per refresh.
        case command(String)
        /// `/bin/sh -c` this, once per page (`--page-command`).
        case pageCommand(String)
        /// The demo's articles.
        case demo
    }

    package var input: Input
    /// The section header's name: `--title`, else the path or the command as given.
    package var title: String
    /// The title was given (`--title`, `title:`), not made from the path or the command.
    package var titleIsGiven = false
    package var every: Double?
    /// How long one run may take (0: no limit).
    package var timeout: Double
    package var identity: LineIdentity
    /// What separates its fields (`--delimiter`; nil: runs of blanks).
    package var delimiter: String?
    package var headerLines: Int
    package var pageSize: Int
    package var maxDisk: Int
    /// New lines that match it ring the bell (`--alert`).
    package var alert: TextPattern?
    /// What names the sections of its lines (`--section-by`, one source only).
    package var sectionPattern: CapturePattern?
    package var sectionStarts: Bool

    /// The source `input` with `command`'s options.
    package init(_ input: Input, options command: PullFeedCommand) {
        self.input = input
        switch input {
        case .file(let path): title = path
        case .standardInput: title = "-"
        case .command(let text), .pageCommand(let text): title = text
        case .demo: title = "demo"
        }
        if let given = command.title {
            title = given
            titleIsGiven = true
        }
        every = command.every
        let streams = if case .command = input { true } else { false }
        timeout = command.runTimeout(streams: streams)
        identity = command.lineIdentity
        delimiter = command.delimiter
        headerLines = command.headerLines
        pageSize = command.pageSize
        maxDisk = command.maxDisk
        alert = command.alert.flatMap { try? TextPattern($0, syntax: .regularExpression) }
        sectionPattern = command.sectionPattern
        sectionStarts = command.sectionStarts
    }

    /// The sources `command` names, in the order `arguments` gives them (files, `-`, commands and
    /// a page command mixed as typed); with none, standard input when it is piped, else the demo.
    package static func sources(of command: PullFeedCommand, arguments: [String], stdinIsTerminal: Bool) -> [SourceSpec] {
        var named: [(position: Int, input: Input)] = []
        for path in command.filePaths {
            named.append((position(of: path, options: ["--file"], in: arguments), path == "-" ? .standardInput : .file(path)))
        }
        for text in command.command {
            named.append((position(of: text, options: ["--command", "-c"], in: arguments), .command(text)))
        }
        if let text = command.pageCommand {
            named.append((position(of: text, options: ["--page-command"], in: arguments), .pageCommand(text)))
        }
        if named.isEmpty { named = [(0, stdinIsTerminal ? .demo : .standardInput)] }
        // A stable sort: values not found among the arguments (given by PULLFEED_DEFAULT_OPTS)
        // keep their kind's order, first.
        let ordered = named.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
        return ordered.map { SourceSpec($0.element.input, options: command) }
    }

    /// Where `value` is typed in `arguments`: as a word of its own, or after `option=`; -1 when it
    /// is not there.
    private static func position(of value: String, options: [String], in arguments: [String]) -> Int {
        for (index, argument) in arguments.enumerated() {
            if argument == value { return index }
            if options.contains(where: { argument == $0 + "=" + value }) { return index }
            if options.contains("-c"), argument == "-c" + value { return index }
        }
        return -1
    }

    /// The source that reads the lines, with its header lines taken apart.
    package func makeSource(latency: Double = PullFeedCommand.Defaults.latency, failRate: Double = 0,
                            seed: UInt64 = PullFeedCommand.Defaults.seed) -> FeedSource {
        let spill = SpillSettings.fromEnvironment(maxDisk: maxDisk)
        var source: FeedSource
        switch input {
        case .file(let path): source = FileSource(path: path, spill: spill)
        case .standardInput: source = StdinSource(spill: spill)
        case .command(let text): source = CommandSource(command: text, paged: false, timeout: timeout, spill: spill)
        case .pageCommand(let text): source = CommandSource(command: text, paged: true, timeout: timeout, spill: spill)
        case .demo: source = DemoSource(latency: latency, failRate: failRate, seed: seed)
        }
        if headerLines > 0 { source = HeaderLinesSource(source, count: headerLines) }
        return source
    }
}
