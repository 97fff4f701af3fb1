import Testing
@testable import TerminalUI

/// What common tools write besides colours: `ESC[K` after each colour (grep, gcc) is dropped,
/// and OSC 8 hyperlinks (ls, gcc) show their text, their URI made safe; every other sequence
/// stays visible text.
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
}
