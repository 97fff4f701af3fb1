import SearchEngine
import TerminalText
import Testing
import TestSupport
@testable import TerminalUI

/// Text in scripts whose characters are several scalars: every scalar reaches the terminal,
/// each character takes the columns a terminal gives it (the sum of its scalars' `wcwidth`),
/// rows stay aligned at every width, and a character cut at the edge becomes `…` or blanks.
@Suite struct GraphemeClusterTests {
    /// "한국어 파일이름" decomposed (NFD), as file names from macOS and zip archives are.
    static let nfdHangul = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165} \u{1111}\u{1161}\u{110B}\u{1175}\u{11AF}\u{110B}\u{1175}\u{1105}\u{1173}\u{11B7}"
    static let eightMarks = "x\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}y"

    /// Each with the columns a terminal gives it.
    static let samples: [(String, Int)] = [
        ("नमस्ते", 4),            // Devanagari: स्ते is one character, three scalars with columns
        ("क्षत्रिय", 6),
        ("বাংলায়", 6),            // Bengali
        ("สวัสดี กำลัง", 9),      // Thai: marks above, and SARA AM, which takes a column
        ("தமிழ் மொழி", 9),        // Tamil: spacing vowel signs
        (nfdHangul, 15),          // a leading jamo two columns, vowels and finals none
        (eightMarks, 2),
    ]

    static func same(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }

    @Test(arguments: samples)
    func widthIsTheSumOfTheScalarsWidths(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns)
        for character in text {
            #expect(TextWidth.of(character) == character.unicodeScalars.reduce(0) { $0 + TextWidth.of($1) })
        }
    }

    /// The width table agrees with the C library the terminal follows, character by character.
    @Test(arguments: samples)
    func widthAgreesWithTheCLibrary(text: String, columns: Int) throws {
        let libc = try #require(LibcWidth.sum(text), "no C.UTF-8 locale")
        #expect(libc == columns)
        for character in text { #expect(TextWidth.of(character) == LibcWidth.sum(String(character))) }
    }

    @Test(arguments: samples)
    func everyScalarReachesTheTerminal(text: String, columns: Int) {
        var h = ScreenWriterTests.Harness(rows: 2, columns: 30)
        h.record(.text(text, column: 0, style: .plain, limit: 30), row: 0)
        h.record(.text(text + "|", column: 30 - columns - 1, style: .bold, limit: columns + 1), row: 1)
        h.present()
        h.check()
        #expect(Self.same(h.terminal.line(0), text))
        #expect(Self.same(h.memory.line(0), text))
        // Drawn against the right edge, the row ends exactly there.
        #expect(h.terminal.cells[1][29].text == "|")
    }

    /// At every width from 1 column up, a list row cut with `…` and a text clipped at the edge
    /// show whole characters, every scalar of them, and never pass the edge.
    /// `text` cut with `…` to `width` on row 0 and clipped at the edge on row 1 of a writer
    /// harness of that width, sent and checked against the terminal model.
    static func drawCut(_ text: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation)
        -> (ScreenWriterTests.Harness, (text: String, width: Int)) {
        var h = ScreenWriterTests.Harness(rows: 2, columns: width)
        let cut = ListView.measuredTruncation(text, toWidth: width)
        #expect(cut.width == TextWidth.of(cut.text) && cut.width <= width, "width \(width)", sourceLocation: sourceLocation)
        h.record(.text(cut.text, column: 0, style: .plain, limit: width), row: 0)
        h.record(.text(text, column: 0, style: .reversed, limit: width), row: 1)
        h.present()
        h.check("width \(width)", sourceLocation: sourceLocation)
        return (h, (cut.text, cut.width))
    }

    /// The whole characters of `text` that fit in `width` columns.
    static func fittingPrefix(_ text: String, width: Int) -> String {
        var shown = "", used = 0
        for character in text {
            used += TextWidth.of(character)
            if used > width { break }
            shown.append(character)
        }
        return shown
    }

    @Test(arguments: samples)
    func rowsCutAtEveryWidthStayAligned(text: String, columns: Int) {
        for width in 1...(columns + 2) {
            let (h, cut) = Self.drawCut(text, width: width)
            #expect(cut.text == TextLayout.truncate(text, toWidth: width))
            // Whole characters of the text, then `…` when cut.
            var shown = Self.fittingPrefix(text, width: width)
            while shown.last == " " { shown.removeLast() }
            #expect(Self.same(h.terminal.line(1), shown), "width \(width)")
            if columns <= width {
                #expect(Self.same(h.terminal.line(0), text), "width \(width)")
            } else {
                #expect(h.terminal.line(0).hasSuffix("…"), "width \(width)")
                #expect(text.hasPrefix(String(h.terminal.line(0).dropLast())), "width \(width)")
            }
            #expect((LibcWidth.sum(h.terminal.line(0)) ?? 0) <= width)
        }
    }

    @Test func aCharacterOverSeveralColumnsCutByADrawingIsBlankedWhole() {
        var h = ScreenWriterTests.Harness(rows: 1, columns: 12)
        h.record(.text("क्षत्रिय", column: 0, style: .plain, limit: 12), row: 0)
        h.present()
        h.check()
        // क्ष takes columns 0–1, त्रि 2–4: "x" in column 1 and "y" in column 3 cut both.
        h.record(.text("क्षत्रिय", column: 0, style: .plain, limit: 12), row: 0)
        h.record(.text("x", column: 1, style: .bold, limit: 1), row: 0)
        h.record(.text("y", column: 3, style: .bold, limit: 1), row: 0)
        h.present()
        h.check()
        #expect(h.terminal.line(0) == " x y य")
        // Drawn whole again, over a row that showed its pieces.
        h.record(.text("क्षत्रिय", column: 0, style: .plain, limit: 12), row: 0)
        h.present()
        h.check()
        #expect(Self.same(h.terminal.line(0), "क्षत्रिय"))
    }

    @Test func aLetterKeepsItsMarksUpToABound() {
        var h = ScreenWriterTests.Harness(rows: 2, columns: 6)
        let thousand = "a" + String(repeating: "\u{301}", count: 1000) + "b"
        #expect(TextWidth.of(thousand) == 2)
        h.record(.text(Self.eightMarks, column: 0, style: .plain, limit: 6), row: 0)
        h.record(.text(thousand, column: 0, style: .plain, limit: 6), row: 1)
        let bytes = h.present()
        h.check()
        #expect(Self.same(h.terminal.line(0), Self.eightMarks))
        let kept = "a" + String(repeating: "\u{301}", count: CellBuilder.maxZeroWidthScalars) + "b"
        #expect(Self.same(h.terminal.line(1), kept))
        #expect(Self.same(h.memory.line(1), kept))
        #expect(h.terminal.cells[1][1].text == "b")
        #expect(bytes.count < 200)
    }

    @Test func aOneColumnWindowShowsWhatFitsAndNothingMore() {
        var h = ScreenWriterTests.Harness(rows: 4, columns: 1)
        for (row, text) in ["क्षत्रिय", Self.nfdHangul, "नमस्ते", "中"].enumerated() {
            h.record(.text(text, column: 0, style: .plain, limit: 1), row: row)
        }
        h.present()
        h.check()
        #expect((0..<4).map(h.terminal.line) == ["", "", "न", ""])
        for text in ["क्षत्रिय", Self.nfdHangul, "中"] {
            #expect(TextLayout.truncate(text, toWidth: 1) == "…")
            #expect(ListView.truncated(text, toWidth: 1) == "…")
        }
    }

    /// The stored characters the screen no longer shows are dropped: the store stays the
    /// size of a few screens however many characters went by.
    @Test func storedCharactersDoNotAccumulate() {
        var h = ScreenWriterTests.Harness(rows: 2, columns: 8)
        let consonants = (0x915...0x939).compactMap(Unicode.Scalar.init)
        var most = 0
        for frame in 0..<300 {
            for row in 0..<2 {
                var text = ""
                for k in 0..<4 {
                    let i = frame * 8 + row * 4 + k
                    text += String(consonants[i % consonants.count]) + "\u{94D}" + String(consonants[i / consonants.count % consonants.count])
                }
                h.record(.text(text, column: 0, style: .plain, limit: 8), row: row)
            }
            h.present()
            most = max(most, h.writer.clusters.count)
        }
        h.check()
        #expect(most <= 2 * 2 * 8 + 256 + 8)
    }

    /// Rows moved by a scroll keep what the writer knows of their characters: drawing over
    /// part of one, on a row that came there by the scroll, blanks the rest of it.
    @Test func charactersMovedByAScrollAreRepairedWhenDrawnOver() {
        var h = ScreenWriterTests.Harness(rows: 4, columns: 10)
        for (row, text) in ["plain", "क्षत्रिय", "中文字", "plain"].enumerated() {
            h.writer.draw(row: row, ops: [.text(text, column: 0, style: .plain, limit: 10)])
        }
        let scrolled = h.writer.scroll(RowCache.Scroll(top: 0, bottom: 3, lines: 1))
        #expect(scrolled)
        h.writer.draw(row: 0, ops: [.text("x", column: 3, style: .bold, limit: 1)])  // inside त्रि
        h.writer.draw(row: 1, ops: [.text("y", column: 1, style: .bold, limit: 1)])  // the right half of 中
        h.terminal.feed(h.writer.takeOutput())
        #expect(h.terminal.problem == nil)
        for row in 0..<4 { #expect(h.terminal.cells[row] == h.terminalCells(h.writer.screen[row]), "row \(row)") }
        #expect(h.terminal.line(0) == "क्ष" + " x य" && h.terminal.line(1) == " y文字")
    }

    /// A terminal that scrolls when its bottom-right cell is written: the characters that
    /// would reach it are left as they were, whole, and the writer knows what is shown.
    @Test func theBottomRightCellStaysUnwrittenWithCharactersOverSeveralColumns() {
        var codes = TerminalCodes.ansi
        codes.deferredWrap = false
        let width = ScreenWriterTests.width
        var writer = ScreenWriter(rows: 2, columns: 4, codes: codes, usesColors: false, libcWidth: width)
        var terminal = TerminalModel(rows: 2, columns: 4, width: width, clustersCharacters: false)
        writer.clear()
        terminal.feed(writer.takeOutput())
        func send(_ text: String) {
            writer.draw(row: 1, ops: [.text(text, column: 0, style: .plain, limit: 4)])
            terminal.feed(writer.takeOutput())
            #expect(terminal.problem == nil, "\(text)")
            let believed = writer.screen[1].map { String(decoding: writer.bytes(of: $0), as: UTF8.self) }.joined()
            #expect(Self.same(terminal.line(1), String(believed.reversed().drop { $0 == " " }.reversed())), "\(text)")
        }
        send("abक्ष")
        #expect(terminal.line(1) == "ab")
        send("aक्षd")
        #expect(Self.same(terminal.line(1), "aक्ष"))
        send("wxyz")
        #expect(terminal.line(1) == "wxy")
        // त्रि would take columns 1–3: those keep "xy" and a blank.
        send("aत्रि")
        #expect(terminal.line(1) == "axy")
    }

    /// When the C library measures a scalar differently, the row still ends where the layout
    /// says: a character the terminal draws narrower is padded, one it does not know is U+FFFD.
    @Test func aCLibraryThatDisagreesKeepsTheRowAligned() {
        // An old C library: Devanagari vowel signs take no column, Bengali is unknown.
        let libc: @Sendable (UInt32) -> Int = { v in
            if (0x93E...0x94C).contains(v) { return 0 }
            if (0x980...0x9FF).contains(v) { return -1 }
            return ScreenWriterTests.width(v)
        }
        var writer = ScreenWriter(rows: 1, columns: 12, codes: .ansi, usesColors: false, libcWidth: libc)
        var terminal = TerminalModel(rows: 1, columns: 12, width: libc, clustersCharacters: false)
        writer.clear()
        writer.draw(row: 0, ops: [.text("कि|বা|", column: 0, style: .plain, limit: 12)])
        terminal.feed(writer.takeOutput())
        #expect(terminal.problem == nil)
        #expect(Self.same(terminal.line(0), "कि |\u{FFFD} |"))
        #expect(terminal.cells[0][1].text == " " && terminal.cells[0][2].text == "|" && terminal.cells[0][5].text == "|")
    }

    @Test func memoryScreenCellsHoldWholeCharacters() {
        let screen = MemoryScreen(columns: 10, rows: 1)
        #expect(screen.draw("क्षत्रिय", row: 0, column: 0) == 6)
        let cells = screen.cells[0].map { $0.character.map(String.init) }
        #expect(cells[0] == "क्ष" && cells[1] == nil && cells[2] == "त्रि" && cells[3] == nil && cells[4] == nil && cells[5] == "य")
        #expect(Self.same(screen.line(0), "क्षत्रिय"))
        screen.draw("x", row: 0, column: 3)
        #expect(Self.same(screen.line(0), "क्ष" + " x " + "य"))
        screen.draw("ab", row: 0, column: 0)
        #expect(screen.line(0) == "ab x य")
    }

    // MARK: Emoji sequences

    /// Emoji sequences, each with the columns the layout gives it: the most any terminal
    /// advances for it. xterm and VTE advance every scalar's `wcwidth` (a skin tone its two
    /// columns, each person of a family two, a regional indicator one); one asking for emoji
    /// presentation takes at least two.
    static let emoji: [(String, Int)] = [
        ("👍🏽", 4),
        ("🇯🇵", 2),
        ("👨‍👩‍👧‍👦", 8),
        ("🧑‍🌾", 4),
        ("👨🏽‍👩🏻", 8),
        ("🏳️‍🌈", 3),           // a one-column flag, a joiner and a rainbow
        ("❤️", 2),
        ("1️⃣", 2),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),  // a tag flag
    ]

    @Test(arguments: emoji)
    func emojiSequencesTakeTheMostColumnsATerminalGivesThem(text: String, columns: Int) {
        #expect(text.count == 1)
        #expect(TextWidth.of(text) == columns)
        // Never fewer than a terminal that joins nothing advances for the scalars sent.
        let separate = text.unicodeScalars.reduce(0) { $0 + max(0, LibcWidth.of($1.value) ?? 1) }
        #expect(separate <= columns)
    }

    /// Every scalar of the sequence reaches the terminal, in one cell, and the text after it
    /// starts where the layout says, in the writer's bytes as on the screen.
    @Test(arguments: emoji)
    func emojiSequencesAreDrawnWhole(text: String, columns: Int) {
        let width = 24
        var h = ScreenWriterTests.Harness(rows: 2, columns: width)
        h.record(.text(text + " a" + String(repeating: " ", count: 10) + "z", column: 0, style: .plain, limit: width), row: 0)
        h.record(.text("x" + text + "|", column: width - columns - 2, style: .bold, limit: columns + 2), row: 1)
        h.present()
        h.check()
        #expect(Self.same(String(h.terminal.line(0).unicodeScalars.filter { $0 != " " }), text + "az"))
        #expect(h.terminal.cells[0][columns + 1].text == "a" && h.terminal.cells[0][columns + 12].text == "z")
        #expect(h.terminal.cells[1][width - 1].text == "|" && h.terminal.cells[1][width - columns - 2].text == "x")
        let screen = MemoryScreen(columns: width, rows: 1)
        #expect(screen.draw(text + " a", row: 0, column: 0) == columns + 2)
        let cells = screen.cells[0]
        // The sequence fills its columns (its cell and continuations), and nothing else does.
        let drawn = String(cells[0..<columns].compactMap(\.character))
        #expect(Self.same(drawn.trimmingCharacters(in: .whitespaces), text), "\(cells[0..<columns])")
        #expect(cells[columns].character == " " && cells[columns + 1].character == "a")
        #expect(Self.same(String(screen.line(0).unicodeScalars.filter { $0 != " " }), String(text.unicodeScalars) + "a"))
    }

    @Test func theIssuesLinesShowWholeWithTheTextAfterThemInPlace() {
        let screen = MemoryScreen(columns: 12, rows: 3)
        for (row, line) in ["👍🏽 a", "🇯🇵 b", "👨‍👩‍👧‍👦 c"].enumerated() { screen.draw(line, row: row, column: 0) }
        #expect(screen.lines == ["👍🏽 a", "🇯🇵 b", "👨‍👩‍👧‍👦 c"])
        #expect(screen.cells[0][5].character == "a" && screen.cells[1][3].character == "b" && screen.cells[2][9].character == "c")
        #expect(screen.cells[0][0].character == "👍🏽" && screen.cells[1][0].character == "🇯🇵")
        // A family is drawn person by person, in the eight columns the layout gives it.
        #expect(String(screen.cells[2][0..<8].compactMap(\.character)) == "👨‍👩‍👧‍👦")
        #expect((1...3).allSatisfy { screen.cells[0][$0].character == nil })
    }

    /// Cut with `…` at every width, cut at the edge, or scrolled sideways by any number of
    /// columns, a row shows whole sequences or blanks, never part of one.
    @Test func emojiSequencesAreNeverSplit() {
        let text = Self.emoji.map(\.0).joined(separator: "x")
        let total = TextWidth.of(text)
        for width in 1...(total + 1) {
            let (h, cut) = Self.drawCut(text, width: width)
            #expect(Array(text).starts(with: Array(cut.text.hasSuffix("…") ? String(cut.text.dropLast()) : cut.text)), "width \(width)")
            let shown = Self.fittingPrefix(text, width: width)
            #expect(Self.same(String(h.memory.line(1).unicodeScalars.filter { $0 != " " }), String(shown.unicodeScalars)), "width \(width)")
        }
        for dropping in 0...total {
            let cut = TextWalker.cut(TextWalker.Visible(text: text, marks: []), dropping: dropping, toWidth: 12)
            var body = Array(cut.text.drop { $0 == " " })
            if body.last == "…" { body.removeLast() }
            let characters = Array(text)
            #expect(characters.indices.contains { characters[$0...].starts(with: body) }, "dropping \(dropping): \(cut.text)")
            #expect(TextWidth.of(cut.text) == cut.width && cut.width <= 12)
            let screen = MemoryScreen(columns: 12, rows: 1)
            screen.draw(cut.text, row: 0, column: 0)
            // A sequence the terminal draws in fewer columns (❤️) is followed by blanks.
            #expect(Self.same(String(screen.line(0).unicodeScalars.filter { $0 != " " }), String(cut.text.unicodeScalars.filter { $0 != " " })),
                    "dropping \(dropping)")
        }
    }

    /// A list row scrolled sideways: the sequence the left edge cuts leaves blanks, the rest
    /// is in place.
    @Test func sidewaysScrollingBlanksACutSequence() {
        let list = ListView(dataSource: ArrayListDataSource(rows: [.item("ab👍🏽cd🇯🇵" + String(repeating: "e", count: 40))]), viewportHeight: 1)
        list.showsSelection = false
        let screen = MemoryScreen(columns: 10, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        #expect(screen.lines == [" ab👍🏽cd…"])
        _ = list.apply(.scrollRight)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        // Four columns dropped: "ab" and half of the thumb.
        #expect(list.horizontalOffset == 4)
        #expect(screen.lines == ["   cd🇯🇵ee…"])
    }

    /// A match is drawn over the row in the highlight style, at the columns after the
    /// sequences, on the selected row and off it; a sequence itself can be the match.
    @Test func highlightsAfterAndOnEmojiSequencesLineUp() {
        let rows: [ListRow] = [.item("👍🏽 ok 🇯🇵 ok"), .item("👨‍👩‍👧‍👦 ok")]
        let list = ListView(dataSource: ArrayListDataSource(rows: rows), viewportHeight: 2)
        list.highlight = TextPattern("ok")
        let screen = MemoryScreen(columns: 20, rows: 2)
        list.draw(on: screen, top: 0, height: 2, width: 20) { _, _ in }
        #expect(screen.lines == ["›👍🏽 ok 🇯🇵 ok", " 👨‍👩‍👧‍👦 ok"])
        let marked = ListView.highlightStyle(for: Style(reverse: true))
        #expect(screen.cells[0][6].character == "o" && screen.style(row: 0, column: 6) == marked)
        #expect(screen.cells[0][12].character == "o" && screen.style(row: 0, column: 12) == marked)
        #expect(screen.style(row: 0, column: 5) == Style(reverse: true))
        #expect(screen.cells[1][10].character == "o" && screen.style(row: 1, column: 10) == ListView.highlightStyle(for: .plain))
        list.highlight = TextPattern("🇯🇵")
        list.draw(on: screen, top: 0, height: 2, width: 20) { _, _ in }
        #expect(screen.lines == ["›👍🏽 ok 🇯🇵 ok", " 👨‍👩‍👧‍👦 ok"])
        #expect(screen.cells[0][9].character == "🇯🇵" && screen.style(row: 0, column: 9) == marked)
        #expect(screen.style(row: 0, column: 8) == Style(reverse: true))
    }

    /// A terminal that draws sequences narrower than the writer's C library says (one picture
    /// of two columns): the sequence's columns were blanked and the cursor is placed again
    /// after it, so the row lines up all the same, without colours too.
    @Test(arguments: [true, false])
    func aTerminalThatDrawsSequencesNarrowerKeepsTheRowAligned(colors: Bool) {
        // The terminal: a skin tone joins its emoji, taking no column of its own.
        let narrow: @Sendable (UInt32) -> Int = { (0x1F3FB...0x1F3FF).contains($0) ? 0 : ScreenWriterTests.width($0) }
        var writer = ScreenWriter(rows: 1, columns: 12, codes: .ansi, usesColors: colors, libcWidth: ScreenWriterTests.width)
        var terminal = TerminalModel(rows: 1, columns: 12, width: narrow)
        writer.clear()
        writer.draw(row: 0, ops: [.text("0123456789ab", column: 0, style: .plain, limit: 12)])
        writer.draw(row: 0, ops: [.text("👍🏽 a👍🏽 b", column: 0, style: .reversed, limit: 12)])
        terminal.feed(writer.takeOutput())
        #expect(terminal.problem == nil)
        #expect(Self.same(terminal.line(0), "👍🏽   a👍🏽   b"))
        #expect(terminal.cells[0][5].text == "a" && terminal.cells[0][11].text == "b")
        #expect(terminal.cells[0][2].text == " " && terminal.cells[0][3].text == " ")
        #expect(terminal.cells[0][2].style == terminal.cells[0][0].style)
    }
}
