
/// The control sequences `ScreenWriter` sends, from terminfo (`terminfo()`, for
/// `CursesTerminal`); tests build plain ANSI ones.
///
/// Parameterised capabilities are functions; `ScreenWriter` keeps what they return, so a
/// cursor address is built once per position, not once per frame.
package struct TerminalCodes: Sendable {
    /// `cup`: the cursor to (row, column), both from 0.
    package var cursorAddress: @Sendable (Int, Int) -> [UInt8]
    /// `csr`: the scroll region to rows top...bottom; nil when the terminal has none.
    var scrollRegion: (@Sendable (Int, Int) -> [UInt8])?
    /// `ind`: scroll the region up one line (the cursor on its bottom row).
    var scrollForward: [UInt8]?
    /// `ri`: scroll the region down one line (the cursor on its top row).
    var scrollReverse: [UInt8]?
    /// `el`: clear from the cursor to the end of the line; nil when missing.
    package var clearToEndOfLine: [UInt8]?
    /// `clear`: blank the screen, cursor home.
    var clearScreen: [UInt8]
    /// `sgr0`: every attribute and colour off.
    package var resetAttributes: [UInt8]
    var bold: [UInt8]?
    var dim: [UInt8]?
    var reverse: [UInt8]?
    var underline: [UInt8]?
    /// `sitm`: italic on; nil when the terminal has none.
    var italic: [UInt8]?
    /// `setaf` / `setab`: palette colour 0 ..< `colors` (nil: no colours).
    package var foreground: (@Sendable (Int) -> [UInt8])?
    var background: (@Sendable (Int) -> [UInt8])?
    /// terminfo `colors`: how many palette colours `setaf`/`setab` take (8, 16, 256).
    package var colors: Int
    /// Whether the terminal takes 24-bit colours (`ESC[38;2;r;g;bm`): terminfo's `RGB` or `Tc`
    /// flag, or `COLORTERM=truecolor`.
    package var trueColor: Bool
    /// `xenl`: writing the last column leaves the cursor there (no wrap yet), so the
    /// bottom-right cell can be written without scrolling the screen.
    var deferredWrap: Bool
    /// Whether the terminal takes OSC 8 hyperlinks (see `takesHyperlinks(environment:)`).
    package var hyperlinks: Bool

    package init(
        cursorAddress: @escaping @Sendable (Int, Int) -> [UInt8],
        scrollRegion: (@Sendable (Int, Int) -> [UInt8])?, scrollForward: [UInt8]?, scrollReverse: [UInt8]?,
        clearToEndOfLine: [UInt8]?, clearScreen: [UInt8], resetAttributes: [UInt8],
        bold: [UInt8]?, dim: [UInt8]?, reverse: [UInt8]?, underline: [UInt8]?,
        foreground: (@Sendable (Int) -> [UInt8])?, background: (@Sendable (Int) -> [UInt8])?,
        deferredWrap: Bool, italic: [UInt8]? = nil, colors: Int = 8, trueColor: Bool = false,
        hyperlinks: Bool = false
    ) {
        self.cursorAddress = cursorAddress
        self.scrollRegion = scrollRegion
        self.scrollForward = scrollForward
        self.scrollReverse = scrollReverse
        self.clearToEndOfLine = clearToEndOfLine
        self.clearScreen = clearScreen
        self.resetAttributes = resetAttributes
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.foreground = foreground
        self.background = background
        self.deferredWrap = deferredWrap
        self.italic = italic
        self.colors = colors
        self.trueColor = trueColor
        self.hyperlinks = hyperlinks
    }

    /// The colours the terminal shows (none without `setaf` and `setab`).
    package var colorDepth: ColorDepth {
        foreground == nil || background == nil ? .none : ColorDepth(colors: colors, trueColor: trueColor)
    }

    /// Whether the terminal can scroll a region of rows (csr with ind and ri).
    package var canScroll: Bool { scrollRegion != nil && scrollForward != nil && scrollReverse != nil }
}

extension TerminalCodes {
    /// xterm's sequences (ECMA-48), with 256 colours and OSC 8 hyperlinks: the terminal
    /// `MemoryScreen` draws on (with `trueColor` set), and the one tests feed `ScreenWriter`'s
    /// bytes to.
    static let ansi = TerminalCodes(
        cursorAddress: { row, column in csi("\(row + 1);\(column + 1)H") },
        scrollRegion: { top, bottom in csi("\(top + 1);\(bottom + 1)r") },
        scrollForward: [0x0A], scrollReverse: [0x1B, 0x4D],
        clearToEndOfLine: csi("K"), clearScreen: csi("H") + csi("2J"), resetAttributes: csi("0m"),
        bold: csi("1m"), dim: csi("2m"), reverse: csi("7m"), underline: csi("4m"),
        foreground: { ansiColor($0, base: 3) }, background: { ansiColor($0, base: 4) },
        deferredWrap: true, italic: csi("3m"), colors: 256, hyperlinks: true)

    private static func ansiColor(_ n: Int, base: Int) -> [UInt8] {
        if n < 8 { return csi("\(base)\(n)m") }
        if n < 16 { return csi("\(base == 3 ? 9 : 10)\(n - 8)m") }
        return csi("\(base)8;5;\(n)m")
    }

    private static func csi(_ tail: String) -> [UInt8] { [0x1B, 0x5B] + Array(tail.utf8) }
}
