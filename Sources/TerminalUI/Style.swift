/// One of the eight ANSI colours, or the terminal's own default.
public enum Color: Hashable, Sendable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// How a run of cells is drawn. Everything that must be visible without colour
/// (the selection, the title bar) uses attributes such as `reverse`, never colour alone.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
    public static let reversed = Style(reverse: true)
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
}
