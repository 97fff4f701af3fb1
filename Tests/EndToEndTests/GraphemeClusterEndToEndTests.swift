import Foundation
import Testing
import TestSupport

/// Text in scripts whose characters are several scalars, through the real binary in tmux:
/// every scalar is on screen, each row ends at the right edge at the latest, and a character
/// cut there becomes `…`, at widths that cut each of them, before and after moving.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct GraphemeClusterEndToEndTests {
    /// "한국어 파일이름" decomposed (NFD), as file names from macOS and zip archives are.
    static let nfdHangul = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}\u{110B}\u{1165} \u{1111}\u{1161}\u{110B}\u{1175}\u{11AF}\u{110B}\u{1175}\u{1105}\u{1173}\u{11B7}"
    static let lines = [
        "नमस्ते क्षत्रिय दुनिया",
        "বাংলায় লেখা",
        "สวัสดีครับ กำลัง",
        "தமிழ் மொழி",
        nfdHangul,
        "x\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307} eight marks",
        String(repeating: "क्षत्रिय ", count: 12),
    ]
    /// A letter under 1,000 marks (tmux keeps about ten of them in its cell).
    static let thousandMarks = "a" + String(repeating: "\u{301}", count: 1000) + "b"

    /// The columns a terminal gives a character: the sum of its scalars' `wcwidth`.
    static func columns(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + max(0, LibcWidth.of($1.value) ?? 1) }
    }

    /// `text` as the list shows it in `width` columns: whole characters, then `…` when cut.
    static func expected(_ text: String, width: Int) -> String {
        if text.reduce(0, { $0 + columns($1) }) <= width { return text }
        var shown = "", used = 0
        for character in text {
            used += columns(character)
            if used > width - 1 { break }
            shown.append(character)
        }
        return shown + "…"
    }

    static func same(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }

    /// Every item row shows its text as expected and no row is wider than the pane.
    func expectRows(_ screen: [String], columns: Int, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, line) in screen.enumerated() {
            #expect((LibcWidth.sum(line) ?? .max) <= columns, "\(context): row \(i) overflows: \(line)", sourceLocation: sourceLocation)
        }
        for (i, text) in Self.lines.enumerated() {
            let row = i + 1
            guard row < screen.count else { break }
            var want = Self.expected(text, width: columns - 1)
            while want.last == " " { want.removeLast() }
            let shown = String(screen[row].unicodeScalars.dropFirst())
            #expect(Self.same(shown, want), "\(context): row \(row) shows \(shown), not \(want)", sourceLocation: sourceLocation)
        }
        let row = Self.lines.count + 1
        if row < screen.count, columns >= 3 {
            let shown = String(screen[row].unicodeScalars.dropFirst())
            let marks = shown.unicodeScalars.dropFirst().dropLast()
            #expect(shown.unicodeScalars.first == "a" && shown.unicodeScalars.last == "b" && marks.allSatisfy { $0 == "\u{301}" } && marks.count >= 1,
                    "\(context): the letter under 1,000 marks shows as \(shown)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [72, 14, 9, 5])
    func scriptsShowWholeAtEveryWidth(columns: Int) throws {
        try #require(LibcWidth.of(0x93F) == 1, "no C.UTF-8 locale")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = HardeningSession.fixture("scripts.txt", in: directory, Array((Self.lines + [Self.thousandMarks]).joined(separator: "\n").utf8) + [0x0A])
        let session = try HardeningSession(["--file", file], directory: directory, columns: columns, rows: 14)
        let items = Self.lines.count + 1
        func selected(_ row: Int) throws -> [String] {
            try session.tmux.waitUntil("the marker on row \(row)") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count > items && lines[row].hasPrefix("›") && lines[items].unicodeScalars.dropFirst().first == "a"
            }
            return session.screenLines()
        }
        expectRows(try selected(1), columns: columns, "\(columns) columns, first frame")
        for row in 2...items {
            session.tmux.sendKeys("Down")
            expectRows(try selected(row), columns: columns, "\(columns) columns, row \(row) selected")
        }
        session.tmux.sendKeys("Home")
        expectRows(try selected(1), columns: columns, "\(columns) columns, back home")
    }

    // MARK: Emoji sequences

    /// A skin tone, a flag, a family, a profession and a long line to scroll sideways; the
    /// blanks before "z" make the writer jump over them, so "z" lands where the writer
    /// believes the row's columns are.
    static let emojiLines = [
        "👍🏽 a", "🇯🇵 b", "👨‍👩‍👧‍👦 c", "🧑‍🌾👍🏽🇯🇵 d" + String(repeating: " ", count: 12) + "z",
        "0123456789abcdefgh👍🏽|🇯🇵 g" + String(repeating: "-", count: 60),
    ]

    /// The columns tmux gives a character: the sum of its scalars' `wcwidth`, but a scalar
    /// after a zero-width joiner takes none.
    static func tmuxColumns(_ character: Character) -> Int {
        var total = 0, afterJoiner = false
        for scalar in character.unicodeScalars {
            if !(afterJoiner && !scalar.isASCII) { total += max(0, LibcWidth.of(scalar.value) ?? 1) }
            afterJoiner = scalar.value == 0x200D
        }
        return total
    }

    /// The columns pullfeed reserves for a character: the most a terminal advances for it, here
    /// tmux's or, for one that joins nothing after a zero-width joiner (xterm, VTE), the sum of
    /// its scalars' `wcwidth` (a family of four: eight).
    static func reservedColumns(_ character: Character) -> Int {
        let separate = character.unicodeScalars.reduce(0) { $0 + max(0, LibcWidth.of($1.value) ?? 1) }
        return max(tmuxColumns(character), separate)
    }

    /// `text` as tmux shows it from pullfeed: each character followed by the blanks left where
    /// tmux draws it in fewer columns than pullfeed reserves (a family: two, then six blanks).
    static func padded(_ text: String) -> String {
        text.map { String($0) + String(repeating: " ", count: reservedColumns($0) - tmuxColumns($0)) }.joined()
    }

    /// Whether tmux shows `text` as `shown`: the same characters, but tmux keeps only the
    /// scalars that fit in its cell (21 bytes in tmux 3.3: a family of four is shown as its
    /// first three), so a longer character may be shown as its start.
    static func tmuxShows(_ shown: String, _ text: String) -> Bool {
        let a = Array(shown), b = Array(text)
        return a.count == b.count && zip(a, b).allSatisfy { shown, want in
            same(String(shown), String(want)) || (want.utf8.count > 20 && Array(want.unicodeScalars).starts(with: shown.unicodeScalars))
        }
    }

    /// The item rows, the marker column blanked.
    static func itemRows(_ screen: [String], count: Int) -> [String] {
        (1...count).map { row in
            guard row < screen.count else { return "" }
            return " " + String(screen[row].unicodeScalars.dropFirst())
        }
    }

    /// `printf '👍🏽 a\n🇯🇵 b\n👨‍👩‍👧‍👦 c\n…' | pullfeed`: each sequence is shown whole, and every
    /// item row is what `cat` shows for its line in a pane of the same width (after one blank
    /// column, and with the blanks pullfeed leaves after a sequence tmux joins into fewer
    /// columns than other terminals draw), on the first frame and as the selection moves over
    /// them; scrolled sideways, the thumb cut by the left edge leaves blanks and the flag after
    /// it is in place.
    @Test func emojiSequencesShowWholeWhereCatPutsThem() throws {
        try #require(LibcWidth.of(0x1F44D) == 2, "no C.UTF-8 locale")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("emoji.txt", in: directory, Array(Self.emojiLines.joined(separator: "\n").utf8) + [0x0A])
        let paddedLines = Self.emojiLines.map(Self.padded).joined(separator: "\n")
        let file = HardeningSession.fixture("padded.txt", in: directory, Array(paddedLines.utf8) + [0x0A])
        let cat = try Tmux(columns: 40, rows: 10, command: ["sh", "-c", "sed 's/^/ /' \(Tmux.shellQuote(file)); exec sleep 600"])
        defer { cat.kill() }
        let catScreen = try cat.waitUntil("cat's lines") { $0.contains(" z") }.components(separatedBy: "\n")
        let count = 4
        let expected = Array(catScreen.prefix(count))
        #expect(Self.same(expected[0], " 👍🏽 a"), "cat shows \(expected)")

        let session = try HardeningSession([], directory: directory, columns: 40, rows: 10, prefix: "cat emoji.txt |")
        func rows(selected row: Int) throws -> [String] {
            let screen = try session.tmux.waitUntil("the marker on row \(row)") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.count > count + 1 && lines[row].hasPrefix("›") && lines[count].contains("z")
            }
            return Self.itemRows(screen.components(separatedBy: "\n"), count: count + 1)
        }
        func expectLikeCat(_ shown: [String], _ context: String) {
            for i in 0..<count {
                #expect(Self.same(shown[i], expected[i]), "\(context): row \(i + 1) shows \(shown[i]), cat \(expected[i])")
            }
            // The long line, cut with `…` at the edge, the thumb and the flag whole.
            var want = "", used = 1
            for character in Self.emojiLines[4] {
                used += Self.reservedColumns(character)
                if used > 39 { break }
                want += Self.padded(String(character))
            }
            #expect(Self.same(shown[count], " " + want + "…"), "\(context): the long line shows \(shown[count])")
        }
        expectLikeCat(try rows(selected: 1), "first frame")
        for row in 2...(count + 1) {
            session.tmux.sendKeys("Down")
            expectLikeCat(try rows(selected: row), "row \(row) selected")
        }
        session.tmux.sendKeys("Home")
        expectLikeCat(try rows(selected: 1), "back home")

        // Sideways by half a screen (19 columns): the thumb (text columns 18–21) is cut.
        session.tmux.sendKeys("Right")
        // The unscrolled long line shows "|🇯🇵 g" too: wait for the title's offset (`→19`).
        let scrolled = try session.tmux.waitUntil("the rows scrolled sideways") {
            ($0.components(separatedBy: "\n").first ?? "").contains("→") && $0.contains("|🇯🇵 g")
        }
        let lines = Self.itemRows(scrolled.components(separatedBy: "\n"), count: count + 1)
        #expect(lines[count].hasPrefix(" " + "   |🇯🇵 g---"), "scrolled: \(lines[count])")
        #expect(!lines[count].unicodeScalars.contains("\u{1F44D}") && !lines[count].unicodeScalars.contains("\u{1F3FD}"), "scrolled: \(lines[count])")
        #expect(lines[3].trimmingCharacters(in: .whitespaces).isEmpty || lines[3].hasSuffix("z"), "scrolled: \(lines[3])")
    }

    /// In narrow panes every row ends at the edge at the latest, with `…` before a sequence
    /// that does not fit: never part of one.
    @Test(arguments: [9, 6, 4])
    func emojiSequencesAreCutWhole(columns: Int) throws {
        try #require(LibcWidth.of(0x1F44D) == 2, "no C.UTF-8 locale")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = HardeningSession.fixture("emoji.txt", in: directory, Array(Self.emojiLines.joined(separator: "\n").utf8) + [0x0A])
        let session = try HardeningSession([], directory: directory, columns: columns, rows: 10, prefix: "cat emoji.txt |")
        let screen = try session.tmux.waitUntil("the rows") { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 5 && lines[1].hasPrefix("›") && lines[5].unicodeScalars.first == " "
                && lines[5].unicodeScalars.dropFirst().first == "0"
        }
        let shown = Self.itemRows(screen.components(separatedBy: "\n"), count: Self.emojiLines.count)
        for (i, text) in Self.emojiLines.enumerated() {
            var want = "", used = 0
            let total = text.reduce(0) { $0 + Self.reservedColumns($1) }
            if total <= columns - 1 {
                want = Self.padded(text)
            } else {
                for character in text {
                    used += Self.reservedColumns(character)
                    if used > columns - 2 { break }
                    want += Self.padded(String(character))
                }
                want += "…"
            }
            while want.last == " " { want.removeLast() }
            #expect(Self.tmuxShows(shown[i], " " + want), "\(columns) columns: row \(i + 1) shows \(shown[i]), not \(want)")
        }
    }
}
