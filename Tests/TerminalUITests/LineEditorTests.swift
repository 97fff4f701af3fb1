import Testing
@testable import TerminalUI

/// The prompt's line editor.
@Suite struct LineEditorTests {
    @Test func typesEditsAndClears() {
        var editor = LineEditor()
        for c in "héllo 中文 👍🏽" { #expect(editor.handle(.character(c)) == .edited) }
        #expect(editor.text == "héllo 中文 👍🏽")
        _ = editor.handle(.backspace)
        #expect(editor.text == "héllo 中文 ")
        _ = editor.handle(.left)
        _ = editor.handle(.character("x"))
        #expect(editor.text == "héllo 中文x ")
        #expect(editor.handle(.ctrl("u")) == .edited)
        #expect(editor.text.isEmpty && editor.cursor == 0)
        #expect(editor.handle(.enter) == .submitted)
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.function(3)) == .ignored)
        #expect(editor.handle(.ctrl("x")) == .ignored)
        #expect(editor.text.isEmpty)
    }

    @Test func aPasteIsInsertedWholeWithNewlinesAsSpaces() {
        var editor = LineEditor(text: "ab")
        editor.paste("one\ntwo\r\nthree\rfour")
        #expect(editor.text == "abone two three four")
        let huge = String(repeating: "x", count: 10_000)
        editor.paste(huge)
        #expect(editor.text.count == 20 + 10_000)
    }

    @Test func controlCharactersAndEscapesShowInert() {
        var editor = LineEditor()
        editor.paste("a\u{1B}[31mred\u{07}")
        let screen = MemoryScreen(columns: 30, rows: 1)
        editor.draw(on: screen, row: 0, prefix: "/", width: 30)
        #expect(!screen.lines[0].contains("\u{1B}"))
        #expect(!screen.lines[0].contains("\u{07}"))
        #expect(screen.lines[0].hasPrefix("/a"))
        #expect(screen.lines[0].contains("[31mred"))
    }

    @Test func aLongTextScrollsToKeepTheCursorInView() {
        var editor = LineEditor()
        editor.insert(String(repeating: "a", count: 50) + "END")
        let screen = MemoryScreen(columns: 20, rows: 1)
        let cursor = editor.draw(on: screen, row: 0, prefix: "&", width: 20)
        #expect(screen.lines[0].hasPrefix("&"))
        #expect(screen.lines[0].contains("aaEND"))
        #expect(cursor == 19)
        #expect(screen.style(row: 0, column: 19).reverse)
        editor.moveCursor(to: 0)
        editor.draw(on: screen, row: 0, prefix: "&", width: 20)
        #expect(screen.lines[0] == "&" + String(repeating: "a", count: 19))
        #expect(screen.style(row: 0, column: 1).reverse)
    }

    @Test func wideCharactersScrollWhole() {
        var editor = LineEditor()
        editor.insert(String(repeating: "中", count: 30))
        let screen = MemoryScreen(columns: 11, rows: 1)
        editor.draw(on: screen, row: 0, prefix: "/", width: 11)
        #expect(screen.lines[0].hasPrefix("/中中中中"))
    }
}
