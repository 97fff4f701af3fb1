@testable import PullFeed
import PullToRefresh
import Testing

/// The help's language, settled before the arguments are parsed: `--lang` wins (its last
/// one), then the environment as the app's own texts read it; nothing after `--` counts.
@Suite(.serialized) struct HelpTextTests {
    @Test(arguments: [
        ([String](), [String: String](), RefreshLanguage.english),
        ([], ["LANG": "zh_CN.UTF-8"], .simplifiedChinese),
        ([], ["LANG": "zh_CN.UTF-8", "LC_ALL": "C.UTF-8"], .english),
        (["--lang", "zh-Hans"], [:], .simplifiedChinese),
        (["--lang=zh"], [:], .simplifiedChinese),
        (["--lang", "en"], ["LANG": "zh_CN.UTF-8"], .english),
        (["--lang", "zh", "--lang=en"], [:], .english),
        (["--", "--lang", "zh"], [:], .english),
        (["--lang", "fr"], ["LANG": "zh_CN.UTF-8"], .simplifiedChinese),
        (["--lang"], [:], .english),
    ])
    func theLanguageComesFromLangThenTheEnvironment(arguments: [String], environment: [String: String], expected: RefreshLanguage) {
        defer { HelpText.language = .english }
        HelpText.settle(arguments: arguments, environment: environment)
        #expect(HelpText.language == expected, "\(arguments) \(environment)")
        #expect(HelpText.text("en", "zh") == (expected == .english ? "en" : "zh"))
    }

    /// While the app parses, the configuration has no discussion (its key list is not built)
    /// and names a super-command (the library then does not parse again for
    /// `--generate-completion-script`); parsing gives the same command, and a help has both back.
    @Test func parsingReadsALighterConfiguration() throws {
        defer { PullFeedCommand.parsingOnly = false }
        HelpText.language = .english
        PullFeedCommand.parsingOnly = true
        #expect(PullFeedCommand.configuration.discussion.isEmpty)
        #expect(PullFeedCommand.configuration._superCommandName != nil)
        let command = try PullFeedCommand.parse(["--file", "x", "--every", "2", "-m"])
        #expect(command.filePaths == ["x"] && command.every == 2 && command.multi)
        #expect(throws: (any Error).self) { try PullFeedCommand.parse(["--every", "0"]) }
        PullFeedCommand.parsingOnly = false
        let configuration = PullFeedCommand.configuration
        #expect(configuration._superCommandName == nil)
        #expect(configuration.discussion.contains("Exit status: 0 ok"))
        #expect(configuration.discussion.contains(PullFeedCommand.keyList))
        #expect(PullFeedCommand.helpMessage().hasPrefix("OVERVIEW: A refreshable"))
        #expect(PullFeedCommand.helpMessage().contains("USAGE: pullfeed [<options>] [<file> ...]"))
    }
}
