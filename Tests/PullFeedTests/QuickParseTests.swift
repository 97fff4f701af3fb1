import ArgumentParser
import Testing
@testable import PullFeed

/// A command line that only names sources is read without the library's parser, into the
/// command the library makes of it, option by option; anything else is left to the library.
@Suite struct QuickParseTests {
    /// Every option as its property wrapper describes it (`*definition*` for one never set).
    static func options(of command: PullFeedCommand) -> [String] {
        Mirror(reflecting: command).children.map { "\($0.label ?? "?"): \(String(describing: $0.value))" }
    }

    @Test(arguments: [
        [], ["notes.txt"], ["--file", "a.log"], ["--file=a.log", "b.txt"], ["-c", "ls -la"],
        ["--command", "git status -s", "app.log", "-c", "date", "--file", "c.log"], ["--command=ps aux"],
        ["a b.txt", "中文.txt"], ["x=y.txt"], ["--file=x=y"], ["--command", "echo a=b"],
    ] as [[String]])
    func sourcesReadAsTheLibraryReadsThem(_ arguments: [String]) throws {
        let quick = try #require(PullFeedCommand.quickParse(arguments))
        let library = try PullFeedCommand.parse(arguments)
        #expect(Self.options(of: quick) == Self.options(of: library))
        #expect(!Self.options(of: quick).joined().contains("*definition*"))
    }

    @Test func everyOptionHasItsDefault() throws {
        #expect(Self.options(of: PullFeedCommand.withDefaults()) == Self.options(of: try PullFeedCommand.parse([])))
    }

    @Test(arguments: [
        ["--every", "2", "x"], ["x", "-m"], ["--help"], ["-h"], ["--version"], ["-"], ["--"], ["x", "--", "y"], [""],
        ["--file"], ["--file="], ["--file", "-x"], ["--file=-x"], ["--file", ""], ["-c"], ["-c=ls"], ["-cls"],
        ["-c", "-x"], ["x", "x"], ["-c", "  "], ["--fil", "x"], ["--generate-completion-script", "zsh"],
        ["--lang", "zh"], ["--no-history", "x"],
    ] as [[String]])
    func anythingElseIsLeftToTheLibrary(_ arguments: [String]) {
        #expect(PullFeedCommand.quickParse(arguments) == nil)
    }

    /// Through `DefaultOptions`, as the app reads its command line: the same command either way,
    /// and the library's message for what the quick reading leaves to it.
    @Test func theAppReadsTheSameCommandLines() throws {
        let quick = try DefaultOptions.parse(["--file", "a.log", "-c", "date"], environment: [:])
        #expect(quick.filePaths == ["a.log"] && quick.command == ["date"] && quick.pageSize == 200 && !quick.noColor)
        let merged = try DefaultOptions.parse(["a.log"], environment: [DefaultOptions.variable: "--no-color"])
        #expect(merged.filePaths == ["a.log"] && merged.noColor)
        do {
            _ = try DefaultOptions.parse(["x", "x"], environment: [:])
            Issue.record("a file named twice must be refused")
        } catch {
            #expect(PullFeedCommand.message(for: error).contains("'x' is given twice"))
        }
    }
}
