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
