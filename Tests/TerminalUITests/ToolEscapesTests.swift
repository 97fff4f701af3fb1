import SearchEngine
import TerminalText
import TestSupport
import Testing
@testable import TerminalUI

/// What common tools write besides colours: `ESC[K` after each colour (grep, gcc) is dropped,
/// and OSC 8 hyperlinks (ls, gcc) show their text while the link goes to the terminal as one of
/// the writer's own, its URI made safe; every other sequence stays visible text.
@Suite struct ToolEscapesTests {
    static let esc = "\u{1B}"
    static let st = "\u{1B}\\"
    static let bel = "\u{07}"

    /// `grep --color=always -n Item file`'s first line.
    static let grepLine = "\(esc)[32m\(esc)[K1\(esc)[m\(esc)[K\(esc)[36m\(esc)[K:\(esc)[m\(esc)[K\(esc)[01;31m\(esc)[KItem\(esc)[m\(esc)[K 000001"

    /// `ls --hyperlink=always --color=always`'s line for a directory.
    static func lsLine(_ name: String, uri: String) -> String {
        "\(esc)[0m\(esc)[01;34m\(esc)]8;;\(uri)\(bel)\(name)\(esc)]8;;\(bel)\(esc)[0m"
    }

    static func link(_ uri: String, _ text: String, terminator: String = st) -> String {
        "\(esc)]8;;\(uri)\(terminator)\(text)\(esc)]8;;\(terminator)"
    }

    static func linked(_ uri: String?) -> Style {
        var style = Style.plain
        style.link = uri
        return style
    }

    private func render(_ texts: [String], escapes: EscapeHandling = .styles, columns: Int = 30) -> MemoryScreen {
        let list = ListView(dataSource: ArrayListDataSource(rows: texts.map { .item($0) }), viewportHeight: texts.count)
        list.escapes = escapes
        list.showsSelection = false
        let screen = MemoryScreen(columns: columns, rows: texts.count)
        list.draw(on: screen, top: 0, height: texts.count, width: columns) { _, _ in }
        return screen
    }

    /// The links of a screen row's columns, nil where there is none.
    private func links(_ screen: MemoryScreen, row: Int) -> [String?] {
        (0..<screen.size.columns).map { screen.link(row: row, column: $0) }
    }

    // MARK: ESC[K

    @Test func eraseInLineTakesNoColumnsAndShowsNothing() {
        let styled = TextWalker.visible(Self.grepLine, escapes: .styles)
        #expect(styled.text == "1:Item 000001")
        let bold = Style(foreground: .red, bold: true)
        #expect(styled.marks == [.init(offset: 0, style: Style(foreground: .green)), .init(offset: 1, style: Style(foreground: .cyan)),
                                 .init(offset: 2, style: bold), .init(offset: 6, style: .plain)])
        let removed = TextWalker.visible(Self.grepLine, escapes: .removed)
        #expect(removed.text == "1:Item 000001")
        #expect(removed.marks.isEmpty)
        #expect(TextWalker.visible("a\(Self.esc)[0Kb", escapes: .removed).text == "ab")
        // Inert, and every other erase, stays visible.
        #expect(TextWalker.visible("a\(Self.esc)[Kb", escapes: .inert).text == "a␛[Kb")
        for other in ["[1K", "[2K", "[00K", "[K\u{301}", "[J", "[0J"] {
            #expect(TextWalker.visible("a\(Self.esc)\(other)b", escapes: .styles).text.hasPrefix("a␛["), "\(other)")
        }
    }

    @Test func eraseInLineInTheMiddleOfAColourRunKeepsTheColour() {
        let screen = render(["\(Self.esc)[31mab\(Self.esc)[Kcd\(Self.esc)[0Kef\(Self.esc)[m gh"])
        #expect(screen.lines == [" abcdef gh"])
        for column in 1...6 { #expect(screen.style(row: 0, column: column) == Style(foreground: .red), "column \(column)") }
        #expect(screen.style(row: 0, column: 8) == .plain)
    }

    @Test func grepOutputShowsCleanColouredText() {
        let screen = render([Self.grepLine])
        #expect(screen.lines == [" 1:Item 000001"])
        #expect(screen.style(row: 0, column: 1) == Style(foreground: .green))
        #expect(screen.style(row: 0, column: 2) == Style(foreground: .cyan))
        #expect(screen.style(row: 0, column: 3) == Style(foreground: .red, bold: true))
        #expect(screen.style(row: 0, column: 8) == .plain)
        let plain = render([Self.grepLine], escapes: .removed)
        #expect(plain.lines == [" 1:Item 000001"])
        #expect(plain.style(row: 0, column: 3) == .plain)
    }

    // MARK: OSC 8

    @Test func aHyperlinkShowsItsTextInTheLink() {
        for terminator in [Self.st, Self.bel] {
            let raw = "see " + Self.link("https://example.com/a", "here", terminator: terminator) + " now"
            let visible = TextWalker.visible(raw, escapes: .styles)
            #expect(visible.text == "see here now")
            #expect(visible.marks == [.init(offset: 4, style: Self.linked("https://example.com/a")), .init(offset: 8, style: .plain)])
            let removed = TextWalker.visible(raw, escapes: .removed)
            #expect(removed.text == "see here now")
            #expect(removed.marks.isEmpty)
            #expect(TextWalker.visible(raw, escapes: .inert).text.hasPrefix("see ␛]8;;https://example.com/a"))
        }
    }

    @Test func lsOutputShowsItsNamesWithColourAndLink() {
        let uri = "file://host/tmp/b%20c.txt"
        let screen = render([Self.lsLine("b c.txt", uri: uri), "plain"])
        #expect(screen.lines == [" b c.txt", " plain"])
        #expect(screen.style(row: 0, column: 1) == Style(foreground: .blue, bold: true))
        #expect(links(screen, row: 0) == [nil] + Array(repeating: uri, count: 7) + Array(repeating: nil, count: 22))
        #expect(links(screen, row: 1).allSatisfy { $0 == nil })
        let plain = render([Self.lsLine("b c.txt", uri: uri)], escapes: .removed)
        #expect(plain.lines == [" b c.txt"])
        #expect(links(plain, row: 0).allSatisfy { $0 == nil })
    }

    @Test func aHighlightedMatchStaysInItsLink() {
        let uri = "file://host/tmp/b%20c.txt"
        let list = ListView(dataSource: ArrayListDataSource(rows: [.item(Self.lsLine("b c.txt", uri: uri))]), viewportHeight: 1)
        list.escapes = .styles
        list.showsSelection = false
        list.highlight = TextPattern("c.t")
        let screen = MemoryScreen(columns: 30, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 30) { _, _ in }
        #expect(screen.style(row: 0, column: 3).underline)
        #expect(links(screen, row: 0) == [nil] + Array(repeating: uri, count: 7) + Array(repeating: nil, count: 22))
    }

    @Test func anSGRResetInsideALinkKeepsTheLink() {
        let raw = "\(Self.esc)]8;;u:x\(Self.st)\(Self.esc)[31mab\(Self.esc)[0mcd\(Self.esc)]8;;\(Self.st)ef"
        let screen = render([raw])
        #expect(screen.lines == [" abcdef"])
        #expect(Array(links(screen, row: 0)[0..<8]) == [nil, "u:x", "u:x", "u:x", "u:x", nil, nil, nil])
        #expect(screen.style(row: 0, column: 2) == Style(foreground: .red))
        #expect(screen.style(row: 0, column: 3) == .plain)
    }

    @Test func theURIIsMadeSafeOrDropped() {
        func uri(_ body: String) -> String?? {
            let raw = "\(Self.esc)]8;\(body)\(Self.st)"
            guard let parsed = Hyperlink.parse(raw, at: raw.startIndex) else { return .none }
            #expect(parsed.end == raw.endIndex)
            return .some(parsed.uri)
        }
        #expect(uri(";https://example.com/a?b=1#c") == .some("https://example.com/a?b=1#c"))
        #expect(uri("id=7;https://example.com/x") == .some("https://example.com/x"))  // parameters dropped
        #expect(uri(";file:///tmp/a b/é") == .some("file:///tmp/a%20b/%C3%A9"))
        #expect(uri(";http://x/\u{01}\t\r\u{7F}\u{85}\u{9B}y") == .some("http://x/y"))  // C0, DEL and C1 controls removed
        #expect(uri(";http://x/\u{202E}") == .some("http://x/%E2%80%AE"))  // a bidi override is only text in a URI
        #expect(uri(";") == .some(nil))  // the end of a link
        #expect(uri("https://no-second-semicolon") == .some(nil))  // malformed: ends the link
        let longest = "http://x/" + String(repeating: "a", count: Hyperlink.maxURILength - 9)
        #expect(uri(";" + longest) == .some(longest))
        #expect(uri(";" + longest + "a") == .some(nil))  // too long: dropped
        #expect(uri(";" + String(repeating: "é", count: 700)) == .some(nil))  // too long once encoded
        // Not a sequence at all: cut off, broken by another ESC, or longer than any real one.
        for raw in ["\(Self.esc)]8;;http://x", "\(Self.esc)]8;;http://x\(Self.esc)[31mab\(Self.st)", "\(Self.esc)]8;;http://x\(Self.esc)",
                    "\(Self.esc)]8;;" + String(repeating: "a", count: Hyperlink.maxSequenceLength) + Self.st,
                    "\(Self.esc)]80;;x\(Self.st)", "\(Self.esc)]0;title\(Self.bel)", "\(Self.esc)]8:x\(Self.st)"] {
            #expect(Hyperlink.parse(raw, at: raw.startIndex) == nil, "\(raw.prefix(30).debugDescription)")
        }
    }

    @Test func brokenAndTooLongLinksShowTheirTextWithoutALink() {
        let tooLong = "http://x/" + String(repeating: "a", count: Hyperlink.maxURILength)
        let rows = [
            Self.link(tooLong, "LONG"),
            "\(Self.esc)]8;http://x\(Self.st)BAD\(Self.esc)]8;;\(Self.st)",
            "\(Self.esc)]8;;http://x CUT",
            "\(Self.esc)]0;title\(Self.bel)TITLE",
        ]
        let screen = render(rows, columns: 40)
        #expect(screen.lines == [" LONG", " BAD", " ␛]8;;http://x CUT", " ␛]0;title␇TITLE"])
        for row in 0..<rows.count { #expect(links(screen, row: row).allSatisfy { $0 == nil }, "row \(row)") }
    }

    @Test func aLinkThatEndsBeforeAJoiningMarkIsText() {
        // The terminator's `\` and the mark would be one character: no sequence there.
        let visible = TextWalker.visible("\(Self.esc)]8;;u:x\(Self.st)\u{301}ab", escapes: .styles)
        #expect(visible.text.hasPrefix("␛]8;;u:x␛"))
        #expect(visible.marks.isEmpty)
    }

    @Test func enterPrintsTheLineWithoutTheDrawnSequences() {
        #expect(TextWalker.removingDrawnSequences(from: Self.grepLine) == "1:Item 000001")
        #expect(TextWalker.removingDrawnSequences(from: Self.lsLine("dir", uri: "file://h/dir")) == "dir")
        let kept = "a\(Self.esc)[2Kb\(Self.esc)]0;t\(Self.bel)c\(Self.esc)]8;;cut"
        #expect(TextWalker.removingDrawnSequences(from: kept) == kept)
    }

    /// The bytes Enter prints: the same sequences go, and every other byte stays as read,
    /// invalid UTF-8, NUL and a sequence cut by an invalid byte included.
    @Test func enterPrintsTheBytesReadWithoutTheDrawnSequences() {
        for line in [Self.grepLine, Self.lsLine("dir", uri: "file://h/dir"), "a\(Self.esc)[2Kb\(Self.esc)]0;t\(Self.bel)c\(Self.esc)]8;;cut"] {
            #expect(TextWalker.removingDrawnSequences(from: Array(line.utf8)) == Array(TextWalker.removingDrawnSequences(from: line).utf8))
        }
        let esc: [UInt8] = [0x1B]
        let invalid: [UInt8] = [0xFF, 0xC3, 0x00, 0xE4, 0xB8]
        let raw = invalid + esc + Array("[31mred".utf8) + esc + Array("[m".utf8) + invalid + esc + [0x5B, 0x33, 0xFE, 0x6D] + Array(" é".utf8)
        let expected = invalid + Array("red".utf8) + invalid + esc + [0x5B, 0x33, 0xFE, 0x6D] + Array(" é".utf8)
        #expect(TextWalker.removingDrawnSequences(from: raw) == expected)
        #expect(TextWalker.removingDrawnSequences(from: invalid) == invalid)
    }

    // MARK: Cells and the writer

    @Test func aCutRowKeepsItsLinkUpToTheEllipsis() {
        let screen = render([Self.link("u:long", "0123456789abcdef") + " tail"], columns: 10)
        #expect(screen.lines == [" 01234567…"])
        #expect(links(screen, row: 0) == [nil] + Array(repeating: "u:long", count: 9))
    }

    @Test func aLinkSpansAHorizontalScroll() {
        let text = "ab " + Self.link("u:span", String(repeating: "x", count: 12)) + " cd"
        let list = ListView(dataSource: ArrayListDataSource(rows: [.item(text)]), viewportHeight: 1)
        list.escapes = .styles
        list.showsSelection = false
        let screen = MemoryScreen(columns: 10, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        #expect(links(screen, row: 0) == [nil, nil, nil, nil] + Array(repeating: "u:span", count: 6))
        _ = list.apply(.scrollRight)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        #expect(list.horizontalOffset == 4)
        #expect(screen.lines == [" xxxxxxxx…"])
        #expect(links(screen, row: 0) == [nil] + Array(repeating: "u:span", count: 9))
        _ = list.apply(.scrollRight)
        _ = list.apply(.scrollRight)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        #expect(list.horizontalOffset == 12)
        #expect(screen.lines == [" xxx cd"])
        #expect(links(screen, row: 0)[0..<7] == [nil, "u:span", "u:span", "u:span", nil, nil, nil])
    }

    /// A writer on a terminal that takes links, one row of `columns`, cleared.
    private func writer(columns: Int = 12, usesColors: Bool = true, hyperlinks: Bool = true) -> ScreenWriter {
        var codes = TerminalCodes.ansi
        codes.hyperlinks = hyperlinks
        var writer = ScreenWriter(rows: 2, columns: columns, codes: codes, usesColors: usesColors, libcWidth: MemoryScreen.scalarWidth)
        writer.clear()
        _ = writer.takeOutput()
        return writer
    }

    @Test func theLinkIsOpenedAndClosedAroundItsCells() {
        var writer = writer()
        writer.draw(row: 0, ops: [.fill(column: 0, width: 12, style: .plain), .text("ab", column: 0, style: .plain, limit: 12),
                                  .text("LINK", column: 2, style: Self.linked("https://e.x/1"), limit: 10),
                                  .text("cd", column: 6, style: .plain, limit: 6)])
        let sent = String(decoding: writer.takeOutput(), as: UTF8.self)
        #expect(sent == "ab\(Self.esc)]8;;https://e.x/1\(Self.st)LINK\(Self.esc)]8;;\(Self.st)cd", "\(sent.debugDescription)")
        var terminal = TerminalModel(rows: 2, columns: 12, width: MemoryScreen.scalarWidth, clustersCharacters: false)
        terminal.feed(Array(sent.utf8))
        #expect(terminal.problem == nil)
        #expect(terminal.cells[0].map(\.link) == [nil, nil] + Array(repeating: "https://e.x/1", count: 4) + Array(repeating: nil, count: 6))
    }

    @Test func aLinkIsNeverLeftOpen() {
        var writer = writer()
        // A link up to the end of the row is closed there.
        writer.draw(row: 0, ops: [.text("abcdefghijkl", column: 0, style: Self.linked("u:1"), limit: 12)])
        var sent = String(decoding: writer.takeOutput(), as: UTF8.self)
        #expect(sent.hasSuffix("abcdefghijkl\(Self.esc)]8;;\(Self.st)"), "\(sent.debugDescription)")
        // A link followed by a blank tail is closed before the erase, so the erased cells are in none.
        writer.draw(row: 0, ops: [.fill(column: 0, width: 12, style: .plain), .text("XY", column: 0, style: Self.linked("u:2"), limit: 12)])
        sent = String(decoding: writer.takeOutput(), as: UTF8.self)
        #expect(sent.hasSuffix("\(Self.esc)]8;;u:2\(Self.st)XY\(Self.esc)]8;;\(Self.st)\(Self.esc)[K"), "\(sent.debugDescription)")
        // And one that ends before the last column.
        writer.draw(row: 1, ops: [.text("abcdefghijk", column: 0, style: Self.linked("u:3"), limit: 11)])
        sent = String(decoding: writer.takeOutput(), as: UTF8.self)
        #expect(sent.hasSuffix("abcdefghijk\(Self.esc)]8;;\(Self.st)"), "\(sent.debugDescription)")
    }

    @Test func aRowRedrawnWithoutItsLinkLeavesNone() {
        var h = ScreenWriterTests.Harness(rows: 2, columns: 12)
        h.record(.fill(column: 0, width: 12, style: .plain), row: 0)
        h.record(.text("same text", column: 0, style: Self.linked("u:gone"), limit: 12), row: 0)
        h.present()
        h.check()
        #expect(h.terminal.cells[0][0].link == "u:gone")
        h.record(.fill(column: 0, width: 12, style: .plain), row: 0)
        h.record(.text("same text", column: 0, style: .plain, limit: 12), row: 0)
        let bytes = String(decoding: h.present(), as: UTF8.self)
        h.check()
        #expect(h.terminal.cells[0].allSatisfy { $0.link == nil })
        #expect(bytes.contains("same text"), "the cells are sent again: \(bytes.debugDescription)")
        #expect(!bytes.contains("u:gone"))
    }

    @Test func noLinkWithoutColoursOrOnATerminalThatCannotTakeIt() {
        for (colors, hyperlinks) in [(false, true), (true, false)] {
            var writer = writer(usesColors: colors, hyperlinks: hyperlinks)
            writer.draw(row: 0, ops: [.text("LINK", column: 0, style: Self.linked("u:1"), limit: 12)])
            let sent = String(decoding: writer.takeOutput(), as: UTF8.self)
            #expect(sent.hasSuffix("LINK") && !sent.contains("]8;"), "colors \(colors), hyperlinks \(hyperlinks): \(sent.debugDescription)")
        }
    }

    @Test func moreLinksThanTheStoreKeepsComeAndGo() {
        // 40 rows of 8 links each: more on screen than the 255 kept at once, then page after page.
        var h = ScreenWriterTests.Harness(rows: 40, columns: 16)
        var refused = 0
        for page in 0..<6 {
            for r in 0..<40 {
                h.record(.fill(column: 0, width: 16, style: .plain), row: r)
                for k in 0..<8 {
                    h.record(.text("\(k)", column: 2 * k, style: Self.linked("u:\(page)-\(r)-\(k)"), limit: 1), row: r)
                }
            }
            h.present(scrolling: false)
            // Which links are refused depends on when a writer compacts: MemoryScreen's differ.
            h.check("page \(page)", comparingLinksWithMemory: false)
            #expect(h.writer.links.count <= LinkStore.capacity)
            refused += h.terminal.cells.joined().filter { $0.text != " " && $0.link == nil }.count
            // Every link the terminal has is the one drawn there.
            for r in 0..<40 {
                for k in 0..<8 where h.terminal.cells[r][2 * k].link != nil {
                    #expect(h.terminal.cells[r][2 * k].link == "u:\(page)-\(r)-\(k)")
                }
            }
        }
        #expect(refused > 0 && refused < 6 * 40 * 8 / 2, "links beyond the capacity are drawn without, the others with: \(refused)")
    }

    @Test func compactingKeepsTheLinksShownAndRenumbersTheirCells() {
        var store = LinkStore()
        let uris = (0..<100).map { "u:\($0)" }
        var packed: [String: UInt64] = [:]
        for uri in uris { packed[uri] = store.index(of: uri) << PackedStyle.linkShift }
        #expect(store.needsCompaction)
        // The rows show every third link, the last ones first, in cells with other bits set.
        let shown = uris.enumerated().filter { $0.offset % 3 == 0 }.map(\.element).reversed()
        var rows = [shown.map { ScreenWriter.Cell(bytes: 0x41, style: packed[$0]! | 0b101) }, [.blank, .blank]]
        store.compact(keeping: &rows)
        #expect(store.count == shown.count)
        #expect(rows[0].map { store.uri(ofPacked: $0.style) } == shown.map { $0 })
        #expect(rows[0].allSatisfy { $0.style & PackedStyle.sgrMask == 0b101 && $0.bytes == 0x41 })
        #expect(rows[1] == [.blank, .blank])
        #expect(!store.needsCompaction)
        // A link kept is found again; a new one gets the next index.
        #expect(store.index(of: shown.first!) << PackedStyle.linkShift == rows[0][0].style & PackedStyle.linkMask)
        #expect(store.index(of: "u:new") == UInt64(shown.count + 1))
    }

    @Test func aFullStoreRefusesNewLinksUntilCompacted() {
        var store = LinkStore()
        for i in 0..<LinkStore.capacity { #expect(store.index(of: "u:\(i)") == UInt64(i + 1)) }
        #expect(store.index(of: "u:one too many") == 0)
        #expect(store.index(of: "u:7") == 8)
        var rows = [[ScreenWriter.Cell(bytes: 0x41, style: 8 << PackedStyle.linkShift)]]
        store.compact(keeping: &rows)
        #expect(store.count == 1)
        #expect(store.uri(ofPacked: rows[0][0].style) == "u:7")
        #expect(store.index(of: "u:one too many") == 2)
    }

    @Test func whichTerminalsGetLinks() {
        func takes(_ environment: [String: String]) -> Bool { TerminalCodes.takesHyperlinks(environment: environment) }
        for term in ["xterm-256color", "xterm", "xterm-kitty", "xterm-ghostty", "foot", "alacritty", "wezterm", "rxvt-unicode-256color",
                     "st-256color", "konsole-256color"] {
            #expect(takes(["TERM": term]), "\(term)")
        }
        for term in ["linux", "vt100", "vt102", "vt220", "dumb", "ansi", "screen", "screen-256color", "tmux-256color", "cons25", "", "sun"] {
            #expect(!takes(["TERM": term]), "\(term)")
        }
        #expect(!takes(["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a"]))
        #expect(!takes(["TERM": "xterm-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.2"]))
        #expect(takes(["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.4"]))
        #expect(takes(["TERM": "screen-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "next-3.5"]))
        #expect(!takes(["TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]))
    }
}
