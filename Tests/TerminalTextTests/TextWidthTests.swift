import TerminalText
import Testing

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("a", 1), (" ", 1), ("~", 1),
        ("中", 2), ("文", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
        ("🎉", 2), ("👍🏽", 4), ("👨‍👩‍👧‍👦", 8), ("🇨🇳", 2), ("❤️", 2), ("1️⃣", 2),
        ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{200B}", 0),
        ("\u{1B}", 0), ("\u{7F}", 0), ("\u{9B}", 0), ("␛", 1), ("…", 1), ("›", 1),
    ] as [(Character, Int)])
    func characterWidth(character: Character, width: Int) {
        #expect(TextWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        ("", 0), ("hello", 5), ("ab中文x", 7), ("A title with 中文 and emoji 🎉", 30),
        ("e\u{301}e\u{301}", 2), ("👨‍👩‍👧‍👦x", 9), ("\u{1B}[2J", 3),
    ] as [(String, Int)])
    func stringWidth(text: String, width: Int) {
        #expect(TextWidth.of(text) == width)
    }

    @Test func asciiFastPathAgreesWithPerCharacterMeasure() {
        let text = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        #expect(TextWidth.of(text) == text.reduce(0) { $0 + TextWidth.of($1) })
        #expect(TextWidth.of(text) == 95)
    }
}

/// The scalar fast path must agree with per-character measuring wherever it is taken.
@Suite struct ScalarFastPathTests {
    @Test(arguments: ["第000003条 评论 quartz", "nectar 🚀 orbit ✅", "ｆｕｌｌ", "plain"])
    func singleScalarCharactersTakeTheFastPath(_ text: String) {
        #expect(TextWidth.scalarsAreCharacters(text))
        #expect(text.unicodeScalars.reduce(0) { $0 + TextWidth.of($1) } == TextWidth.of(text))
    }

    @Test(arguments: ["e\u{301}", "👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "한글", "ﾊﾟ", "नमस्ते", "กำ"])
    func clustersDoNot(_ text: String) {
        #expect(!TextWidth.scalarsAreCharacters(text))
    }

    /// The eight-bytes-at-a-time check agrees with the plain one for every byte value, at
    /// every position of a word and of the tail.
    @Test func printableASCIIMatchesAByteByByteCheck() {
        for length in [1, 7, 8, 9, 16, 17] {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    let text = String(decoding: bytes, as: UTF8.self)
                    let expected = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    #expect(TextWidth.isPrintableASCII(text) == expected, "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }
}
