import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// `--section-by` on the screen, in virtual time: header rows with counts, `Other` last, lines
/// arriving on a stream updating their section and its `+N`, folding with `o`, `z` and `Z`,
/// Enter printing a line (a folded header unfolds instead), and a refresh keeping folds.
@Suite struct SectionsScreenTests {
    static let log = [
        "09:00 nginx: GET /",
        "09:01 sshd: accepted",
        "09:02 nginx: GET /a",
        "-- restarted --",
        "09:03 cron: job",
        "09:04 nginx: GET /b",
    ]
    static let pattern = #"^\S+ (\w+):"#

    func harness(_ output: LiveFeedScreenTests.Output, pattern: String = Self.pattern, language: RefreshLanguage = .english) -> ScreenHarness {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(output), sectionBy: pattern) { $0.language = language }
        h.advance(1)
        return h
    }

    @Test func headersCountAndOtherComesLast() {
        let h = harness(.init(Self.log))
        #expect(Array(h.lines[1...12]) == [
            " ▾ nginx · 3 lines",
            "›09:00 nginx: GET /",
            " 09:02 nginx: GET /a",
            " 09:04 nginx: GET /b",
            " ▾ sshd · 1 line",
            " 09:01 sshd: accepted",
            " ▾ cron · 1 line",
            " 09:03 cron: job",
            " ▾ Other · 1 line",
            " -- restarted --",
            "   No more data",
            "",
        ].map { $0 })
        #expect(h.canvas.style(row: 1, column: 3).bold)
    }

    @Test func chineseOther() {
        let h = harness(.init(["x", "09:00 a: b"]), language: .simplifiedChinese)
        #expect(h.lines.contains(" ▾ 其他 · 1 行"))
        #expect(h.lines.contains(" ▾ a · 1 行"))
    }

    @Test func downSkipsOpenHeadersAndEnterPrintsALine() {
        let h = harness(.init(Self.log))
        h.press(.down, times: 3)
        #expect(h.selectedRow == "09:01 sshd: accepted", "the open header between is skipped")
        h.press(.enter)
        #expect(h.chosen == ["09:01 sshd: accepted"])
    }

    @Test func foldUnfoldAndFoldOthers() {
        let h = harness(.init(Self.log))
        h.press(.down)
        h.press(.character("o"))
        #expect(h.lines[1] == "›▸ nginx · 3 lines", "folding selects the header")
        #expect(h.lines[2] == " ▾ sshd · 1 line")
        h.press(.down)
        #expect(h.selectedRow == "09:01 sshd: accepted")
        h.press(.up)
        #expect(h.selectedRow == "▸ nginx · 3 lines", "Up stops on a folded header")
        h.press(.enter)
        #expect(h.chosen.isEmpty, "Enter on a header prints nothing")
        #expect(h.lines[1] == " ▾ nginx · 3 lines", "Enter unfolds it")
        #expect(h.lines[2] == "›09:00 nginx: GET /", "an open header is not selectable: its first line is")

        h.press(.down, times: 3)
        #expect(h.selectedRow == "09:01 sshd: accepted")
        h.press(.character("z"))
        #expect(Array(h.lines[1...6]) == [" ▸ nginx · 3 lines", " ▾ sshd · 1 line", "›09:01 sshd: accepted",
                                           " ▸ cron · 1 line", " ▸ Other · 1 line", "   No more data"])
        h.press(.character("Z"))
        #expect(h.lines[1] == " ▾ nginx · 3 lines")
        #expect(h.lines.contains("›09:01 sshd: accepted"))
    }

    @Test func foldsSurviveARefreshAndNewLinesCount() {
        let output = LiveFeedScreenTests.Output(Self.log)
        let h = harness(output)
        h.press(.down)
        h.press(.character("o"))
        output.lines = Self.log + ["09:05 nginx: GET /c", "09:06 ntp: sync"]
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[1] == "›▸ nginx · 4 lines  +1")
        #expect(h.lines.contains(" ▾ ntp · 1 line  +1"))
        #expect(h.lines.contains("+09:06 ntp: sync"))
        #expect(!h.lines.contains(" 09:05 nginx: GET /c"), "nginx stays folded")
    }

    @Test func filterKeepsHeadersOfSectionsWithMatches() {
        let h = harness(.init(Self.log))
        h.type("&GET /")
        h.press(.enter)
        h.advance(1)
        #expect(h.lines.contains { $0.hasSuffix("nginx · 3 lines") })
        #expect(!h.lines.contains { $0.contains("sshd") })
        #expect(!h.lines.contains { $0.contains("cron") })
    }

    @Test func sectionNamesAreSanitised() {
        let h = harness(.init(["09:00 a\u{1B}[2J\tb: x", "09:00 \(String(repeating: "中", count: 5000)): y"]), pattern: "^\\S+ ([^:]+):")
        #expect(h.lines.contains { $0.hasPrefix(" ▾ a␛[2J ") && $0.hasSuffix(" b · 1 line") }, "escapes as pictures, the tab as spaces")
        let long = h.lines.first { $0.contains("中中") }
        #expect(long.map { TextWidth.of($0) <= 80 } == true)
    }
}
