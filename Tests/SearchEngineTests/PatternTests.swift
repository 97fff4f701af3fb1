@testable import SearchEngine
import Testing

/// The lines of `block` that `pattern` matches, by number.
func matchingLines(_ pattern: TextPattern, _ block: String) -> [Int] {
    var lines: [Int] = []
    var text = block
    _ = text.withUTF8 { bytes in
        pattern.forEachMatchingLine(in: bytes) { line in
            lines.append(line)
            return true
        }
    }
    return lines
}

private func regex(_ text: String) throws -> TextPattern {
    try #require(try TextPattern(text, syntax: .regularExpression))
}

/// Regular expressions, literal text, what a line shows, and many lines at once.
@Suite struct PatternTests {
    @Test func extendedRegularExpressions() throws {
        #expect(try regex("^commit").matches("commit 3f2a"))
        #expect(try !regex("^commit").matches("  commit 3f2a"))
        #expect(try regex("error|warn").matches("a WARNING here"))
        #expect(try regex("[0-9]{4}").matches("in 2026 then"))
        #expect(try !regex("[0-9]{4}").matches("in 202 then"))
        #expect(try regex("am.er|quartz$").matches("delta amber x"))
        #expect(try regex("am.er|quartz$").matches("cobalt quartz"))
        #expect(try !regex("am.er|quartz$").matches("quartz cobalt"))
        #expect(try regex("(ab)+c").matches("xxababc"))
        #expect(try regex("a?b*$").matches("anything"))
    }

    @Test func smartCaseAndNonASCIILetters() throws {
        #expect(try regex("é.cole").ignoresCase)
        #expect(try regex("caf(é|e)").matches("CAFÉ au lait"))
        #expect(try !regex("Caf(é|e)").matches("CAFÉ"))
        #expect(TextPattern("é")!.matches("CAFÉ"))
        // `\S`, `\W`: operators, not upper-case letters.
        #expect(try regex("\\Sarn").ignoresCase)
        #expect(try regex("\\Sarn").matches("WARN"))
    }

    @Test func textWithoutMetacharactersIsLiteralEitherWay() throws {
        let typed = try regex("amber")
        #expect(typed.needle != nil && typed.regex == nil)
        #expect(try TextPattern("a.b", syntax: .literal)!.matches("x a.b y"))
        #expect(try !TextPattern("a.b", syntax: .literal)!.matches("x axb y"))
        #expect(try regex("a.b").matches("x axb y"))
        #expect(try TextPattern("error|warn", syntax: .literal)!.matches("error|warn"))
        #expect(try !TextPattern("error|warn", syntax: .literal)!.matches("error"))
    }

    @Test func invalidPatternsSayWhy() throws {
        for text in ["(ab", "a[b", "a{2", "x\\", "*a"] where text != "*a" {
            #expect(throws: PatternError.self) { try TextPattern(text, syntax: .regularExpression) }
        }
        do {
            _ = try TextPattern("(ab", syntax: .regularExpression)
            Issue.record("no error")
        } catch {
            #expect(!error.reason.isEmpty)
        }
        #expect(throws: PatternError.self) { try TextPattern("(a)\\1", syntax: .regularExpression) }
        #expect(try TextPattern("", syntax: .regularExpression) == nil)
        #expect(try TextPattern("(ab", syntax: .literal)!.matches("x(ab"))
    }

    @Test func emptyMatchesAndHardPatternsEnd() throws {
        #expect(try regex("^").matches("anything"))
        #expect(try regex("x*").matches(""))
        #expect(matchingLines(try regex("^"), "a\nb\nc\n") == [0, 1, 2])
        #expect(matchingLines(try regex("x*"), "a\n\nc") == [0, 1, 2])
        #expect(try regex("x*").highlights(in: "abc").isEmpty)
        let catastrophic = try regex("(a*)*b")
        #expect(!catastrophic.matches(String(repeating: "a", count: 5_000)))
        let long = String(repeating: "ab", count: 5_000)
        #expect(try regex(long).matches(long))
        #expect(TextPattern(long)!.matches("x" + long))
    }

    @Test func matchesWhatTheLineShows() throws {
        let coloured = "def5678 \u{1B}[33mfeat: colour\u{1B}[m"
        #expect(!TextPattern("33")!.matches(coloured))
        #expect(TextPattern("feat: colour")!.matches(coloured))
        #expect(try regex("^def5678 feat").matches(coloured))
        // Split by colours, joined on screen.
        #expect(TextPattern("error here")!.matches("\u{1B}[1;31merror\u{1B}[0m here"))
        // Other escapes show as their pictures; a tab as the spaces it becomes.
        #expect(TextPattern("␛[2J")!.matches("a\u{1B}[2Jb"))
        #expect(TextPattern("a" + String(repeating: " ", count: 7) + "b")!.matches("a\tb"))
        #expect(!TextPattern("\t")!.matches("x"))
        // A pasted escape finds its picture.
        #expect(TextPattern("\u{1B}[2J")!.matches("a\u{1B}[2Jb"))
        #expect(TextPattern("␀")!.matches("a\u{0}b"))
        // A tool's erase-to-end and hyperlinks: their text is what shows, not their URI.
        #expect(TextPattern("1:item")!.matches("\u{1B}[32m\u{1B}[K1\u{1B}[m\u{1B}[K:\u{1B}[1;31m\u{1B}[KItem\u{1B}[m\u{1B}[K"))
        let link = "\u{1B}]8;;file://host/tmp/notes.txt\u{7}notes.txt\u{1B}]8;;\u{7} done"
        #expect(TextPattern("notes.txt done")!.matches(link))
        #expect(!TextPattern("file://")!.matches(link))
        #expect(!TextPattern("tmp")!.matches(link))
    }

    @Test func aBlockOfLinesMatchesAsItsLinesDo() throws {
        let lines = [
            "plain amber line", "\u{1B}[31mamb\u{1B}[0mer split by colour", "nothing", "tab\tamber",
            "AMBER upper", "x\r", "amber at crlf\r", "quartz", "last amber without newline",
        ]
        let block = lines.joined(separator: "\n")
        for pattern in [TextPattern("amber")!, TextPattern("Amber")!, try regex("am.er"), try regex("am.er|quartz$"),
                        try regex("^x$"), try regex("crlf$"), try regex("(r|z)$"), TextPattern("r s")!] {
            // In a block, a `\r` before a line's `\n` ends the line with it.
            let expected = lines.indices.filter { pattern.matches($0 < lines.count - 1 && lines[$0].hasSuffix("\r") ? String(lines[$0].dropLast()) : lines[$0]) }
            #expect(matchingLines(pattern, block) == expected, "\(pattern.text)")
            #expect(matchingLines(pattern, block + "\n") == expected, "\(pattern.text) with a final newline")
        }
        // A block with no control byte takes the whole-block path.
        let plain = (0..<1000).map { "Item \($0) \($0 % 7 == 0 ? "amber" : "slate")" }
        let expected = plain.indices.filter { $0 % 7 == 0 }
        #expect(matchingLines(TextPattern("AMBER".lowercased())!, plain.joined(separator: "\n")) == expected)
        #expect(matchingLines(try regex("am.er$"), plain.joined(separator: "\n") + "\n") == expected)
        #expect(matchingLines(try regex("am(b|x)er|nothing"), plain.joined(separator: "\n")) == expected)
    }

    @Test func regexRefinesWhenTextIsAddedToOneBranch() throws {
        #expect(try regex("am.e").refines(try regex("am.")))
        #expect(try !regex("am.*").refines(try regex("am.")))
        #expect(try !regex("a|bc").refines(try regex("a|b")))
        #expect(try !regex("ab?").refines(try regex("ab")))
        #expect(try regex("[|]x").refines(try regex("[|]")))
    }

    @Test func regexHighlightsAreWhereTheMatchesAre() throws {
        let parts = try regex("am.er").highlights(in: "中 amber and AMBER")
        #expect(parts.map(\.column) == [3, 13])
        #expect(parts.map(\.text) == ["amber", "AMBER"])
        #expect(try regex("^a").highlights(in: "aaa").map(\.column) == [0])
    }
}

/// The bit set a filter keeps its rows in.
@Suite struct RowSetTests {
    @Test func indexesRanksAndWalksAgreeWithAnArray() {
        var generator = SystemRandomNumberGenerator()
        for density in [1, 3, 50, 97] {
            let rows = (0..<5_000).filter { _ in Int.random(in: 0..<100, using: &generator) < density }
            let set = RowSet(rows)
            #expect(set.count == rows.count)
            #expect(Array(set) == rows)
            for probe in stride(from: 0, to: 5_100, by: 37) {
                #expect(set.rank(of: probe) == rows.filter { $0 < probe }.count)
                #expect(set.contains(probe) == rows.contains(probe))
            }
            var walked: [Int] = []
            set.forEach(from: rows.count / 2) { _, row in
                walked.append(row)
                return true
            }
            #expect(walked == Array(rows[(rows.count / 2)...]))
            var words = [UInt64](repeating: 0, count: 5_000 / 64 + 1)
            for row in rows { words[row / 64] |= 1 << UInt64(row % 64) }
            #expect(RowSet(words: words) == set)
            let odd = RowSet(rows.filter { $0 % 2 == 1 })
            #expect(Array(set.intersection(odd)) == rows.filter { $0 % 2 == 1 })
        }
    }

    @Test func aFilterOverManyRowsIsTheSameOnEveryThreadCount() throws {
        let texts = (0..<250_000).map { "row \($0) \($0 % 7 == 0 ? "amber" : "slate")" }
        let snapshot = StringsTextSnapshot(texts: texts)
        let pattern = try #require(TextPattern("amber"))
        let set = try #require(ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<texts.count))
        #expect(Array(set) == texts.indices.filter { $0 % 7 == 0 })
        let evens = RowSet(stride(from: 0, to: 250_000, by: 2))
        let narrowed = try #require(ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<texts.count, among: evens))
        #expect(Array(narrowed) == texts.indices.filter { $0 % 14 == 0 })
    }
}

/// The one pass that counts a block's lines and finds its control bytes.
@Suite struct LineBytesTests {
    @Test func countsAndControlsAgreeWithAByteLoop() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("abc xyz\n".utf8) + [0x09, 0x0D, 0x1B, 0x7F, 0xC2, 0xC3, 0xE4]
        for length in [0, 1, 31, 32, 33, 64, 1_000, 8_191, 40_000] {
            for plain in [true, false] {
                let bytes: [UInt8] = (0..<length).map { _ in
                    plain ? Array("abc xyz\n".utf8).randomElement(using: &generator)! : alphabet.randomElement(using: &generator)!
                }
                let newlines = bytes.filter { $0 == 0x0A }.count
                let special = bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F || $0 == 0xC2 }
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(LineBytes.countNewlines(in: buffer, from: 0, to: length) == newlines, "\(length) bytes")
                    #expect(LineBytes.hasSpecialBytes(buffer) == special, "\(length) bytes")
                    #expect(LineBytes.countNewlines(in: buffer, from: min(5, length), to: length)
                            == bytes[min(5, length)...].filter { $0 == 0x0A }.count)
                }
            }
        }
        // 255 × 32 bytes of newlines fill a lane counter; more must not wrap.
        let many = [UInt8](repeating: 0x0A, count: 32 * 300 + 7)
        many.withUnsafeBufferPointer { #expect(LineBytes.countNewlines(in: $0, from: 0, to: many.count) == many.count) }
    }
}
