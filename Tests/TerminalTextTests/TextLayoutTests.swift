import TerminalText
import Testing

@Suite struct TextLayoutTests {
    @Test(arguments: [
        ("hello", 10, "hello"),
        ("hello", 5, "hello"),
        ("hello world", 5, "hell…"),
        ("hello", 1, "…"),
        ("hello", 0, ""),
        ("hello", -3, ""),
        ("中文中文", 5, "中文…"),
        ("中文中文", 4, "中…"),
        ("a中文", 3, "a…"),
        ("🎉🎉🎉", 4, "🎉…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 9, "👨‍👩‍👧‍👦…"),
        ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 8, "…"),
    ] as [(String, Int, String)])
    func truncateWithEllipsis(text: String, width: Int, expected: String) {
        let result = TextLayout.truncate(text, toWidth: width)
        #expect(result == expected)
        #expect(TextWidth.of(result) <= max(0, width))
    }

    @Test(arguments: [
        ("hello world", 5, "hello"),
        ("中文中文", 3, "中"),
        ("a中文", 2, "a"),
    ] as [(String, Int, String)])
    func truncateWithoutEllipsis(text: String, width: Int, expected: String) {
        #expect(TextLayout.truncate(text, toWidth: width, ellipsis: false) == expected)
    }

    /// A toast or title with an escape sequence or a tab is cut to the width it is drawn at
    /// (controls become one-column pictures, tabs spaces), keeping its ellipsis.
    @Test func truncationMeasuresTheTextAsDrawn() {
        let cut = TextLayout.truncate("\u{1B}[31merror:\tdisk full on /var", toWidth: 12)
        #expect(cut == "␛[31merror:…")
        #expect(TextWidth.of(TextSanitizer.sanitize(cut)) == 12)
    }

    @Test func truncationNeverSplitsACharacter() {
        let samples = ["中文和emoji🎉👍🏽混合e\u{301}", "🇨🇳🇯🇵🇰🇷", "ab\u{301}\u{302}cd", "👨‍👩‍👧‍👦 family"]
        for text in samples {
            for width in 0...TextWidth.of(text) + 1 {
                for ellipsis in [true, false] {
                    let cut = TextLayout.truncate(text, toWidth: width, ellipsis: ellipsis)
                    #expect(TextWidth.of(cut) <= width)
                    let body = ellipsis && cut.last == "…" && text.last != "…" ? String(cut.dropLast()) : cut
                    #expect(text.hasPrefix(body), "\(text) cut at \(width) gave \(cut)")
                    #expect(Array(text).starts(with: Array(body)), "split a character: \(cut)")
                }
            }
        }
    }

    @Test func fitPadsToExactWidth() {
        #expect(TextLayout.fit("ab", toWidth: 4) == "ab  ")
        #expect(TextLayout.fit("中文中文", toWidth: 4) == "中… ")
        #expect(TextWidth.of(TextLayout.fit("中文中文", toWidth: 4)) == 4)
        #expect(TextLayout.fit("abc", toWidth: 0) == "")
    }

    @Test(arguments: [
        ("a\tb", 0, "a       b"),
        ("\tx", 0, "        x"),
        ("abcdefgh\tx", 0, "abcdefgh        x"),
        ("中\tx", 0, "中      x"),
        ("a\tb", 3, "a    b"),
        ("none", 0, "none"),
    ] as [(String, Int, String)])
    func expandTabs(text: String, start: Int, expected: String) {
        #expect(TextLayout.expandTabs(text, startColumn: start) == expected)
    }
}
