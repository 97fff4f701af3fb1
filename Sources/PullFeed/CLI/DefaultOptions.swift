import ArgumentParser

/// `PULLFEED_DEFAULT_OPTS`: options applied before the command line's, as `FZF_DEFAULT_OPTS` is
/// for fzf.
///
/// The value is split into words as a shell splits them (single and double quotes, backslash
/// escapes; no expansion of variables or globs) and put before the arguments, so an option
/// given in both takes the command line's value, and a flag in either is set. A source is the
/// exception: one in the variable and one on the command line is a usage error, as two sources on
/// the command line are. Every error in the variable is a `ValidationError` that names it.
enum DefaultOptions {
    static let variable = "PULLFEED_DEFAULT_OPTS"

    /// Why a value cannot be split into words.
    struct SplitError: Error, Equatable {
        let message: String
    }

    /// The words of `text`, as `sh` splits them: blanks separate words; in `'…'` every character
    /// is itself; in `"…"` a backslash escapes only `\`, `"`, `$`, `` ` `` and a newline; outside
    /// quotes a backslash makes the next character plain, and a backslash-newline is removed.
    static func split(_ text: String) throws(SplitError) -> [String] {
        // Scalars, not characters: "\r\n" is one Character, and a combining mark would join the
        // quote or backslash before it.
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(String(word)) }
                word = String.UnicodeScalarView()
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = scalars.next() else { throw SplitError(message: "a ' quote is not closed") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = scalars.next() else { throw SplitError(message: "a \" quote is not closed") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = scalars.next() else { throw SplitError(message: "a \" quote is not closed") }
                        switch escaped {
                        case "\\", "\"", "$", "`": word.append(escaped)
                        case "\n": break
                        default: word.append("\\"); word.append(escaped)
                        }
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let escaped = scalars.next() else { throw SplitError(message: "it ends with a backslash") }
                if escaped != "\n" {
                    inWord = true
                    word.append(escaped)
                }
            default:
                inWord = true
                word.append(scalar)
            }
        }
        if inWord { words.append(String(word)) }
        return words
    }

    /// The command for `arguments` with the options of `PULLFEED_DEFAULT_OPTS` in `environment`
    /// applied first. The command line is parsed on its own first, so its own errors, `--help`
    /// and `--version` come out as they would without the variable. `stdinIsPiped`: standard
    /// input is a source too, so a source in the variable would silently take its place.
    static func parse(_ arguments: [String], environment: [String: String], stdinIsPiped: Bool = false) throws -> PullFeedCommand {
        let given = try PullFeedCommand.quickParse(arguments) ?? PullFeedCommand.parse(arguments)
        guard let value = environment[variable], !value.allSatisfy(\.isWhitespace) else { return given }
        let defaults = try words(of: value)
        let fromDefaults: PullFeedCommand
        do {
            fromDefaults = try PullFeedCommand.parse(defaults)
        } catch {
            if PullFeedCommand.exitCode(for: error) == .success {
                throw ValidationError("\(variable) cannot hold --help or --version")
            }
            throw ValidationError("\(variable): \(firstLine(of: error))")
        }
        if let theirs = source(of: fromDefaults) {
            if let ours = source(of: given) {
                throw ValidationError("choose one source: \(variable) gives \(theirs), the command line \(ours)")
            }
            if stdinIsPiped {
                throw ValidationError("choose one source: \(variable) gives \(theirs), and standard input is piped")
            }
        }
        do {
            return try PullFeedCommand.parse(defaults + arguments)
        } catch {
            throw ValidationError("\(variable) with the command line: \(firstLine(of: error))")
        }
    }

    /// The words of the variable's value; a `--` among them is refused, as it would make every
    /// argument of the command line a file name.
    static func words(of value: String) throws -> [String] {
        let defaults: [String]
        do {
            defaults = try split(value)
        } catch {
            throw ValidationError("\(variable): \(error.message)")
        }
        if defaults.contains("--") { throw ValidationError("\(variable) cannot hold --") }
        return defaults
    }

    /// The source `command` names, as it was written; nil when it names none.
    static func source(of command: PullFeedCommand) -> String? {
        if let path = command.paths.first { return quoted(path) }
        if let file = command.file.first { return "--file " + quoted(file) }
        if let command = command.command.first { return "--command " + quoted(command) }
        if let pageCommand = command.pageCommand { return "--page-command " + quoted(pageCommand) }
        if let dashboard = command.dashboard { return "--dashboard " + quoted(dashboard) }
        return nil
    }

    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0) }
        return plain ? word : RowTemplate.quoted(word)
    }

    private static func firstLine(of error: Error) -> String {
        PullFeedCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
    }
}
