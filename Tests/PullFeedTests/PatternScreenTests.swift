@testable import PullFeed
import PullToRefresh
import Testing
import TerminalUI

/// Regular expressions, `Ctrl-R` for literal text, invalid patterns and what coloured lines
/// show, in the feed screen's search and filter, in virtual time.
@Suite struct PatternScreenTests {
    func harness(_ items: [String], language: RefreshLanguage = .english) -> ScreenHarness {
        let source = ScriptedSource { _ in .success(Page(items: items.map(FeedItem.line), hasMore: false)) }
        let h = ScreenHarness(source: source) { $0.language = language }
        h.advance(1.5)
        return h
    }

    static let log = [
        "commit 1a2b", "Author: Ann", "    fix: error in parser", "commit 3c4d", "    warn: slow path",
        "    year 2026 done", "x.y literal dot",
    ]

    @Test func searchAndFilterTakeRegularExpressions() {
        let h = harness(Self.log)
        h.type("/^commit")
        h.press(.enter)
        #expect(h.selectedRow == "commit 3c4d")
        h.press(.character("n"))
        #expect(h.selectedRow == "commit 1a2b")
        h.type("&error|warn")
        #expect(h.lines[0].contains("2 of 7 items"))
        h.press(.backspace, times: 5)
        h.type("|[0-9]{4}")
        #expect(h.lines[0].contains("2 of 7 items"))
        #expect(!h.lines.contains { $0.contains("warn: slow path") })
        #expect(h.lines.contains { $0.contains("year 2026 done") })
    }

    @Test func ctrlRMakesTheTextLiteralThenFuzzyAndThePromptSaysSo() {
        let h = harness(Self.log)
        h.type("&x.y")
        #expect(h.lines[0].contains("1 of 7 items"))
        h.type("|fix")
        #expect(h.lines[0].contains("2 of 7 items"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Literal &x.y|fix"))
        #expect(h.lines[0].contains("0 of 7 items"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Fuzzy &x.y|fix"), "the filter's Ctrl-R goes on to fuzzy")
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("&x.y|fix"))
        #expect(h.lines[0].contains("2 of 7 items"))
        h.press(.escape)
        h.type("/")
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Literal /"))
        h.type("l d")
        h.press(.enter)
        #expect(h.selectedRow == "x.y literal dot")
    }

    @Test func chinesePromptsForLiteralText() {
        let h = harness(Self.log, language: .simplifiedChinese)
        h.type("&")
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("原文 &"))
        h.press(.escape)
        h.type("/(")
        #expect(h.lines[23].contains("无效的模式："))
    }

    @Test func anInvalidPatternChangesNothing() {
        let h = harness(Self.log)
        h.type("&commit")
        #expect(h.lines[0].contains("2 of 7 items"))
        h.type(" (")
        #expect(h.lines[23].hasPrefix("&commit ("))
        #expect(h.lines[23].contains("Invalid pattern: "))
        #expect(h.lines[0].contains("2 of 7 items"))
        h.press(.enter)
        #expect(h.lines[23].hasPrefix(" Invalid pattern: "))
        #expect(h.lines[0].contains("2 of 7 items"))
        h.press(.escape)
        #expect(h.lines[0].contains(" 7 items") && !h.lines[0].contains(" of "))
        h.press(.down)
        let before = h.selectedRow
        h.type("/a{2")
        h.press(.enter)
        #expect(h.lines[23].hasPrefix(" Invalid pattern: "))
        #expect(h.selectedRow == before)
    }

    @Test func searchAndFilterMatchWhatColouredLinesShow() {
        let h = harness([
            "\u{1B}[33mabc1234\u{1B}[m fix: typo", "\u{1B}[33mdef5678\u{1B}[m feat: colour",
            "\u{1B}[33m0133aaa\u{1B}[m chore: 33 deps", "\u{1B}[31mred\u{1B}[0m \u{1B}[1mbold\u{1B}[0m",
        ])
        h.type("/33")
        h.press(.enter)
        #expect(h.selectedRow?.hasPrefix("0133aaa") == true)
        h.type("&33")
        #expect(h.lines[0].contains("1 of 4 items"))
        h.press(.escape)
        h.type("/red bold")
        h.press(.enter)
        #expect(h.selectedRow == "red bold")
    }

    @Test func aDeletedCharacterGoesBackToItsResult() {
        let h = harness((0..<200).map { "row \($0) \($0 % 3 == 0 ? "amber" : "slate")" })
        h.type("&amb")
        #expect(h.lines[0].contains("67 of 200 items"))
        h.type("er")
        #expect(h.lines[0].contains("67 of 200 items"))
        h.press(.backspace, times: 4)
        #expect(h.lines[23] == "&a")
        #expect(h.lines[0].contains("200 of 200 items"))
        h.press(.backspace)
        #expect(!h.lines[0].contains(" of "))
    }
}
