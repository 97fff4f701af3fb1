import ArgumentParser

/// The bash, zsh and fish completion scripts `--generate-completion-script` prints:
/// swift-argument-parser's, without the `help` subcommand it gives every command.
///
/// `pullfeed` has no subcommands, yet the library's scripts offered `help` where a file name
/// goes (`pullfeed <Tab>`), and `pullfeed help` is not a command the app knows. The scripts are
/// otherwise the library's, so they follow the options as they change; the parts taken out are
/// found by their text, and a script whose text is not as expected is printed as it is (the
/// completion tests then fail, rather than a user's shell).
package enum CompletionScript {
    /// The script for `shell`.
    package static func script(for shell: CompletionShell) -> String {
        let generated = PullFeedCommand.completionScript(for: shell)
        var lines = generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch shell {
        case .bash:
            removeBlock(&lines, from: "    # Offer subcommand / subcommand argument completions", through: "    esac")
            removeBlock(&lines, from: "_pullfeed_help() {", through: "}")
        case .zsh:
            lines.removeAll { $0 == "        '(-): :->command'" || $0 == "        '(-)*:: :->arg'" }
            removeBlock(&lines, from: "    case \"${state}\" in", through: "    esac")
            removeBlock(&lines, from: "_pullfeed_help() {", through: "}")
        case .fish:
            removeBlock(&lines, from: "        switch $unparsed_tokens[1]", through: "        end")
            lines.removeAll { $0.hasPrefix("complete -c 'pullfeed' ") && ($0.contains("\"pullfeed help\"") || $0.contains("-fa 'help'")) }
        default:
            break
        }
        return lines.joined(separator: "\n")
    }

    /// Removes the lines from the first that is `start` through the next that is `end`, and a
    /// blank line left before them; nothing when either is missing.
    private static func removeBlock(_ lines: inout [String], from start: String, through end: String) {
        guard let first = lines.firstIndex(of: start),
              let last = lines[first...].firstIndex(of: end) else { return }
        let from = first > 0 && lines[first - 1].allSatisfy(\.isWhitespace) ? first - 1 : first
        lines.removeSubrange(from...last)
    }
}
