import TerminalText
import Testing
@testable import TerminalUI

/// A row is drawn from the start of its text that fits the screen (so a 1 MB line costs
/// one screen width per frame); that must look exactly like drawing the whole text.
@Suite struct VisiblePrefixFuzzTests {
    static let pieces: [String] = [
        "a", "Z", " ", "\t", "\u{1B}", "\u{1B}[2J", "\u{07}", "\u{00}", "\u{7F}", "\u{9B}", "\u{85}",
        "中", "漢字", "🎉", "👩‍👩‍👧", "🇯🇵", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{200B}",
        "한", "\u{1160}", "\u{FFFD}", "…", "\r\n", "\r", "\n",
    ]

    /// All pieces, or only those whose scalars are characters of their own (the scalar path).
    @Test(arguments: [false, true])
    func drawingThePrefixEqualsDrawingTheWholeText(scalarsOnly: Bool) {
        var rng = SeededRandom(seed: 2026)
        let pieces = scalarsOnly ? Self.pieces.filter(TextWidth.scalarsAreCharacters) : Self.pieces
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let width = Int.random(in: 0...40, using: &rng)
            let whole = ListView.truncated(TextSanitizer.sanitize(text), toWidth: width)
            let prefix = ListView.truncated(TextSanitizer.sanitize(TextWalker.visible(text, columns: width).text), toWidth: width)
            #expect(prefix == whole, "width \(width): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // The width measured while cutting is the width of what was cut.
            let measured = ListView.measuredTruncation(TextSanitizer.sanitize(text), toWidth: width)
            #expect(measured.text == whole)
            #expect(measured.width == TextWidth.of(whole), "width \(width): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(measured.width <= width)
        }
    }

    @Test func aHugeLineIsNotReadPastTheScreen() {
        let line = String(repeating: "x\u{1B}", count: 500_000)
        #expect(TextWalker.visible(line, columns: 80).text.count == 81)
    }
}
