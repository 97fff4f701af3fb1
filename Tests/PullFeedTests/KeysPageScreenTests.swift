import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// The list of keys (`?`) on screens that fit it and screens that do not.
@Suite struct KeysPageScreenTests {
    func harness(columns: Int = 80, rows: Int, language: RefreshLanguage = .english, unicode: Bool = true) -> ScreenHarness {
        let source = ScriptedSource.lines(total: 50)
        source.delay = 0.1
        let h = ScreenHarness(source: source, columns: columns, rows: rows) {
            $0.language = language
            $0.unicode = unicode
        }
        h.advance(0.2)
        h.press(.character("?"))
        return h
    }

    func selected(_ h: ScreenHarness) -> String? {
        h.lines.first { $0.hasPrefix("›") || $0.hasPrefix(">") }.map { String($0.dropFirst()) }
    }

    @Test func onATallScreenEveryKeyClosesIt() {
        let h = harness(rows: 44)
        #expect(h.lines[0] == " Keys — press any key to close")
        #expect(h.text.contains("Mouse click"))
        #expect(!h.text.contains("more below"))
        h.press(.down)
        #expect(h.lines[0].hasPrefix(" PullFeed"))
        #expect(selected(h) == "L0")
    }

    @Test func onAShortScreenTheListsKeysScrollIt() {
        let h = harness(columns: 40, rows: 10)
        #expect(h.lines[0] == " Keys — ↑↓ scroll, other keys close")
        #expect(h.lines[1].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(h.lines[2].hasPrefix(" Up k Ctrl-P"))
        #expect(h.lines[9].hasPrefix(" more below (↓)"))
        #expect(h.lines[2].hasSuffix("…"), "cut to 40 columns: \(h.lines[2])")
        h.press(.down)
        #expect(h.lines[1].hasPrefix(" more above (↑)"))
        #expect(h.lines[2].hasPrefix(" Down j Ctrl-N"))
        h.press(.character("k"))
        #expect(h.lines[2].hasPrefix(" Up k Ctrl-P"))
        h.press(.up)
        #expect(h.lines[0].hasPrefix(" Keys"), "Up at the top stays")
        h.press(.character(" "))
        #expect(h.lines[2].hasPrefix(" PgDn Space"))
        h.press(.pageUp)
        #expect(h.lines[2].hasPrefix(" Up k"))
        h.press(.end)
        #expect(h.lines[8].hasPrefix(" Mouse click"))
        #expect(!h.text.contains("more below"))
        h.press(.character("j"))
        #expect(h.lines[8].hasPrefix(" Mouse click"), "Down at the end stays")
        h.screen.handle(.mouse(MouseEvent(kind: .wheelUp, row: 5, column: 5)))
        h.render()
        #expect(h.lines[8].hasPrefix(" Mouse wheel"))
        h.press(.character("q"))
        #expect(h.lines[0].hasPrefix(" PullFeed"))
        #expect(h.quits == 0)
        #expect(selected(h) == "L0")
    }

    @Test func escAndAnyOtherKeyClose() {
        for key in [Key.escape, .character("x"), .enter] {
            let h = harness(columns: 40, rows: 10)
            h.press(.down)
            h.press(key)
            #expect(h.lines[0].hasPrefix(" PullFeed"), "\(key)")
            #expect(h.quits == 0 && h.chosen.isEmpty, "\(key)")
        }
    }

    @Test func aResizeKeepsItOpenAndInRange() {
        let h = harness(columns: 40, rows: 10)
        h.press(.end)
        h.canvas.resize(columns: 40, rows: 20)
        h.screen.handle(.resize(Size(columns: 40, rows: 20)))
        h.render()
        #expect(h.lines[0].hasPrefix(" Keys"))
        #expect(h.lines[18].hasPrefix(" Mouse click"))
        #expect(h.lines[1].hasPrefix(" more above"))
    }

    @Test func chineseAndASCII() {
        let zh = harness(columns: 40, rows: 10, language: .simplifiedChinese)
        #expect(zh.lines[0].hasPrefix(" 按键 — ↑↓ 滚动，其他键关闭"))
        #expect(zh.lines[9].hasPrefix(" 下面还有（↓）"))
        zh.press(.end)
        #expect(zh.lines[1].hasPrefix(" 上面还有（↑）"))
        #expect(zh.text.contains("鼠标滚轮"))
        let ascii = harness(columns: 40, rows: 10, unicode: false)
        #expect(ascii.lines[0].hasPrefix(" Keys - Up/Down scroll, other keys close"))
        #expect(ascii.lines[9].hasPrefix(" more below (Down)"))
    }
}
