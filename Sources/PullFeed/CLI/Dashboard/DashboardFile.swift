import ArgumentParser
import DashboardFormat
#if canImport(Glibc)
import Glibc
#endif

/// `--dashboard FILE`: the file read (by `pullfeed-dashboard`) and made into a `Dashboard`, each
/// value checked by the options' own rules (each key becomes `--KEY=VALUE` and is parsed as the
/// command line is), each error one line that names the file and the line.
///
/// The file's top-level keys are defaults for every source (and the list-wide options), and
/// `sources:` lists the sources, each with exactly one of `command:`, `file:` or
/// `page-command:`. From weakest to strongest: `PULLFEED_DEFAULT_OPTS`, the top-level keys, the
/// command line, a source's own keys.
package enum DashboardFile {
    /// Reads the dashboard at `path`. `commandLine` is pullfeed's arguments (`--dashboard`
    /// among them), `defaultOptions` the words of `PULLFEED_DEFAULT_OPTS`.
    package static func load(path: String, commandLine: [String], defaultOptions: [String] = []) throws(DashboardError) -> Dashboard {
        try load(path: path, commandLine: commandLine, defaultOptions: defaultOptions, reader: DashboardReader.locate())
    }

    /// `load` with the reader program given (nil: there is none).
    static func load(path: String, commandLine: [String], defaultOptions: [String], reader: String?) throws(DashboardError) -> Dashboard {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DashboardError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw DashboardError("\(path): \(String(cString: strerror(EISDIR)))")
        }
        guard let program = reader else {
            throw DashboardError("--dashboard needs \(DashboardReader.programName), which is neither beside pullfeed nor on PATH: "
                                 + "install pullfeed with make install, or build it with swift build", exitCode: 1)
        }
        switch try DashboardReader.read(fd: fd, program: program) {
        case .failure(let problem):
            throw DashboardError(file: path, line: problem.line, problem.message)
        case .success(let document):
            return try make(document, file: path, commandLine: commandLine, defaultOptions: defaultOptions)
        }
    }

    /// Arguments from one place: a key of the file, or the command line (`key` nil, `origin` says
    /// which).
    struct Piece {
        var arguments: [String]
        var key: String?
        var line: Int?
        var origin = ""
    }

    /// The dashboard `document` describes; `file` names it in messages.
    static func make(_ document: DashboardDocument, file: String, commandLine: [String],
                     defaultOptions: [String] = []) throws(DashboardError) -> Dashboard {
        func failure(_ line: Int?, _ message: String) -> DashboardError { DashboardError(file: file, line: line, message) }
        var top: [Piece] = []
        for entry in document.defaults {
            let key = try known(entry, file: file)
            if key.place == .sourceOnly {
                throw failure(entry.line, "'\(entry.key)' is one source's: put it in an item of sources:, not at the top level")
            }
            top.append(try piece(entry, key, file: file))
        }
        guard let sourcesLine = document.sourcesLine else {
            throw failure(nil, "no sources: list them under sources:, each with command:, file: or page-command:")
        }
        guard !document.sources.isEmpty else {
            throw failure(sourcesLine, "sources: is empty: give at least one source (- command: ..., - file: ...)")
        }
        var sources: [(input: Piece, pieces: [Piece])] = []
        for source in document.sources {
            var pieces: [Piece] = []
            for entry in source.entries {
                let key = try known(entry, file: file)
                if key.place == .app {
                    throw failure(entry.line, "'\(entry.key)' is the whole list's: put it at the top level, not in a source")
                }
                pieces.append(try piece(entry, key, file: file))
            }
            let inputs = pieces.filter { DashboardKey.inputs.contains($0.key ?? "") }
            guard let input = inputs.first else {
                throw failure(source.line, "a source needs one of command:, file: or page-command:")
            }
            if inputs.count > 1 {
                throw failure(inputs[1].line, "a source shows one thing: this one has both \(input.key ?? ""): and \(inputs[1].key ?? ""): (give each its own item)")
            }
            sources.append((input, pieces))
        }

        // The list-wide options keep --dashboard (wherever it was given); each source's are
        // parsed without it, as its source comes from the file.
        let app = try check([Piece(arguments: defaultOptions, origin: DefaultOptions.variable)] + top
                            + [Piece(arguments: commandLine, origin: "the command line")], file: file)
        let defaults = Piece(arguments: withoutDashboard(defaultOptions), origin: DefaultOptions.variable)
        let others = Piece(arguments: withoutDashboard(commandLine), origin: "the command line")
        // The sources together: the same file or command twice, standard input twice.
        _ = try check(sources.map(\.input), file: file)
        var specs: [SourceSpec] = []
        for source in sources {
            let options = try check([defaults] + top + [others] + source.pieces, file: file)
            specs.append(SourceSpec(input(of: options), options: options))
        }
        // What works with one source only (--section-by, one --title for all) is checked with
        // every source present; a source's own title is its own.
        if sources.count > 1 {
            let inputs = sources.map(\.input)
            for source in sources {
                let own = source.pieces.filter { !DashboardKey.inputs.contains($0.key ?? "") && $0.key != "title" }
                _ = try check(inputs + [defaults] + top + [others] + own, file: file)
            }
        }
        return Dashboard(app: app, sources: specs)
    }

    private static func known(_ entry: DashboardDocument.Entry, file: String) throws(DashboardError) -> DashboardKey {
        guard let key = DashboardKey.all[entry.key] else {
            throw DashboardError(file: file, line: entry.line, "unknown key '\(entry.key)'")
        }
        return key
    }

    private static func piece(_ entry: DashboardDocument.Entry, _ key: DashboardKey, file: String) throws(DashboardError) -> Piece {
        switch key.arguments(for: entry.value) {
        case .success(let arguments): return Piece(arguments: arguments, key: entry.key, line: entry.line)
        case .failure(let error): throw DashboardError(file: file, line: entry.line, "\(entry.key): \(error.message)")
        }
    }

    /// The options `pieces` give, in order (a later value wins); when they are refused, the
    /// first piece that makes them so is named: `FILE:LINE: KEY: MESSAGE`.
    static func check(_ pieces: [Piece], file: String) throws(DashboardError) -> PullFeedCommand {
        if let command = try? PullFeedCommand.parse(pieces.flatMap(\.arguments)) { return command }
        var arguments: [String] = []
        for piece in pieces {
            arguments += piece.arguments
            do {
                _ = try PullFeedCommand.parse(arguments)
            } catch {
                let message = firstLine(of: error)
                if let key = piece.key { throw DashboardError(file: file, line: piece.line, "\(key): \(message)") }
                throw DashboardError(file: file, line: nil, "with \(piece.origin): \(message)")
            }
        }
        // Not reached: the last prefix is every piece, refused above.
        throw DashboardError(file: file, line: nil, "its options are refused")
    }

    private static func firstLine(of error: Error) -> String {
        PullFeedCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid options"
    }

    /// The source the options name: a dashboard's source has one.
    private static func input(of options: PullFeedCommand) -> SourceSpec.Input {
        if let command = options.command.first { return .command(command) }
        if let path = options.filePaths.first { return path == "-" ? .standardInput : .file(path) }
        return .pageCommand(options.pageCommand ?? "")
    }

    /// The command line without `--dashboard FILE` (its sources come from the file) and without
    /// a last `--` (which would make the file's keys after it file names).
    static func withoutDashboard(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--dashboard" {
                index += 2
                continue
            }
            if !argument.hasPrefix("--dashboard=") { kept.append(argument) }
            index += 1
        }
        if kept.last == "--" { kept.removeLast() }
        return kept
    }
}
