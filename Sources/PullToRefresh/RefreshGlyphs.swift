#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

import TerminalText

/// The arrows and spinner frames the refresh views draw: Unicode when the locale is UTF-8,
/// ASCII otherwise.
public struct RefreshGlyphs: Hashable, Sendable {
    /// Drawn while a pull has not reached the threshold (header idle, back footer idle).
    public var downArrow: String
    /// Drawn once a pull passes the threshold (releasing now refreshes or loads).
    public var upArrow: String
    /// Spinner frames, cycled by `Spinner.tick`.
    public var spinnerFrames: [String]

    /// Each glyph should be one column wide: the views put the title two columns after it.
    ///
    /// - Parameters:
    ///   - downArrow: drawn while a pull has not reached the threshold.
    ///   - upArrow: drawn once a pull passes the threshold.
    ///   - spinnerFrames: the spinner's frames in order; must not be empty.
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
    func spinnerFrame(_ tick: Int) -> String {
        spinnerFrames[((tick % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
    }

    /// Unicode glyphs if the locale's character set (the first non-empty of `LC_ALL`,
    /// `LC_CTYPE`, `LANG`) is UTF-8, else ASCII.
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RefreshGlyphs {
        TerminalLocale.asksForUTF8(environment: environment) ? .unicode : .ascii
    }
}
