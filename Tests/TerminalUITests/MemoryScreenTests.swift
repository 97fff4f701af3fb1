import TerminalText
import Testing
@testable import TerminalUI

@Suite struct MemoryScreenTests {
    @Test func drawsAndClipsWideCharacters() {
        let screen = MemoryScreen(columns: 6, rows: 2)
        #expect(screen.draw("ab中文x", row: 0, column: 0) == 6)
        #expect(screen.line(0) == "ab中文")
        screen.draw("中文", row: 1, column: 1, style: .plain, maxWidth: 3)
        #expect(screen.line(1) == " 中")
    }

    @Test func sanitisesEscapes() {
        let screen = MemoryScreen(columns: 20, rows: 1)
        screen.draw("\u{1B}[2Jhi", row: 0, column: 0)
        #expect(screen.line(0) == "␛[2Jhi")
    }
}

@Suite struct MemoryScreenFrameTests {
    @Test func rendersAWholeFrameAsText() {
        let screen = MemoryScreen(columns: 24, rows: 4)
        screen.fillRow(0, style: .reversed)
        screen.draw(" Title", row: 0, column: 0, style: .reversed)
        screen.draw("› 中文 and 🎉 emoji here", row: 1, column: 0, style: .plain, maxWidth: 24)
        screen.draw("\u{1B}]52;c;bad\u{07}", row: 2, column: 2)
        screen.draw(TextLayout.truncate("a very long line that does not fit", toWidth: 10), row: 3, column: 0)
        #expect(screen.lines == [
            " Title",
            "› 中文 and 🎉 emoji here",
            "  ␛]52;c;bad␇",
            "a very lo…",
        ])
        #expect(screen.style(row: 0, column: 20) == .reversed)
        #expect(screen.style(row: 1, column: 0) == .plain)
    }

    @Test func tinyScreensDrawWhatFits() {
        let screen = MemoryScreen(columns: 1, rows: 1)
        #expect(screen.draw("中", row: 0, column: 0) == 1)
        #expect(screen.line(0) == "")
        #expect(screen.draw("ab", row: 0, column: 0) == 1)
        #expect(screen.line(0) == "a")
        #expect(screen.draw("x", row: 1, column: 0) == 0)
        #expect(screen.draw("x", row: 0, column: 5) == 0)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        let screen = MemoryScreen(columns: 4, rows: 1)
        screen.draw("中文", row: 0, column: 0)
        screen.draw("x", row: 0, column: 1)
        #expect(screen.line(0) == " x文")
        screen.draw("y", row: 0, column: 2)
        #expect(screen.line(0) == " xy")
    }

    @Test func resizeKeepsWhatFits() {
        let screen = MemoryScreen(columns: 5, rows: 2)
        screen.draw("hello", row: 0, column: 0)
        screen.draw("world", row: 1, column: 0)
        screen.resize(columns: 3, rows: 1)
        #expect(screen.lines == ["hel"])
        #expect(screen.size == Size(columns: 3, rows: 1))
    }
}
