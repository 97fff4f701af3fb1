import TerminalText

/// How many colours a terminal shows (terminfo `colors`, and whether it takes 24-bit ones).
package enum ColorDepth: Int, Comparable, Sendable {
    case none = 0, ansi8 = 8, ansi16 = 16, indexed256 = 256, direct = 16_777_216

    /// The depth of a terminal with `colors` colours that does or does not take 24-bit colours.
    package init(colors: Int, trueColor: Bool) {
        if colors >= 8, trueColor { self = .direct }
        else if colors >= 256 { self = .indexed256 }
        else if colors >= 16 { self = .ansi16 }
        else if colors >= 8 { self = .ansi8 }
        else { self = .none }
    }

    package static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }
}

/// A `Style` in 64 bits, the form `ScreenWriter` keeps per cell, its colours already brought
/// down to what the terminal shows: bold, dim, reverse, underline and italic in bits 0–4, the
/// foreground in bits 5–29 and the background in bits 30–54 (0 = default, 1–256 = palette
/// index + 1, `direct` plus 24 bits = a 24-bit colour), the hyperlink in bits 55–62 (0 =
/// none, else a `LinkStore` index). Bit 63 marks a character that is not one column packed
/// in its cell: the left half of a two-column one, or one kept in a `ClusterStore` (which
/// knows its columns).
package enum PackedStyle {
    static let wide: UInt64 = 1 << 63
    /// Everything but `wide`: what the terminal must be set to for a cell.
    static let styleMask: UInt64 = ~wide
    package static let foregroundShift: UInt64 = 5
    package static let backgroundShift: UInt64 = 30
    static let linkShift: UInt64 = 55
    static let linkMask: UInt64 = 0xFF << linkShift
    /// The attributes and colours, which SGR sequences set.
    static let sgrMask: UInt64 = ~wide & ~linkMask
    package static let colorMask: UInt64 = 0x1FF_FFFF
    /// The tag of a packed 24-bit colour.
    package static let direct: UInt64 = 1 << 24

    static func pack(_ style: Style, depth: ColorDepth) -> UInt64 {
        var packed: UInt64 = 0
        if style.bold { packed |= 1 }
        if style.dim { packed |= 2 }
        if style.reverse { packed |= 4 }
        if style.underline { packed |= 8 }
        if style.italic { packed |= 16 }
        if depth != .none {
            packed |= color(style.foreground, depth: depth) << foregroundShift
            packed |= color(style.background, depth: depth) << backgroundShift
        }
        return packed
    }

    /// The bytes that switch the terminal to `style`'s attributes and colours from any other:
    /// reset, then each attribute and colour on (its link is not set here).
    static func codes(for style: UInt64, using codes: TerminalCodes) -> [UInt8] {
        var bytes = codes.resetAttributes
        if style & 1 != 0, let on = codes.bold { bytes += on }
        if style & 2 != 0, let on = codes.dim { bytes += on }
        if style & 4 != 0, let on = codes.reverse { bytes += on }
        if style & 8 != 0, let on = codes.underline { bytes += on }
        if style & 16 != 0, let on = codes.italic { bytes += on }
        let foreground = style >> foregroundShift & colorMask, background = style >> backgroundShift & colorMask
        if foreground != 0, let set = codes.foreground { bytes += colorCodes(foreground, set: set, code: 38, codes: codes) }
        if background != 0, let set = codes.background { bytes += colorCodes(background, set: set, code: 48, codes: codes) }
        return bytes
    }

    /// A packed colour as `setaf`/`setab` gives it, or as the ISO 8613-6 sequence for 24-bit
    /// colours and, on a terminal whose `setaf` takes 24-bit values, indexed ones above 7.
    private static func colorCodes(_ packed: UInt64, set: (Int) -> [UInt8], code: Int, codes: TerminalCodes) -> [UInt8] {
        if packed & direct != 0 {
            let rgb = packed & 0xFF_FFFF
            return Array("\u{1B}[\(code);2;\(rgb >> 16);\(rgb >> 8 & 0xFF);\(rgb & 0xFF)m".utf8)
        }
        let index = Int(packed - 1)
        if index >= 8, codes.colors > 256 { return Array("\u{1B}[\(code);5;\(index)m".utf8) }
        return set(index)
    }

    /// `color` as the terminal of `depth` shows it, packed.
    static func color(_ color: Color, depth: ColorDepth) -> UInt64 {
        switch color {
        case .default: return 0
        case .black: return 1
        case .red: return 2
        case .green: return 3
        case .yellow: return 4
        case .blue: return 5
        case .magenta: return 6
        case .cyan: return 7
        case .white: return 8
        case .indexed(let index):
            if depth >= .indexed256 || (depth == .ansi16 && index < 16) { return UInt64(index) + 1 }
            if index < 8 { return UInt64(index) + 1 }
            if index < 16 { return UInt64(index) - 7 }  // bright → normal on 8 colours
            return UInt64(ColorPalette.nearestANSI(ColorPalette.rgb(ofIndex: index), count: depth == .ansi16 ? 16 : 8)) + 1
        case .rgb(let r, let g, let b):
            switch depth {
            case .direct: return direct | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
            case .indexed256: return UInt64(ColorPalette.nearestIndexed(r, g, b)) + 1
            case .ansi16: return UInt64(ColorPalette.nearestANSI((r, g, b), count: 16)) + 1
            default: return UInt64(ColorPalette.nearestANSI((r, g, b), count: 8)) + 1
            }
        }
    }
}

/// The xterm palette, for bringing colours down to the ones a terminal has.
enum ColorPalette {
    /// xterm's default values of the 16 ANSI colours.
    static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    /// The six levels of each channel in the 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The value of palette entry `index`.
    static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 { return ansi[i] }
        if i < 232 {
            let c = i - 16
            return (UInt8(cubeLevels[c / 36]), UInt8(cubeLevels[c / 6 % 6]), UInt8(cubeLevels[c % 6]))
        }
        let grey = UInt8(8 + 10 * (i - 232))
        return (grey, grey, grey)
    }

    /// The entry of the cube or the grey ramp (16–255) nearest to (r, g, b); the first 16 are
    /// left out because terminals set them as they like.
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = (cubeLevels[lr], cubeLevels[lg], cubeLevels[lb])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        let cubeDistance = distance((r, g, b), cube)
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        return greyDistance < cubeDistance ? UInt8(232 + greyIndex) : UInt8(16 + 36 * lr + 6 * lg + lb)
    }

    /// The one of the first `count` ANSI colours (8 or 16) nearest to `rgb`.
    static func nearestANSI(_ rgb: (UInt8, UInt8, UInt8), count: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for i in 0..<count {
            let d = distance(rgb, (Int(ansi[i].0), Int(ansi[i].1), Int(ansi[i].2)))
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return best
    }

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (Int, Int, Int)) -> Int {
        let dr = Int(a.0) - b.0, dg = Int(a.1) - b.1, db = Int(a.2) - b.2
        return dr * dr + dg * dg + db * db
    }
}
