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
}
