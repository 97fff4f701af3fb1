import TerminalText
import Testing

/// The code of the TerminalText DocC catalog, verbatim (Scripts/check-doc-snippets.py checks
/// it), run: what it prints is recorded by a local `print` and checked.
@Suite struct DocSnippetTests {
    @Test func widthsSanitisingAndCutting() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        print(TextWidth.of("中文"))                              // 4
        print(TextSanitizer.sanitize("a\u{1B}[2Jb"))             // a␛[2Jb
        print(TextLayout.truncate("Hello, world", toWidth: 8))  // Hello, …

        #expect(printed == ["4", "a␛[2Jb", "Hello, …"])
    }
}
