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
}
