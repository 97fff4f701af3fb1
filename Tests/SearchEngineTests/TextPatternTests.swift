import SearchEngine
import Testing

/// Smart-case matching, a block's lines, refinement and highlights.
@Suite struct TextPatternTests {
    @Test func smartCase() {
        let lower = TextPattern("error")!
        #expect(lower.ignoresCase)
        #expect(lower.matches("An ERROR here") && lower.matches("Error") && !lower.matches("err or"))
        let upper = TextPattern("Error")!
        #expect(!upper.ignoresCase)
        #expect(upper.matches("Error: x") && !upper.matches("error") && !upper.matches("ERROR"))
        #expect(TextPattern("") == nil)
    }

    @Test func unicodeCJKAndEmoji() {
        #expect(TextPattern("привет")!.matches("ПРИВЕТ мир"))
        #expect(!TextPattern("Привет")!.matches("привет"))
        #expect(TextPattern("中文")!.matches("Item 001 中文 ok"))
        #expect(TextPattern("👍")!.matches("ok 👍 done"))
        #expect(TextPattern("é")!.matches("CAFÉ"))
    }

    @Test func linesOfABlock() {
        let block = "line one\nLine Two needle\nthree\nneedle four"
        #expect(matchingLines(TextPattern("two needle")!, block) == [1])
        #expect(matchingLines(TextPattern("needle")!, block) == [1, 3])
        #expect(TextPattern("absent")!.matches(String(repeating: "absen", count: 1000)) == false)
        #expect(TextPattern("needle")!.matches(String(repeating: "x", count: 5000) + "NEEDLE"))
    }

    @Test func refinement() {
        #expect(TextPattern("abc")!.refines(TextPattern("ab")!))
        #expect(TextPattern("aBc")!.refines(TextPattern("a")!))
        #expect(!TextPattern("ab")!.refines(TextPattern("abc")!))
    }

    @Test func highlightsAreColumnsOfTheVisibleText() {
        let parts = TextPattern("ab")!.highlights(in: "中AB xab")
        #expect(parts.map(\.column) == [2, 6])
        #expect(parts.map(\.text) == ["AB", "ab"])
    }
}
