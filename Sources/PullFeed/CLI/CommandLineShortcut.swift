import ArgumentParser

/// Parses the everyday command lines (`pullfeed`, `pullfeed --file PATH --page-size 500`, …)
/// without ArgumentParser, which builds its model of the command by reflection on every run:
/// ~10 M instructions, a third of the work before the first frame (BENCHMARKS.md, "Start-up").
///
/// It takes only the plain form: every argument is one of `PullFeedCommand`'s long options,
/// each given at most once, its value in the next argument, that value not starting with `-`
/// and converted by the option type's own `init?(argument:)`, and the result passes
/// `validate()`. Anything else (help, version, `--opt=value`, a short name, a positional, a
/// repeat, a bad value, a failed validation) returns nil, and the caller hands the same
/// arguments to ArgumentParser, which parses them and words every error. So the result is
/// either nil or exactly what `PullFeedCommand.parse` returns; a test compares the two.
enum CommandLineShortcut {
    /// How one option stores its value into the command, nil if the value does not convert.
    private typealias Setter = @Sendable (inout PullFeedCommand, String) -> Bool

    private static let options: [String: Setter] = [
        "--file": { $0.file = $1; return true },
        "--command": { $0.command = $1; return true },
        "--page-command": { $0.pageCommand = $1; return true },
        "--lang": { $0.lang = $1; return true },
        "--page-size": { command, text in convert(text) { command.pageSize = $0 } },
        "--footer": { command, text in convert(text) { command.footer = $0 } },
        "--release-delay": { command, text in convert(text) { command.releaseDelay = $0 } },
        "--latency": { command, text in convert(text) { command.latency = $0 } },
        "--fail-rate": { command, text in convert(text) { command.failRate = $0 } },
        "--timeout": { command, text in convert(text) { command.timeout = $0 } },
        "--seed": { command, text in convert(text) { command.seed = $0 } },
    ]
    private static let noColor = "--no-color"

    /// The command these arguments describe, or nil when ArgumentParser must decide.
    static func parse(_ arguments: [String]) -> PullFeedCommand? {
        var command = PullFeedCommand.withDefaults()
        var seen: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let name = arguments[index]
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            if name == noColor {
                command.noColor = true
                index += 1
                continue
            }
            guard let set = options[name], index + 1 < arguments.endIndex else { return nil }
            let value = arguments[index + 1]
            guard !value.hasPrefix("-"), set(&command, value) else { return nil }
            index += 2
        }
        do {
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    private static func convert<Value: ExpressibleByArgument>(_ text: String, _ store: (Value) -> Void) -> Bool {
        guard let value = Value(argument: text) else { return false }
        store(value)
        return true
    }
}
