extension TerminalCodes {
    /// The terminal emulators, by the first part of their `TERM`, that take OSC 8 hyperlinks or
    /// skip them unseen as the OSC strings they are.
    static let hyperlinkTerminals: Set<String> = [
        "xterm", "rxvt", "kitty", "alacritty", "foot", "wezterm", "st", "konsole", "gnome", "vte",
        "mintty", "putty", "iterm", "iterm2", "ghostty", "contour", "ms-terminal",
    ]

    /// Whether the terminal `environment` describes gets OSC 8 hyperlinks from the data.
    ///
    /// Inside tmux (`TERM_PROGRAM=tmux`) only from tmux 3.4 (`TERM_PROGRAM_VERSION`), which
    /// passes them on to the terminal around it when that one takes them; tmux 3.3 and earlier
    /// drop them, so they would be bytes for nothing. Otherwise by `TERM`: a terminal emulator
    /// named in `hyperlinkTerminals` (`xterm-256color`, which most set, `xterm-kitty`, `foot`,
    /// `alacritty`, `rxvt-unicode`, `st-256color`…) gets them; GNU screen or a tmux of unknown
    /// version (`screen*`, `tmux*`), the Linux console (`linux`), hardware terminals and their
    /// emulations (`vt100`, `vt220`, `ansi`…), `dumb`, and any other `TERM` do not: some print
    /// an OSC's text.
    package static func takesHyperlinks(environment: [String: String]) -> Bool {
        if environment["TERM_PROGRAM"] == "tmux" {
            return isTmux34OrLater(environment["TERM_PROGRAM_VERSION"] ?? "")
        }
        let term = (environment["TERM"] ?? "").lowercased()
        let family = term.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return hyperlinkTerminals.contains(family)
    }

    /// Whether a tmux version (`3.4`, `3.3a`, `next-3.5`) is 3.4 or later.
    private static func isTmux34OrLater(_ version: String) -> Bool {
        var text = Substring(version)
        if text.hasPrefix("next-") { text = text.dropFirst(5) }
        let parts = text.split(separator: ".", maxSplits: 1)
        guard let major = parts.first.flatMap({ Int($0) }) else { return false }
        let minor = parts.count > 1 ? Int(parts[1].prefix { $0.isASCII && $0.isNumber }) ?? 0 : 0
        return major > 3 || (major == 3 && minor >= 4)
    }
}
