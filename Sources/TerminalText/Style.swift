/// A colour: one of the eight ANSI colours, one of the 256 indexed colours, a 24-bit colour,
/// or the terminal's own default.
///
/// A terminal with fewer colours shows the nearest one it has (`ScreenWriter` brings 24-bit
/// colours down to the 256-colour palette, and those to 16 or 8), and one without colours
/// shows none.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour (whatever its user set).
    case `default`
    /// ANSI colour 0.
    case black
    /// ANSI colour 1.
    case red
    /// ANSI colour 2.
    case green
    /// ANSI colour 3.
    case yellow
    /// ANSI colour 4.
    case blue
    /// ANSI colour 5.
    case magenta
    /// ANSI colour 6.
    case cyan
    /// ANSI colour 7 (often light grey rather than bright white).
    case white
    /// An indexed colour: 0–7 the ANSI colours (use the named cases for them), 8–15 their
    /// bright forms, 16–231 a 6×6×6 cube, 232–255 a grey ramp.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The colour with palette index `index`: a named case for 0–7, `.indexed` above.
    public static func palette(_ index: UInt8) -> Color {
        switch index {
        case 0: .black
        case 1: .red
        case 2: .green
        case 3: .yellow
        case 4: .blue
        case 5: .magenta
        case 6: .cyan
        case 7: .white
        default: .indexed(index)
        }
    }
}

/// How a run of cells is drawn. Everything that must be visible without colour
/// (the selection, the title bar) uses attributes such as `reverse`, never colour alone.
public struct Style: Hashable, Sendable {
    /// The text's colour; `.default` for the terminal's own.
    public var foreground: Color
    /// The cells' colour behind the text; `.default` for the terminal's own.
    public var background: Color
    /// Bold text; not shown on a terminal without the capability.
    public var bold: Bool
    /// Faint text; not shown on a terminal without the capability.
    public var dim: Bool
    /// Foreground and background swapped: visible without colour, so used for the selection
    /// and the title bar.
    public var reverse: Bool
    /// Underlined text; not shown on a terminal without the capability.
    public var underline: Bool
    /// Italic text; not shown on a terminal without the capability.
    public var italic: Bool
    /// The hyperlink the run is part of: a URI that `Hyperlink.sanitized` made safe to send
    /// (printable ASCII, at most `Hyperlink.maxURILength` bytes); nil for none. Only the
    /// data's own OSC 8 sequences set it (`EscapeHandling.styles`).
    package var link: String?

    /// A style with the given colours and attributes; every attribute is off and both colours
    /// are the terminal's own by default.
    ///
    /// - Parameters:
    ///   - foreground: The text's colour.
    ///   - background: The colour behind the text.
    ///   - bold: Whether the text is bold.
    ///   - dim: Whether the text is faint.
    ///   - reverse: Whether foreground and background are swapped.
    ///   - underline: Whether the text is underlined.
    ///   - italic: Whether the text is italic.
    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
        italic: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.italic = italic
    }

    /// No attributes, the terminal's own colours.
    public static let plain = Style()
    /// Only `reverse` on: how the selection is drawn.
    public static let reversed = Style(reverse: true)
    /// Only `bold` on.
    public static let bold = Style(bold: true)
    /// Only `dim` on.
    public static let dim = Style(dim: true)

    /// `data` (the style a text's own SGR sequences give a run of it) drawn in this style:
    /// each attribute is on when either has it, and the data's colours win over the defaults.
    /// So a selected row (reverse) stays reversed over coloured text, and a bold header stays bold.
    /// A link in `data` is kept.
    public func applying(_ data: Style) -> Style {
        if data == .plain { return self }
        var result = self
        if data.link != nil { result.link = data.link }
        if data.foreground != .default { result.foreground = data.foreground }
        if data.background != .default { result.background = data.background }
        result.bold = bold || data.bold
        result.dim = dim || data.dim
        result.reverse = reverse || data.reverse
        result.underline = underline || data.underline
        result.italic = italic || data.italic
        return result
    }
}
