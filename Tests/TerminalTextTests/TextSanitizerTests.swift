import TerminalText
import Testing

@Suite struct TextSanitizerTests {
    /// Hostile inputs and what must be shown instead.
    @Test(arguments: [
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}]52;c;aGVsbG8=\u{07}", "␛]52;c;aGVsbG8=␇"),
        ("x\ry", "x␍y"),
        ("abc\u{08}\u{08}", "abc␈␈"),
        ("a\u{0}b", "a␀b"),
        ("del\u{7F}", "del␡"),
        ("\u{9B}31m", "␛[31m"),
        ("\u{9D}0;title\u{9C}", "␛]0;title␛\\"),
        ("line\nbreak", "line␊break"),
        ("\u{202E}evil\u{202C}", "\u{FFFD}evil\u{FFFD}"),
        ("\u{2066}iso\u{2069}", "\u{FFFD}iso\u{FFFD}"),
        ("a\u{2028}b", "a\u{FFFD}b"),
        ("tab\there", "tab     here"),
        ("plain 中文 🎉", "plain 中文 🎉"),
    ] as [(String, String)])
    func sanitizes(hostile: String, expected: String) {
        let safe = TextSanitizer.sanitize(hostile)
        #expect(safe == expected)
        #expect(TextSanitizer.isSafe(safe))
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }

    @Test(arguments: [
        ([0xED, 0xA0, 0x80] as [UInt8], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // a lone surrogate's UTF-8
        ([0x61, 0x9B, 0x32, 0x4A] as [UInt8], "a\u{FFFD}2J"),  // 8-bit CSI as a raw byte
        ([0xC2, 0x9B, 0x32, 0x4A] as [UInt8], "␛[2J"),  // U+009B encoded
        ([0xC0, 0xAF] as [UInt8], "\u{FFFD}\u{FFFD}"),  // overlong "/"
        ([0xE4, 0xB8] as [UInt8], "\u{FFFD}"),  // truncated 中
        ([0xE4, 0xB8, 0xAD] as [UInt8], "中"),
        ([0x00, 0x1B, 0x5B] as [UInt8], "␀␛["),
        ([0xFF, 0xFE] as [UInt8], "\u{FFFD}\u{FFFD}"),
    ])
    func sanitizesBytes(bytes: [UInt8], expected: String) {
        #expect(TextSanitizer.sanitize(bytes: bytes) == expected)
    }

    @Test func safeTextIsReturnedUnchanged() {
        let text = "Article 3 · Alice · 2 comments 中文 🎉"
        #expect(TextSanitizer.isSafe(text))
        #expect(TextSanitizer.sanitize(text) == text)
    }
}
