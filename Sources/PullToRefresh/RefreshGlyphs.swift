#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

import TerminalUI

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
        TerminalLocale.asksForUTF8(environment: environment) ? .unicode : .ascii
    }
}
