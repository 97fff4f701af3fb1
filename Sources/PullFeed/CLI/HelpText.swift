import PullToRefresh

/// The command line's help in the user's language: English, or Chinese under a Chinese locale
/// (`LANG`, `LC_MESSAGES`, `LC_ALL`) or with `--lang zh`. The help is built while the
/// arguments are parsed, before anything else runs, so the language is settled from the
/// arguments and the environment first (`settle`); the man page is made from the English help.
enum HelpText {
    /// The help's language; set once by `settle` on the main thread, before parsing.
    nonisolated(unsafe) static var language: RefreshLanguage = .english

    /// `english` or `chinese`, as `language` says.
    static func text(_ english: String, _ chinese: String) -> String {
        language == .simplifiedChinese ? chinese : english
    }

    /// Settles `language` from `--lang X` or `--lang=X` among `arguments` (the last one wins),
    /// else from the environment, as the app's own texts do.
    static func settle(arguments: [String], environment: [String: String]) {
        var chosen: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.endIndex {
                chosen = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--lang=") {
                chosen = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        language = chosen.flatMap(RefreshLanguage.init(identifier:)) ?? RefreshLanguage.detect(environment: environment)
    }
}
