/// Display width of text in terminal columns, measured per character (grapheme cluster).
///
/// CJK and emoji are two columns; combining marks, zero-width joiners, variation selectors and
/// other format characters are zero; everything else one. A character made of several scalars
/// takes the columns a terminal gives it: the sum of its scalars' widths, as `wcwidth` adds
/// them up in tmux, xterm and `less` (an Indic conjunct of three letters is three columns, a
/// letter with a spacing vowel sign two, a decomposed Hangul syllable two). Emoji sequences
/// (ZWJ sequences, skin tones, flags, keycaps, anything with U+FE0F) take the most columns any
/// terminal draws them in (`emojiSequenceColumns`), so that a row never overflows: a family of
/// four is eight columns (as xterm, VTE and Alacritty draw it, person by person), a thumb with a
/// skin tone four; a terminal that joins them into fewer (tmux 3.3, kitty) shows blanks after
/// them (see `ScreenWriter`). Control characters measure zero: text is sanitised before it is
/// drawn.
public enum TextWidth {
    /// Columns one character occupies.
    public static func of(_ character: Character) -> Int {
        let utf8 = character.utf8
        if utf8.count == 1 {  // ASCII fast path
            let b = utf8.first!
            return b < 0x20 || b == 0x7F ? 0 : 1
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = of(first)
        let rest = scalars.index(after: scalars.startIndex)
        if rest == scalars.endIndex { return base }
        if isEmojiSequence(scalars) { return emojiSequenceColumns(scalars) }
        var total = base
        for s in scalars[rest...] { total += of(s) }
        return total
    }

    /// Columns of an emoji sequence: the most any terminal advances for it. A terminal that
    /// does not join it advances each scalar's `wcwidth` (a regional indicator is one column
    /// there, a zero-width joiner none); one that draws it as one picture gives it two when it
    /// asks for emoji presentation (a wide base, U+FE0F, a flag) and its base's width otherwise.
    static func emojiSequenceColumns(_ scalars: Character.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        let separate = scalars.reduce(0) { $0 + (isRegionalIndicator($1.value) ? 1 : of($1)) }
        let base = of(first)
        if base == 0 { return separate }
        let asksForEmoji = base == 2 || first.properties.isEmojiPresentation || isRegionalIndicator(first.value)
            || scalars.contains { $0.value == 0xFE0F }
        return max(asksForEmoji ? 2 : base, separate)
    }

    package static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }

    /// Whether a character of several scalars follows the emoji rules: it starts with an emoji
    /// or a regional indicator, or holds a presentation selector, a skin tone, a tag or a
    /// keycap mark. Terminals disagree about these (a thumb with a skin tone is two columns in
    /// some, four in tmux 3.3), so they are measured by `emojiSequenceColumns` and drawn over
    /// blanks (`ScreenWriter`).
    package static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard let first = scalars.first else { return false }
        if first.value >= 0x80, first.properties.isEmoji { return true }
        if isRegionalIndicator(first.value) { return true }
        for s in scalars.dropFirst() {
            switch s.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: continue
            }
        }
        return false
    }

    /// Columns one scalar occupies on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return 1 }
        if isZeroWidth(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default: break
        }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether `text` is printable ASCII only: one column per byte, one character per byte
    /// (the fast path of drawing and truncation; most list lines qualify).
    public static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            // Eight bytes at a time: a byte ≥ 0x80, < 0x20 or equal to 0x7F sets its high bit
            // in `bad` (no carry crosses bytes: every term stays below 0x100 per byte).
            let high: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i + 8 <= bytes.count {
                let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let low = w & ~high  // each byte's low seven bits
                let bad = w | ((high - 0x2020_2020_2020_2020 + low) ^ high) | (low + 0x0101_0101_0101_0101)
                if bad & high != 0 { return false }
                i += 8
            }
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x20 || b >= 0x7F { return false }
                i += 1
            }
            return true
        }
    }

    /// Whether every Unicode scalar of `text` is a character of its own (no combining marks,
    /// joiners, variation selectors, modifiers, flags or jamo sequences), so that its width is
    /// the sum of its scalars' widths: the fast path for CJK and single-scalar emoji.
    public static func scalarsAreCharacters(_ text: String) -> Bool {
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x300 { continue }
            if (0x3000...0x9FFF).contains(v) || (0xFF01...0xFF60).contains(v) { continue }
            if isZeroWidth(v) || (0x1100...0x11FF).contains(v) || (0xA960...0xA97F).contains(v)
                || (0xAC00...0xD7FF).contains(v) || isRegionalIndicator(v)
                || (0x1F3FB...0x1F3FF).contains(v) || (0xE0000...0xE0FFF).contains(v)
                || (0x0900...0x0EFF).contains(v) || (0x11000...0x11FFF).contains(v)  // Indic, Thai, Lao, Brahmic clusters
                || s.properties.isGraphemeExtend {
                return false
            }
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate:
                return false
            default:
                continue
            }
        }
        return true
    }

    /// Columns a whole string occupies (control characters count zero).
    public static func of(_ text: String) -> Int {
        TextWalker.width(of: text)
    }

    /// Scalars that are zero width regardless of category: Hangul medial vowels and final
    /// consonants (they join the preceding syllable), ZWSP/ZWNJ/ZWJ, variation selectors.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}
