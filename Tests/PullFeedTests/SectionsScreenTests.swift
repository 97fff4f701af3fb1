import Foundation
import TerminalText
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

    /// `--section-start`: a commit line starts a section named by its hash, and the lines
    /// after it are in it (`commit a1` and 2 lines is `a1 · 3 lines`); lines before the first
    /// are Other; folding, the sticky header and Enter work as with `--section-by`; lines that
    /// a refresh adds after the last commit join its section.
    @Test func sectionStartGroupsTheLinesAfterEachMatch() {
        let log = ["preamble", "commit a1", "Author: x", "    fix", "commit b2", "diff --git"]
        let output = LiveFeedScreenTests.Output(log)
        let h = ScreenHarness(source: LiveFeedScreenTests.source(output), sectionBy: #"^commit (\w+)"#, sectionStarts: true)
        h.advance(1)
        #expect(Array(h.lines[1...10]) == [
            " ▾ a1 · 3 lines",
            "›commit a1",
            " Author: x",
            "     fix",
            " ▾ b2 · 2 lines",
            " commit b2",
            " diff --git",
            " ▾ Other · 1 line",
            " preamble",
            "   No more data",
        ])
        h.press(.character("o"))
        #expect(h.lines[1] == "›▸ a1 · 3 lines")
        #expect(h.lines[2] == " ▾ b2 · 2 lines")
        h.press(.enter)
        output.lines = log + ["+added", "commit c3"]
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines.contains(" ▾ b2 · 3 lines  +1"), "\(h.lines)")
        #expect(h.lines.contains(" ▾ c3 · 1 line  +1"), "\(h.lines)")
        h.press(.end, .enter)
        #expect(h.chosen == ["preamble"], "Enter prints a line")
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

    /// A search looks into folded sections too: the one its match is in unfolds, the others
    /// stay folded, and `n` goes on (wrapping) through them as if they were open.
    @Test func aSearchThatLandsInAFoldedSectionUnfoldsIt() {
        let h = harness(.init(Self.log))
        h.type("z")
        #expect(h.selectedRow == "09:00 nginx: GET /")
        #expect(h.lines.contains(" ▸ sshd · 1 line") && h.lines.contains(" ▸ cron · 1 line"))
        h.type("/job")
        h.press(.enter)
        #expect(h.selectedRow == "09:03 cron: job")
        #expect(h.lines.contains(" ▾ cron · 1 line"), "its section unfolded")
        #expect(h.lines.contains(" ▸ sshd · 1 line"), "the others stay folded")
        h.type("/accepted")
        h.press(.enter)
        #expect(h.selectedRow == "09:01 sshd: accepted", "a match before the selection: wrapped")
        #expect(h.lines.contains(" ▾ sshd · 1 line"))
        #expect(h.lines[23] == " Search wrapped to the top")
        h.type("/nowhere")
        h.press(.enter)
        #expect(h.lines[23] == " Pattern not found: nowhere")
    }

    /// With `-m`, Enter prints the marked lines in the order the list shows them: section by
    /// section, not in the source's order.
    @Test func markedLinesPrintSectionBySection() {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(Self.log)), sectionBy: Self.pattern) { $0.multi = true }
        h.advance(1)
        h.press(.down, times: 3)
        #expect(h.selectedRow == "09:01 sshd: accepted")
        h.press(.tab)
        h.press(.up, times: 2)
        #expect(h.selectedRow == "09:04 nginx: GET /b")
        h.press(.tab)
        h.press(.enter)
        #expect(h.chosen == ["09:04 nginx: GET /b\n09:01 sshd: accepted"])
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
        #expect(h.lines.contains(" ▾ nginx · 3 of 3 lines"), "\(h.lines)")
        #expect(!h.lines.contains { $0.contains("sshd") })
        #expect(!h.lines.contains { $0.contains("cron") })
    }

    @Test func filterCountsPerSection() {
        let h = harness(.init(Self.log))
        h.type("&/a")
        h.press(.enter)
        h.advance(1)
        #expect(h.lines.contains(" ▾ nginx · 1 of 3 lines"), "\(h.lines)")
        #expect(h.lines.contains("›09:02 nginx: GET /a") || h.lines.contains(" 09:02 nginx: GET /a"))
        #expect(!h.lines.contains { $0.contains("GET /b") })
        h.press(.escape)
        #expect(h.lines.contains(" ▾ nginx · 3 lines"), "the counts come back with the filter gone")
    }

    @Test func sectionNamesAreSanitised() {
        let h = harness(.init(["09:00 a\u{1B}[2J\tb: x", "09:00 \(String(repeating: "中", count: 5000)): y"]), pattern: "^\\S+ ([^:]+):")
        #expect(h.lines.contains { $0.hasPrefix(" ▾ a␛[2J ") && $0.hasSuffix(" b · 1 line") }, "escapes as pictures, the tab as spaces")
        let long = h.lines.first { $0.contains("中中") }
        #expect(long.map { TextWidth.of($0) <= 80 } == true)
    }

    @Test func theHeaderOfTheSectionAtTheTopStaysOnTheFirstRow() {
        let lines = (0..<40).map { "09:\($0) a: line \($0)" } + (0..<40).map { "10:\($0) b: line \($0)" }
        let h = harness(.init(lines))
        h.press(.down, times: 30)
        #expect(h.selectedRow == "09:30 a: line 30")
        #expect(h.lines[1] == " ▾ a · 40 lines", "the header stays on the first list row")
        #expect(h.canvas.style(row: 1, column: 3).bold)
        #expect(!h.lines.contains(" 09:0 a: line 0"), "the list is scrolled under it")
        for _ in 0..<30 {
            h.press(.up)
            #expect(h.lines[1] == " ▾ a · 40 lines" || h.lines[1] == "›▾ a · 40 lines")
            #expect(h.lines[2...].contains { $0.hasPrefix("›") } || h.screen.list.scrollOffset == 0,
                    "the selection is never under the sticky header")
        }
        h.press(.down, times: 60)
        #expect(h.selectedRow == "10:20 b: line 20")
        #expect(h.lines[1] == " ▾ b · 40 lines", "the next section's header takes its place")
    }

    @Test func theDemoKeepsItsArticleHeaderOnTop() throws {
        let h = ScreenHarness(source: DemoSource(latency: 0))
        h.advance(1)
        let list = h.screen.list
        for _ in 0..<60 {
            h.press(.down)
            guard case .row(let top)? = list.content(atLine: list.scrollOffset), list.dataSource.row(at: top).kind != .sectionHeader,
                  top != list.selectedIndex else { continue }
            let header = try #require(list.dataSource.sectionHeader(forRow: top))
            #expect(h.lines[1].hasSuffix(list.dataSource.row(at: header).text), "the article's header covers the row at the top")
            #expect(h.lines[1].contains("Article"))
            return
        }
        Issue.record("the demo never scrolled into an article")
    }
}

extension SectionsScreenTests {
    @Test func aClickOnTheStickyHeaderIsOnTheHeader() {
        let lines = (0..<40).map { "09:\($0) a: line \($0)" }
        let h = harness(.init(lines))
        h.press(.down, times: 30)
        #expect(h.lines[1] == " ▾ a · 40 lines")
        let selected = h.selectedRow
        h.screen.handle(.mouse(MouseEvent(kind: .press(.left), row: 1, column: 5)))
        h.render()
        #expect(h.selectedRow == selected, "an open header is not selectable: the click selects nothing")
    }
}

extension SectionsScreenTests {
    @Test func aClickOnAFoldedHeaderUnfoldsIt() {
        let h = harness(.init(Self.log))
        h.press(.down)
        h.press(.character("o"))
        h.press(.down)
        #expect(h.lines[1] == " ▸ nginx · 3 lines")
        h.screen.handle(.mouse(MouseEvent(kind: .press(.left), row: 1, column: 5)))
        h.render()
        #expect(h.lines[1] == " ▾ nginx · 3 lines", "\(h.lines)")
        #expect(h.lines[2] == "›09:00 nginx: GET /")
    }
}

extension SectionsScreenTests {
    @Test func foldingUnderAFilterSelectsTheHeader() {
        let h = harness(.init(Self.log))
        h.type("&GET")
        h.press(.enter)
        h.advance(1)
        h.press(.down)
        #expect(h.selectedRow == "09:02 nginx: GET /a")
        h.press(.character("o"))
        #expect(h.selectedRow == "▸ nginx · 3 of 3 lines", "\(h.lines)")
    }
}
