#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The arrows and spinner frames the refresh views draw: Unicode when the locale is UTF-8,
/// ASCII otherwise.
public struct RefreshGlyphs: Hashable, Sendable {
    public var downArrow: String
    public var upArrow: String
    /// Spinner frames, cycled by `Spinner.tick`.
    public var spinnerFrames: [String]

    public init(downArrow: String, upArrow: String, spinnerFrames: [String]) {
        precondition(!spinnerFrames.isEmpty, "a spinner needs at least one frame")
        self.downArrow = downArrow
        self.upArrow = upArrow
        self.spinnerFrames = spinnerFrames
    }

    /// `↓`, `↑` and ten braille frames.
    public static let unicode = RefreshGlyphs(
        downArrow: "↓", upArrow: "↑",
        spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])

    /// `v`, `^` and `| / - \`.
    public static let ascii = RefreshGlyphs(
        downArrow: "v", upArrow: "^", spinnerFrames: ["|", "/", "-", "\\"])

    /// The spinner frame for `tick`.
    public func spinnerFrame(_ tick: Int) -> String {
        spinnerFrames[((tick % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
    }

    /// Unicode glyphs if the locale's character set (the first non-empty of `LC_ALL`,
    /// `LC_CTYPE`, `LANG`) is UTF-8, else ASCII.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RefreshGlyphs {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return namesUTF8(value) ? .unicode : .ascii
            }
        }
        return .ascii
    }

    /// Whether `value` contains "utf-8" or "utf8" in any case. A byte loop: `String.contains`
    /// goes through the string-processing searcher, whose first use costs ~0.27 M instructions
    /// of type metadata at start-up.
    static func namesUTF8(_ value: String) -> Bool {
        let bytes = value.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return contains(bytes, Array("utf-8".utf8)) || contains(bytes, Array("utf8".utf8))
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) {
            var offset = 0
            while offset < word.count, bytes[start + offset] == word[offset] { offset += 1 }
            if offset == word.count { return true }
        }
        return false
    }
}
