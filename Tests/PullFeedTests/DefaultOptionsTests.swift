import ArgumentParser
import Testing
@testable import PullFeed

/// `PULLFEED_DEFAULT_OPTS`: how its value splits into words, and how those merge with the
/// command line.
@Suite struct DefaultOptionsTests {
    @Test(arguments: [
        ("", []),
        ("  \t\n ", []),
        ("--no-color --every 5", ["--no-color", "--every", "5"]),
        ("  --every\t5  ", ["--every", "5"]),
        ("--command 'ls -la /tmp'", ["--command", "ls -la /tmp"]),
        ("--command \"echo \\\"hi\\\" \\$HOME \\x\"", ["--command", "echo \"hi\" $HOME \\x"]),
        ("--command 'it'\\''s'", ["--command", "it's"]),
        ("a\\ b c\\\\d", ["a b", "c\\d"]),
        ("--lang=zh-Hans ''", ["--lang=zh-Hans", ""]),
        ("x\\\ny", ["xy"]),
        ("'中文' \"$HOME\"", ["中文", "$HOME"]),
        ("--every 5\r\n--no-mouse", ["--every", "5", "--no-mouse"]),
        ("'\u{301}x' \\\u{301}y", ["\u{301}x", "\u{301}y"]),
    ] as [(String, [String])])
    func splitsAsAShellDoes(_ text: String, _ words: [String]) throws {
        #expect(try DefaultOptions.split(text) == words)
    }

    @Test(arguments: [
        ("--command 'ls", "a ' quote is not closed"),
        ("--command \"ls", "a \" quote is not closed"),
        ("--command \"ls\\", "a \" quote is not closed"),
        ("--no-color \\", "it ends with a backslash"),
    ])
    func unbalancedQuotesAreErrors(_ text: String, _ message: String) {
        #expect(throws: DefaultOptions.SplitError(message: message)) { try DefaultOptions.split(text) }
    }

    func parse(_ arguments: [String], _ value: String?, stdinIsPiped: Bool = false) throws -> PullFeedCommand {
        try DefaultOptions.parse(arguments, environment: value.map { [DefaultOptions.variable: $0] } ?? [:],
                                 stdinIsPiped: stdinIsPiped)
    }

    func message(_ arguments: [String], _ value: String, stdinIsPiped: Bool = false) -> String? {
        do {
            _ = try parse(arguments, value, stdinIsPiped: stdinIsPiped)
            return nil
        } catch {
            return PullFeedCommand.message(for: error)
        }
    }

    @Test func theVariableAppliesAndTheCommandLineWins() throws {
        let both = try parse(["--every", "2", "--page-size", "50"], "--no-color --every 5 --lang zh-Hans")
        #expect(both.every == 2)
        #expect(both.noColor)
        #expect(both.lang == "zh-Hans")
        #expect(both.pageSize == 50)

        let alone = try parse([], "--no-color --every 5")
        #expect(alone.every == 5)
        #expect(alone.noColor)

        let flagTwice = try parse(["--no-color"], "--no-color")
        #expect(flagTwice.noColor)

        // The command line undoes the variable's flags.
        let undone = try parse(["--color", "--mouse"], "--no-color --no-mouse")
        #expect(!undone.noColor)
        #expect(!undone.noMouse)
        #expect(try parse([], "--no-mouse").noMouse)

        let none = try parse(["--every", "3"], nil)
        #expect(none.every == 3)
        #expect(!none.noColor)
        #expect(try parse([], "   ").every == nil)
    }

    @Test func aSourceInTheVariableIsUsedWhenTheCommandLineHasNone() throws {
        let command = try parse(["--every", "1"], "--command 'ls -la'")
        #expect(command.command == ["ls -la"])
        #expect(try parse(["--no-color"], "notes.txt").filePaths == ["notes.txt"])
    }

    @Test func aSourceInBothIsAnErrorNamingBoth() {
        #expect(message(["--command", "ls -la"], "--file x")
                == "choose one source: PULLFEED_DEFAULT_OPTS gives --file x, the command line --command 'ls -la'")
        #expect(message(["notes.txt"], "--page-command 'seq 5'")
                == "choose one source: PULLFEED_DEFAULT_OPTS gives --page-command 'seq 5', the command line notes.txt")
        // Piped standard input is a source too: the variable's would silently take its place.
        #expect(message([], "--command date", stdinIsPiped: true)
                == "choose one source: PULLFEED_DEFAULT_OPTS gives --command date, and standard input is piped")
        let optionsOnly = try? parse(["--every", "2"], "--no-color", stdinIsPiped: true)
        #expect(optionsOnly?.every == 2)
    }

    @Test func badValuesSayTheyComeFromTheVariable() {
        #expect(message([], "--every '5") == "PULLFEED_DEFAULT_OPTS: a ' quote is not closed")
        #expect(message([], "--bogus")?.hasPrefix("PULLFEED_DEFAULT_OPTS: ") == true)
        #expect(message([], "--bogus")?.contains("--bogus") == true)
        #expect(message([], "--every 0")?.hasPrefix("PULLFEED_DEFAULT_OPTS: --every must be at least 0.1 seconds") == true)
        #expect(message([], "--footer") == "PULLFEED_DEFAULT_OPTS: Missing value for '--footer <footer>'")
        #expect(message([], "--help") == "PULLFEED_DEFAULT_OPTS cannot hold --help or --version")
        #expect(message([], "-- x") == "PULLFEED_DEFAULT_OPTS cannot hold --")
    }

    @Test func theCommandLinesOwnErrorsAndHelpComeFirst() {
        #expect(message(["--bogus"], "--every '5")?.contains("PULLFEED_DEFAULT_OPTS") == false)
        // --help and --version come out (exit 0) before the variable's errors.
        #expect { try parse(["--help"], "--every '5") } throws: { PullFeedCommand.exitCode(for: $0) == .success }
        #expect { try parse(["--version"], "--bogus") } throws: { PullFeedCommand.exitCode(for: $0) == .success }
    }
}
