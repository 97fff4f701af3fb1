import TerminalText
import Testing
@testable import TerminalUI

@Suite struct RecentByIndexTests {
    @Test func keepsAWindowOfRowsAndForgetsOnlyWhatItMust() {
        var cache = RecentByIndex<String>(capacity: 5)  // rounded up to 8 slots
        #expect(cache[3] == nil)
        for index in 100..<108 { cache[index] = "row \(index)" }
        for index in 100..<108 { #expect(cache[index] == "row \(index)") }
        #expect(cache[99] == nil)
        #expect(cache[108] == nil)

        // A row 8 further on takes its slot; its neighbours stay.
        cache[108] = "row 108"
        #expect(cache[100] == nil)
        #expect(cache[108] == "row 108")
        #expect(cache[101] == "row 101")

        cache[101] = nil
        #expect(cache[101] == nil)
        cache[-3] = "before the start"
        #expect(cache[-3] == "before the start")
        #expect(cache[5] == nil)  // same slot as -3
    }

    @Test func removeAllForgetsEverythingAndTheCacheKeepsWorking() {
        var cache = RecentByIndex<Int>()
        for index in 0..<600 { cache[index] = index * 2 }
        #expect(cache[599] == 1198)
        #expect(cache[0] == nil)  // 512 slots: 0 gave its slot to 512
        #expect(cache[87] == nil)  // and 87 to 599
        #expect(cache[88] == 176)
        cache.removeAll()
        #expect((0..<600).allSatisfy { cache[$0] == nil })
        cache[7] = 1
        #expect(cache[7] == 1)
        #expect(cache[519] == nil)
    }
}

@Suite struct SanitizedTextTests {
    @Test(arguments: ["plain", "中文 and 🎉", "\u{1B}[2Jhostile\u{07}", "tab\there", "e\u{301}cole", "", "\u{200B}zero"])
    func isSanitisedMeasuredAndDrawsLikeTheString(raw: String) {
        let text = SanitizedText(raw)
        #expect(text.text == TextSanitizer.sanitize(raw))
        #expect(text.width == TextWidth.of(TextSanitizer.sanitize(raw)))
        #expect(TextSanitizer.isSafe(text.text))
        for maxWidth in [nil, 0, 1, 3, 6] as [Int?] {
            let fromString = MemoryScreen(columns: 12, rows: 1)
            let fromSanitized = MemoryScreen(columns: 12, rows: 1)
            let drawn = fromString.draw(raw, row: 0, column: 2, style: Style(bold: true), maxWidth: maxWidth)
            let drawnSanitized = fromSanitized.draw(text, row: 0, column: 2, style: Style(bold: true), maxWidth: maxWidth)
            #expect(drawn == drawnSanitized)
            #expect(fromString.lines == fromSanitized.lines)
        }
    }
}
