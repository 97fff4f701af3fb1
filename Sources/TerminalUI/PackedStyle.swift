
/// A `Style` in 12 bits, the form `ScreenWriter` keeps per cell: bold, dim, reverse and
/// underline in bits 0–3, the foreground in 4–7 and the background in 8–11 (0 = default,
/// 1–8 = black…white). Bit 15 marks a character that is not one column packed in its cell: the
/// left half of a two-column one, or one kept in a `ClusterStore` (which knows its columns).
enum PackedStyle {
    static let styleMask: UInt16 = 0x0FFF
    static let wide: UInt16 = 0x8000

    static func pack(_ style: Style, colors: Bool) -> UInt16 {
        var packed: UInt16 = 0
        if style.bold { packed |= 1 }
        if style.dim { packed |= 2 }
        if style.reverse { packed |= 4 }
        if style.underline { packed |= 8 }
        if colors {
            packed |= UInt16(number(style.foreground)) << 4
            packed |= UInt16(number(style.background)) << 8
        }
        return packed
    }

    /// The bytes that switch the terminal to `style` from any other: reset, then each
    /// attribute and colour on.
    static func codes(for style: UInt16, using codes: TerminalCodes) -> [UInt8] {
        var bytes = codes.resetAttributes
        if style & 1 != 0, let on = codes.bold { bytes += on }
        if style & 2 != 0, let on = codes.dim { bytes += on }
        if style & 4 != 0, let on = codes.reverse { bytes += on }
        if style & 8 != 0, let on = codes.underline { bytes += on }
        let foreground = Int(style >> 4 & 0xF), background = Int(style >> 8 & 0xF)
        if foreground > 0, let set = codes.foreground { bytes += set(foreground - 1) }
        if background > 0, let set = codes.background { bytes += set(background - 1) }
        return bytes
    }

    private static func number(_ color: Color) -> Int {
        switch color {
        case .default: 0
        case .black: 1
        case .red: 2
        case .green: 3
        case .yellow: 4
        case .blue: 5
        case .magenta: 6
        case .cyan: 7
        case .white: 8
        }
    }
}
