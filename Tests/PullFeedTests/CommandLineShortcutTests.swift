import Foundation
import Testing
import TerminalUI
@testable import PullFeed

/// The shortcut parser either declines or returns exactly what ArgumentParser returns.
@Suite struct CommandLineShortcutTests {
    /// Every property wrapper's state, `.value(…)` once set or parsed, a `.definition` closure
    /// if nobody set it: two commands with the same text hold the same values, whatever options
    /// `PullFeedCommand` gains later.
    func described(_ command: PullFeedCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    @Test(arguments: [
        [],
        ["--file", "/tmp/lines.txt"],
        ["--file", "a file with spaces", "--page-size", "500", "--no-color"],
        ["--no-color", "--command", "git log --oneline", "--timeout", "2.5"],
        ["--page-command", "seq $PULLFEED_OFFSET", "--footer", "back", "--release-delay", "0"],
        ["--latency", "0", "--fail-rate", "1", "--seed", "18446744073709551615", "--lang", "zh-Hans"],
        ["--lang", "en", "--file", "x=y"],
    ])
    func takesThePlainForms(arguments: [String]) throws {
        let quick = try #require(CommandLineShortcut.parse(arguments))
        let full = try PullFeedCommand.parse(arguments)
        #expect(described(quick) == described(full))
        #expect(!described(quick).contains("definition"))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["help"],
        ["--file=x"], ["--file"], ["--file", "-"], ["--file", "--no-color"],
        ["--file", "x", "--file", "y"], ["--no-color", "--no-color"],
        ["x"], ["--", "--file", "x"], ["--unknown", "1"], ["--FILE", "x"],
        ["--page-size", "0"], ["--page-size", "abc"], ["--page-size", " 5"], ["--footer", "up"],
        ["--seed", "-1"], ["--release-delay", "-0.5"], ["--fail-rate", "2"],
        ["--file", "a", "--command", "b"], ["--file", ""], ["--command", "  "], ["--lang", "fr"],
        ["--generate-completion-script", "bash"], ["--generate-completion-script"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(CommandLineShortcut.parse(arguments) == nil)
    }

    /// `PullFeedCommand.Defaults` feeds both parsers and the help text: the help still shows
    /// every default as the literals did before they moved there.
    @Test func helpShowsTheSharedDefaults() {
        // One block per option: its name line and the help lines under it.
        let blocks = PullFeedCommand.helpMessage(columns: 400).components(separatedBy: "\n  --")
        let shown = ["page-size": "default: 200)", "footer": "default: auto)", "release-delay": "default: 0.5)",
                     "latency": "default: 0.6)", "fail-rate": "default: 0.0)", "seed": "default: 1)",
                     "timeout": "default: 30.0)"]
        for (option, text) in shown {
            let block = blocks.first { $0.hasPrefix("\(option) ") }
            #expect(block?.contains(text) == true, "--\(option): \(block ?? "no such option")")
        }
    }

    /// Command lines drawn from the options, their values and a few traps: whenever the
    /// shortcut answers, ArgumentParser accepts the same line and gives the same command.
    @Test func agreesWithArgumentParserOnRandomCommandLines() throws {
        let names = ["--file", "--command", "--page-command", "--page-size", "--footer", "--release-delay",
                     "--latency", "--fail-rate", "--seed", "--timeout", "--lang", "--no-color"]
        let values = ["x", "0", "1", "-1", "2.5", "1e3", "nan", "inf", "", " ", "auto", "back", "en",
                      "zh-Hans", "200", "100001", "0x10", "--file", "-", "=", "a=b", "📄 list", "0.5"]
        var random = SeededRandom(seed: 6)
        var answered = 0
        for _ in 0..<400 {
            var arguments: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                arguments.append(names.randomElement(using: &random)!)
                if Int.random(in: 0..<8, using: &random) > 0 {
                    arguments.append(values.randomElement(using: &random)!)
                }
            }
            guard let quick = CommandLineShortcut.parse(arguments) else { continue }
            answered += 1
            let full: PullFeedCommand
            do {
                full = try PullFeedCommand.parse(arguments)
            } catch {
                Issue.record("the shortcut took \(arguments), ArgumentParser refused it: \(error)")
                continue
            }
            #expect(described(quick) == described(full), "\(arguments)")
        }
        #expect(answered >= 40, "too few random lines were plain enough to compare: \(answered)")
    }
}
