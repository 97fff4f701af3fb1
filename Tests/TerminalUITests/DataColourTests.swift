@testable import TerminalText
import Testing
@testable import TerminalUI

/// SGR sequences in row texts (`ListView.escapes`): parsed into styles, measured as nothing,
/// cut with their styles, brought down to the terminal's colours, never sent raw.
@Suite struct DataColourTests {
    let esc = "\u{1B}"

    private func render(_ texts: [String], escapes: EscapeHandling, columns: Int = 20, selected: Int? = nil) -> MemoryScreen {
        let list = ListView(dataSource: ArrayListDataSource(rows: texts.map { .item($0) }), viewportHeight: texts.count)
        list.escapes = escapes
        if let selected { _ = list.select(row: selected) } else { list.showsSelection = false }
        let screen = MemoryScreen(columns: columns, rows: texts.count)
        list.draw(on: screen, top: 0, height: texts.count, width: columns) { _, _ in }
        return screen
    }

    @Test func sgrParametersBecomeStyles() {
        func parse(_ sequence: String) -> Style? {
            var style = Style.plain
            let text = "\u{1B}" + sequence
            return SGR.parse(text, at: text.startIndex, style: &style) == text.endIndex ? style : nil
        }
        #expect(parse("[31m") == Style(foreground: .red))
        #expect(parse("[1;3;4;7m") == Style(bold: true, reverse: true, underline: true, italic: true))
        #expect(parse("[92;104m") == Style(foreground: .indexed(10), background: .indexed(12)))
        #expect(parse("[38;5;208;48;5;1m") == Style(foreground: .indexed(208), background: .red))
        #expect(parse("[38;2;1;2;3m") == Style(foreground: .rgb(1, 2, 3)))
        #expect(parse("[1;31;0m") == .plain)
        #expect(parse("[m") == .plain)
        #expect(parse("[5;9;53m") == .plain)  // blink, strike-through, overline: not drawn
        for bad in ["[38;5m", "[38;2;300;0;0m", "[38;2;1;2m", "[31", "[", "[31:1m", "[?25m", "[1;2H", "[2J", "[1000m",
                    "[" + String(repeating: "1;", count: 10_000) + "31m"] {
            #expect(parse(bad) == nil, "\(bad.prefix(20))")
        }
    }

    @Test func stylesTakeNoColumnsAndEndWithTheirLine() {
        let screen = render(["\(esc)[33mabc\(esc)[m def", "\(esc)[31mred", "plain"], escapes: .styles)
        #expect(screen.lines == [" abc def", " red", " plain"])
        #expect(screen.style(row: 0, column: 1) == Style(foreground: .yellow))
        #expect(screen.style(row: 0, column: 4) == .plain)
        #expect(screen.style(row: 1, column: 1) == Style(foreground: .red))
        #expect(screen.style(row: 2, column: 1) == .plain)
    }

    @Test func theSelectedRowIsReversedOverTheColours() {
        let screen = render(["\(esc)[32mgreen\(esc)[0m x"], escapes: .styles, selected: 0)
        #expect(screen.style(row: 0, column: 1) == Style(foreground: .green, reverse: true))
        #expect(screen.style(row: 0, column: 7) == Style(reverse: true))
    }

    @Test func removedAndInertSequences() {
        let texts = ["\(esc)[1;31mbold red\(esc)[m", "\(esc)[38;5mbad"]
        let removed = render(texts, escapes: .removed)
        #expect(removed.lines == [" bold red", " ␛[38;5mbad"])
        #expect(removed.style(row: 0, column: 1) == .plain)
        let inert = render(texts, escapes: .inert, columns: 30)
        #expect(inert.lines == [" ␛[1;31mbold red␛[m", " ␛[38;5mbad"])
    }

    @Test func truncationCountsOnlyVisibleTextAndKeepsTheStyles() {
        let screen = render(["\(esc)[31m0123\(esc)[32m456789\(esc)[0mabcdef"], escapes: .styles, columns: 9)
        #expect(screen.lines == [" 0123456…"])
        #expect(screen.style(row: 0, column: 4) == Style(foreground: .red))
        #expect(screen.style(row: 0, column: 5) == Style(foreground: .green))
        #expect(screen.style(row: 0, column: 8) == Style(foreground: .green))
        // Wide characters and tabs measure the same with sequences between them.
        let wide = render(["\(esc)[31m中\(esc)[m文\tx"], escapes: .styles)
        #expect(wide.lines == [" 中文    x"])
        #expect(wide.style(row: 0, column: 1) == Style(foreground: .red))
        #expect(wide.style(row: 0, column: 3) == .plain)
    }

    @Test func sidewaysScrollingKeepsTheStyles() {
        let list = ListView(dataSource: ArrayListDataSource(rows: [.item("\(esc)[34m" + String(repeating: "ab", count: 30))]), viewportHeight: 1)
        list.escapes = .styles
        list.showsSelection = false
        let screen = MemoryScreen(columns: 10, rows: 1)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        _ = list.apply(.scrollRight)
        list.draw(on: screen, top: 0, height: 1, width: 10) { _, _ in }
        #expect(list.horizontalOffset == 4)
        #expect(screen.lines == [" abababab…"])
        #expect(screen.style(row: 0, column: 2) == Style(foreground: .blue))
    }

    @Test func removingDrawnSequencesKeepsEveryOtherByte() {
        #expect(TextWalker.removingDrawnSequences(from: "\(esc)[33m5e20872\(esc)[m x") == "5e20872 x")
        let other = "a\(esc)[38;5mb\(esc)]0;t\u{07}\t\(esc)[2Jc\(esc)[31"
        #expect(TextWalker.removingDrawnSequences(from: other) == other)
    }

    @Test func coloursAreBroughtDownToTheTerminal() {
        #expect(PackedStyle.color(.rgb(255, 0, 0), depth: .direct) == PackedStyle.direct | 0xFF0000)
        #expect(PackedStyle.color(.rgb(255, 0, 0), depth: .indexed256) == 196 + 1)
        #expect(PackedStyle.color(.rgb(128, 128, 128), depth: .indexed256) == 244 + 1)
        #expect(PackedStyle.color(.indexed(208), depth: .indexed256) == 208 + 1)
        #expect(PackedStyle.color(.indexed(196), depth: .ansi16) == 9 + 1)
        #expect(PackedStyle.color(.indexed(196), depth: .ansi8) == 1 + 1)
        #expect(PackedStyle.color(.indexed(9), depth: .ansi8) == 1 + 1)
        #expect(PackedStyle.color(.rgb(0, 0, 250), depth: .ansi8) == 4 + 1)
        #expect(PackedStyle.pack(Style(foreground: .red, italic: true), depth: .none) == 16)
        #expect(ColorDepth(colors: 256, trueColor: false) == .indexed256)
        #expect(ColorDepth(colors: 8, trueColor: true) == .direct)
        #expect(ColorDepth(colors: 0, trueColor: true) == .none)
    }

    @Test func theTerminalGetsTheColoursItHas() {
        let red = Style(foreground: .rgb(255, 0, 0), background: .indexed(208), italic: true)
        var direct = TerminalCodes.ansi
        direct.trueColor = true
        var writer = ScreenWriter(rows: 1, columns: 4, codes: direct, usesColors: true, libcWidth: { _ in 1 })
        writer.draw(row: 0, ops: [.text("ab", column: 0, style: red, limit: 4)])
        let sent = String(decoding: writer.takeOutput(), as: UTF8.self)
        #expect(sent.contains("\(esc)[3m\(esc)[38;2;255;0;0m\(esc)[48;5;208mab"), "\(sent.debugDescription)")
        var palette = ScreenWriter(rows: 1, columns: 4, codes: .ansi, usesColors: true, libcWidth: { _ in 1 })
        palette.draw(row: 0, ops: [.text("ab", column: 0, style: red, limit: 4)])
        let sent256 = String(decoding: palette.takeOutput(), as: UTF8.self)
        #expect(sent256.contains("\(esc)[38;5;196m\(esc)[48;5;208mab"), "\(sent256.debugDescription)")
        var none = ScreenWriter(rows: 1, columns: 4, codes: .ansi, usesColors: false, libcWidth: { _ in 1 })
        none.draw(row: 0, ops: [.text("ab", column: 0, style: red, limit: 4)])
        let plain = String(decoding: none.takeOutput(), as: UTF8.self)
        #expect(!plain.contains("38;") && !plain.contains("48;"), "\(plain.debugDescription)")
    }
}
