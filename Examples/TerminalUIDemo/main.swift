// A tiny TerminalUI program: title bar, wide and hostile text, the last key or mouse event,
// and a scrolling list (to see and measure one-row scrolls). q quits.
// With TERMINALUI_DEMO_CRASH=1, `!` crashes it on purpose (the terminal must still be restored).
import Foundation
import CursesBackend
import TerminalText
import TerminalUI

enum Action {
    case scroll(Int), page(Int), top, bottom, quit
}

let keyMap = KeyMap<Action>([
    KeyBinding([.down, .character("j")], help: "↑↓/jk scroll", action: .scroll(1)),
    KeyBinding([.up, .character("k")], action: .scroll(-1)),
    KeyBinding([.pageDown, .character(" ")], help: "PgUp/PgDn page", action: .page(1)),
    KeyBinding([.pageUp, .character("b")], action: .page(-1)),
    KeyBinding([.home, .character("g")], help: "g/G top/bottom", action: .top),
    KeyBinding([.end, .character("G")], action: .bottom),
    KeyBinding([.character("q"), .escape], help: "q quit", action: .quit),
])

/// The demo's state, input handling and rendering.
final class Demo {
    static let hostile = "\u{1B}[2J\u{1B}]52;c;AAAA\u{07}\r\u{9B}31m\u{8}\u{0}\u{202E}end"
    let items = (1...1_000).map { "Item " + String(String($0 + 1_000_000).dropFirst()) }
    let terminal: CursesTerminal
    let loop = MainLoop()
    var lastInput = "none"
    var offset = 0

    init(terminal: CursesTerminal) { self.terminal = terminal }

    func listRows(_ size: Size) -> Int { max(0, size.rows - 7) }

    func clampOffset(_ size: Size) { offset = min(max(0, offset), max(0, items.count - listRows(size))) }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            lastInput = "key \(key)"
            if key == .character("!"), ProcessInfo.processInfo.environment["TERMINALUI_DEMO_CRASH"] == "1" {
                fatalError("crash requested (TERMINALUI_DEMO_CRASH=1)")  // tests the crash restore
            }
            switch keyMap.action(for: key) {
            case .scroll(let n)?: offset += n
            case .page(let n)?: offset += n * max(1, listRows(terminal.size) - 1)
            case .top?: offset = 0
            case .bottom?: offset = items.count
            case .quit?: loop.stop(exitCode: 0)
            case nil: break
            }
        case .mouse(let mouse):
            lastInput = "mouse \(mouse.kind) at row \(mouse.row), column \(mouse.column)"
            if mouse.kind == .wheelDown { offset += 1 }
            if mouse.kind == .wheelUp { offset -= 1 }
        case .paste(let text):
            lastInput = "paste of \(text.utf8.count) bytes"
        case .resize(let size):
            lastInput = "resize \(size)"
        }
        clampOffset(terminal.size)
        loop.setNeedsRender()
    }

    func render(_ canvas: Canvas) {
        let size = canvas.size
        canvas.clear()
        canvas.fillRow(0, style: .reversed)
        canvas.draw(" TerminalUI demo", row: 0, column: 0, style: .reversed)
        let sizeText = "\(size) "
        canvas.draw(sizeText, row: 0, column: max(0, size.columns - TextWidth.of(sizeText)), style: .reversed)
        canvas.draw("Wide: 中文 日本語 한국어 · emoji 🎉 👍🏽 🇨🇳", row: 1, column: 1)
        canvas.draw("Hostile: " + Self.hostile, row: 2, column: 1)
        canvas.draw("Last input: " + lastInput, row: 3, column: 1, style: .bold, maxWidth: size.columns - 2)
        let long = "Truncated: a long line with 中文 that does not fit in forty columns at all"
        canvas.draw(TextLayout.truncate(long, toWidth: 40), row: 4, column: 1)
        canvas.draw(String(repeating: "─", count: size.columns), row: 5, column: 0, style: .dim)
        for r in 0..<listRows(size) where offset + r < items.count {
            canvas.draw(items[offset + r], row: 6 + r, column: 1)
        }
        if size.rows > 1 { canvas.draw(keyMap.helpLine, row: size.rows - 1, column: 1, style: .dim) }
    }

    func run() -> Int32 {
        loop.run(terminal: terminal, handle: handle, render: render)
    }
}

let terminal: CursesTerminal
do {
    terminal = try CursesTerminal.open(colors: ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
} catch {
    FileHandle.standardError.write(Data("terminalui-demo: \(error)\n".utf8))
    exit(1)
}
let code = Demo(terminal: terminal).run()
terminal.restore()
exit(code)
