#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The language of the refresh components' titles.
public enum RefreshLanguage: Hashable, Sendable {
    /// English, the default for any locale that is not Chinese.
    case english
    /// Simplified Chinese, used for every `zh` locale (including Traditional Chinese ones).
    case simplifiedChinese

    /// Parses a language setting such as `en`, `zh-Hans`, `zh_CN.UTF-8`.
    ///
    /// Every `zh` variant maps to Simplified Chinese (the only Chinese we ship);
    /// `C`, `POSIX` and `en…` map to English; anything else is `nil`.
    public init?(identifier: String) {
        guard let first = identifier.firstIndex(where: { !$0.isWhitespace }),
              let last = identifier.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let id = identifier[first...last].lowercased()
        if id.hasPrefix("zh") {
            self = .simplifiedChinese
        } else if id.hasPrefix("en") || id == "c" || id.hasPrefix("c.") || id == "posix" {
            self = .english
        } else {
            return nil
        }
    }

    /// The language the locale environment asks for: the first non-empty of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` (POSIX precedence); Chinese for a `zh` locale, else English.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RefreshLanguage {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return RefreshLanguage(identifier: value) ?? .english
            }
        }
        return .english
    }
}
