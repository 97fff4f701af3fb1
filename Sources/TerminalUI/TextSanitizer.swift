/// Turns untrusted text into text that is safe to send to a terminal.
///
/// C0 controls, ESC and DEL become their visible Control Pictures (`␛`, `␀`, `␡`, …),
/// C1 controls (including the 8-bit CSI 0x9B) become `�`, tabs expand to spaces
/// (tab stops every 8 columns from the start of the text), and invalid UTF-8, when bytes
/// are decoded through `decode(_:)`, becomes U+FFFD. Nothing that a terminal would
/// interpret survives.
public enum TextSanitizer {
    public static let tabWidth = 8

    /// Decodes bytes as UTF-8, replacing every invalid sequence with U+FFFD.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` can be drawn as it is (the fast path: printable ASCII and ordinary Unicode).
    public static func isSafe(_ text: String) -> Bool {
        for s in text.unicodeScalars where needsReplacement(s) { return false }
        return true
    }

    /// The visible, terminal-safe form of `text`.
    public static func sanitize(_ text: String) -> String {
        if isSafe(text) { return text }
        var out = String.UnicodeScalarView()
        var column = 0
        for s in text.unicodeScalars {
            if s == "\t" {
                let spaces = tabWidth - column % tabWidth
                for _ in 0..<spaces { out.append(" ") }
                column += spaces
                continue
            }
            let r = replacement(for: s)
            out.append(r)
            column += TextWidth.of(r)
        }
        return String(out)
    }

    static func needsReplacement(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || isBidiControl(v)
    }

    static func isBidiControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func replacement(for s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v < 0x20 { return Unicode.Scalar(0x2400 + v)! }  // ␀ … ␟, ␛ for ESC
        if v == 0x7F { return "\u{2421}" }  // ␡
        if v < 0xA0 && v >= 0x80 { return "\u{FFFD}" }
        if isBidiControl(v) { return "\u{FFFD}" }
        return s
    }
}
