/// Turns untrusted text into text that is safe to send to a terminal.
///
/// - C0 controls, ESC and DEL become their Control Pictures (`␀`, `␍`, `␈`, `␛`, `␡`, …), so
///   `"\u{1B}[2J"` is shown as `␛[2J` and does nothing.
/// - C1 controls (U+0080–U+009F) become `␛` followed by their 7-bit form: the 8-bit CSI
///   U+009B is shown as `␛[`, OSC U+009D as `␛]`.
/// - Bidirectional controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM) and the line/paragraph
///   separators become U+FFFD, so untrusted text cannot reorder or break the line around it.
/// - Tabs expand to spaces (stops every `tabWidth` columns from the start of the text).
/// - Invalid UTF-8, when bytes are decoded through `decode(_:)`, becomes U+FFFD.
///
/// Nothing that a terminal would interpret survives.
public enum TextSanitizer {
    /// The columns between tab stops when tabs are expanded: 8, as on a terminal.
    public static let tabWidth = 8

    /// Decodes bytes as UTF-8, replacing every invalid sequence (overlong forms, surrogates
    /// such as `ED A0 80`, stray continuation bytes, truncated sequences) with U+FFFD.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes bytes as UTF-8 (see `decode(_:)`) and sanitises the result.
    public static func sanitize<Bytes: Collection>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        sanitize(decode(bytes))
    }

    /// Whether `text` can be drawn as it is (the fast path: printable ASCII and ordinary Unicode).
    public static func isSafe(_ text: String) -> Bool {
        var copy = text
        let verdict: Bool? = copy.withUTF8 { bytes in
            var ascii = true
            for b in bytes {
                if b < 0x20 || b == 0x7F { return false }
                if b >= 0x80 { ascii = false }
            }
            return ascii ? true : nil
        }
        if let verdict { return verdict }
        for s in text.unicodeScalars where needsReplacement(s) { return false }
        return true
    }

    /// The visible, terminal-safe form of `text`.
    public static func sanitize(_ text: String) -> String {
        TextWalker.visible(text).text
    }

    static func needsReplacement(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || isBidiOrSeparator(v)
    }

    static func isBidiOrSeparator(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func replacement(for s: Unicode.Scalar) -> [Unicode.Scalar] {
        let v = s.value
        if v < 0x20 { return [Unicode.Scalar(0x2400 + v)!] }  // ␀ … ␟, ␛ for ESC
        if v == 0x7F { return ["\u{2421}"] }  // ␡
        if v >= 0x80 && v < 0xA0 { return ["\u{241B}", Unicode.Scalar(v - 0x40)!] }
        if isBidiOrSeparator(v) { return ["\u{FFFD}"] }
        return [s]
    }
}
