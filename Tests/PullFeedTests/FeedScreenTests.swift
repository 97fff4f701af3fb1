import Foundation
import TerminalText
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

@Suite struct FeedScreenTests {
    /// The demo's help line where Enter does nothing (an article's text rows).
    static let help = " ↑↓ move  / search  & filter  r refresh  ? keys  q quit"
    /// A line source's help line: Enter prints the line.
    static let lineHelp = " ↑↓ move  / search  & filter  ←→ scroll  r refresh  Enter print  ? keys  q quit"

    func demo(_ configure: (inout FeedScreen.Options) -> Void = { _ in }) -> ScreenHarness {
        ScreenHarness(source: DemoSource(latency: 0.6, seed: 1), configure: configure)
    }

    /// The first load is nobody's pull: it shows in the status line, the header stays away.
    @Test func loadingScreenBeforeTheFirstPage() {
        let h = demo()
        h.advance(0.05)
        #expect(h.lines[0] == " PullFeed · Demo articles                                               0 items")
        #expect(h.lines[1...22].allSatisfy { $0.isEmpty })
        #expect(h.lines[23].hasSuffix(" Loading...") && h.lines[23].count == " ⠋ Loading...".count)
        #expect(h.canvas.style(row: 0, column: 5).reverse)
        h.advance(1)
        #expect(h.lines[1].hasPrefix("  Article 1"))
        #expect(h.lines[23] == Self.help)
    }

    /// `r` at the top is nobody's pull either: no row moves while it runs (the status line
    /// shows it), and afterwards the title says when the data was refreshed.
    @Test func aRefreshAtTheTopMovesNoRowAndTheTitleSaysWhen() {
        let h = demo()
        h.advance(1)
        h.press(.down)
        let shown = h.lines
        #expect(!h.lines[0].contains("updated"))
        h.press(.character("r"))
        for _ in 0..<6 {
            #expect(h.reactor.currentState.isRefreshing)
            #expect(h.lines[1...22] == shown[1...22])
            #expect(h.lines[23].hasSuffix(" Loading..."))
            h.advance(0.1)
        }
        h.advance(1)
        #expect(!h.reactor.currentState.isRefreshing)
        #expect(h.lines[0] == " PullFeed · Demo articles                          updated 14:05:00 · 10+ items")
        #expect(h.lines.firstIndex { $0.hasPrefix("›") } == shown.firstIndex { $0.hasPrefix("›") })
    }

    @Test func listAfterTheFirstPage() {
        let h = demo()
        h.advance(1)
        let article = DemoSource.article(number: 1, edition: 1)
        #expect(h.lines[0].hasSuffix("10+ items"))
        #expect(h.lines[1] == "  Article 1 · \(article.author) · \(article.comments.count) comment\(article.comments.count == 1 ? "" : "s")")
        #expect(h.lines[2] == "›  \(article.title)")
        #expect(h.canvas.style(row: 2, column: 40).reverse)
        #expect(!h.canvas.style(row: 3, column: 40).reverse)
        #expect(h.lines[3] == "   \(article.body[0])")
        #expect(h.lines.contains("   ＋ Add a comment"))
        #expect(h.lines[23] == Self.help)
    }

    @Test func pullingThenReleaseThenRefreshing() {
        let h = demo()
        h.advance(1)
        h.press(.up)
        #expect(h.lines[1] == " ↓ Pull down to refresh")
        #expect(h.lines[2].hasPrefix("  Article 1"))
        h.press(.up)
        #expect(h.lines[1] == " ↑ Release to refresh")
        #expect(h.lines[2] == "   Last updated: Today 14:05")
        #expect(h.lines[3].hasPrefix("  Article 1"))
        // No key for the release delay: released past the threshold → refreshing.
        h.advance(0.5)
        #expect(h.lines[1].hasSuffix(" Loading...") && h.reactor.currentState.isRefreshing == false)
        h.advance(0.1)
        #expect(h.reactor.currentState.isRefreshing)
        h.advance(0.6)
        #expect(!h.reactor.currentState.isRefreshing)
        #expect(h.lines[1].hasPrefix("  Article 1"))
        #expect(h.lines[2].hasSuffix("(edition 2)"))
    }

    @Test func releasedShortSpringsBack() {
        let h = demo()
        h.advance(1)
        h.press(.up)
        h.press(.down)
        #expect(h.lines[1].hasPrefix("  Article 1"))
        #expect(!h.reactor.currentState.isRefreshing)
        h.advance(1)
        #expect(!h.reactor.currentState.isRefreshing)
    }

    /// `r` away from the top refreshes where the user is: the spinner shows in the status
    /// line (the header is out of sight), and the selected row stays on its line.
    @Test func refreshKeyRefreshesFromAnywhere() {
        let h = demo()
        h.advance(1)
        h.press(.pageDown)
        #expect(!h.lines[1].hasPrefix("  Article 1"))
        let selectedRow = h.lines.firstIndex { $0.hasPrefix("›") }
        let first = h.lines[1]
        h.press(.character("r"))
        #expect(h.reactor.currentState.isRefreshing)
        #expect(h.lines[1] == first)
        #expect(h.lines[23].hasSuffix(" Loading...") && h.lines[23].count == " ⠋ Loading...".count)
        h.advance(1)
        #expect(!h.reactor.currentState.isRefreshing)
        #expect(h.reactor.currentState.sections[0].currentState.article.title.hasSuffix("(edition 2)"))
        #expect(h.lines.firstIndex { $0.hasPrefix("›") } == selectedRow)
        #expect(h.lines[23] == " No new items")
    }

    @Test func loadingMoreThenNoMoreData() {
        let h = demo()
        h.advance(1)
        h.press(.end)
        #expect(h.lines[22] == "   Scroll down to load more" || h.lines[22].hasSuffix("Loading more..."))
        h.advance(0.1)
        #expect(h.lines[22].hasSuffix(" Loading more..."))
        #expect(h.lines[21] == "›  ＋ Add a comment")
        h.advance(0.6)
        #expect(h.lines[0].hasSuffix("20+ items"))
        // The viewport did not jump: the selection stays where it was, new rows below.
        #expect(h.lines[21] == "›  ＋ Add a comment")
        #expect(h.lines[22].hasPrefix("  Article 11"))
        for _ in 0..<3 {
            h.press(.end)
            h.advance(1)
        }
        #expect(h.lines[0].hasSuffix("50 items"))
        h.press(.end)
        #expect(h.lines[22] == "   No more data")
        #expect(h.lines[23] == " No more data")
        h.advance(3)
        // The last row is "＋ Add a comment": the help line says what Enter does there.
        #expect(h.lines[23] == " ↑↓ move  / search  & filter  r refresh  Enter comment  ? keys  q quit")
        h.press(.end, .up, .down)
        h.advance(1)
        #expect(h.lines[0].hasSuffix("50 items"))
    }

    @Test func addingACommentUpdatesOnlyThatSection() {
        let h = demo()
        h.advance(1)
        let before = h.text
        guard let row = h.lines.firstIndex(of: "   ＋ Add a comment") else {
            Issue.record("no action row")
            return
        }
        h.press(.down, times: row - 2)
        #expect(h.lines[row] == "›  ＋ Add a comment")
        h.press(.enter)
        #expect(h.lines[row] == "›  💬 You: New comment #\(DemoSource.article(number: 1, edition: 1).comments.count + 1) ✍️")
        #expect(h.lines[row + 1] == "   ＋ Add a comment")
        #expect(h.text != before)
        #expect(h.lines[1].hasSuffix("\(h.reactor.currentState.sections[0].currentState.article.comments.count) comments")
            || h.lines[1].hasSuffix("1 comment"))
    }

    @Test func emptyResultShowsTheEmptyState() {
        let h = ScreenHarness(source: ScriptedSource { _ in .success(Page(items: [], hasMore: false)) })
        h.advance(1)
        #expect(h.lines[0].hasSuffix("0 items"))
        #expect(h.lines[1] == " Nothing here yet — pull down or press r to refresh")
        #expect(h.lines[2...22].allSatisfy { $0.isEmpty })
        h.press(.up, .up)
        #expect(h.lines[1] == " ↑ Release to refresh")
    }

    @Test func failedRefreshKeepsItemsAndToasts() {
        var fail = false
        let source = ScriptedSource { request in
            fail ? .failure(SourceError("exit status 3"))
                : .success(Page(items: (0..<30).map { .line("item \(request.offset + $0)") }, hasMore: true))
        }
        let h = ScreenHarness(source: source, pageSize: 30)
        h.advance(1)
        fail = true
        h.press(.character("r"))
        h.advance(1)
        #expect(h.lines[1] == "›item 0")
        #expect(h.lines[23] == " Refresh failed: exit status 3")
        #expect(h.canvas.style(row: 23, column: 3).bold)
        h.advance(3)
        #expect(h.lines[23] == Self.lineHelp)
        #expect(h.lines[0].hasSuffix("30+ items"))
    }

    @Test func enterOnALinePrintsItAndQuitKeysQuit() {
        let h = ScreenHarness(source: ScriptedSource.lines(total: 5))
        h.advance(1)
        h.press(.down, .down, .enter)
        #expect(h.chosen == ["L2"])
        h.press(.character("q"))
        h.press(.escape)
        #expect(h.quits == 2)
        // Ctrl-C is the main loop's (an interrupt), never a quit key here; Alt-q, Alt-j and
        // Alt-Enter are not quit keys.
        h.press(.ctrl("c"), .alt(.character("q")), .alt(.character("j")), .alt(.enter))
        #expect(h.quits == 2)
        var redraws = 0
        h.screen.onRedraw = { redraws += 1 }
        h.press(.ctrl("l"))
        #expect(redraws == 1)
        #expect(h.quits == 2)
    }

    @Test func endFollowsTheEndOfALineSource() {
        let h = ScreenHarness(source: ScriptedSource.lines(total: 1000), pageSize: 100)
        h.advance(1)
        h.press(.end)
        for _ in 0..<30 { h.advance(1.2) }
        #expect(h.lines[0].hasSuffix("1,000 items"))
        #expect(h.lines[21] == "›L999")
        #expect(h.lines[22] == "   No more data")
    }

    @Test func endLoadsTheRestInLargeBatches() {
        let source = ScriptedSource.lines(total: 60_000)
        let h = ScreenHarness(source: source, pageSize: 200)
        h.advance(1)
        h.press(.end)
        for _ in 0..<10 { h.advance(1.2) }
        #expect(h.lines[0].hasSuffix("60,000 items"))
        #expect(h.lines[21] == "›L59999")
        #expect(source.requests.map(\.offset) == [0, 200, 20_200, 40_200])
        #expect(source.requests.dropFirst().allSatisfy { $0.limit == SourceReactor.bulkPageSize })
    }

    @Test func chineseTexts() {
        let h = demo { $0.language = .simplifiedChinese }
        h.advance(0.05)
        #expect(h.lines[23].hasSuffix(" 正在刷新数据中..."))
        h.advance(1)
        #expect(h.lines[0].hasSuffix("10+ 项"))
        #expect(h.lines.contains("   ＋ 添加评论"))
    }

    @Test func downSelectsTheFooterAndEnterOnItLoads() {
        var failures = 2
        let source = ScriptedSource { request in
            if request.offset > 0, failures > 0 {
                failures -= 1
                return .failure(SourceError("flaky"))
            }
            return .success(Page(items: (0..<10).map { .line("item \(request.offset + $0)") }, hasMore: true))
        }
        let h = ScreenHarness(source: source, pageSize: 10)
        h.advance(1)
        h.press(.end)          // arrives at the bottom: the auto footer loads, and fails
        h.advance(1.2)
        #expect(h.lines[11] == "   Scroll down to load more")
        #expect(h.lines[10] == "›item 9")
        h.press(.down)         // "scroll down to load more": loads again, and the footer has the selection
        #expect(h.lines[10] == " item 9")
        #expect(h.lines[11].hasPrefix("›"))
        #expect(h.canvas.style(row: 11, column: 20).reverse)
        h.advance(1.2)
        #expect(source.requests.count == 3)
        #expect(h.lines[11] == "›  Press Enter or scroll down to load more")
        h.press(.enter)        // Enter on the footer loads; it does not choose the last line
        h.advance(1.2)
        #expect(h.chosen.isEmpty)
        #expect(source.requests.count == 4)
        #expect(h.lines[0].hasSuffix("20+ items"))
        #expect(h.lines[10] == "›item 9")
        h.press(.up)
        #expect(h.lines[9] == "›item 8")
    }

    @Test func asciiTerminalsGetAsciiSymbols() {
        let h = demo { $0.unicode = false }
        h.advance(0.05)
        #expect(h.lines[0].hasPrefix(" PullFeed - Demo articles"))
        #expect(h.lines[23].hasPrefix(" ") && h.lines[23].hasSuffix(" Loading..."))
        #expect(h.lines[23].unicodeScalars.allSatisfy { $0.isASCII })
        h.advance(1)
        #expect(h.lines[1].hasPrefix("  Article 1 - "))
        #expect(h.lines[2].hasPrefix(">  "))
        #expect(h.lines.contains("   + Add a comment"))
        #expect(h.lines[23] == " Up/Down move  / search  & filter  r refresh  ? keys  q quit")
        h.press(.up)
        #expect(h.lines[1] == " v Pull down to refresh")
        h.press(.up)
        #expect(h.lines[1] == " ^ Release to refresh")
    }

    @Test func tinyAndHugeTerminals() {
        for (columns, rows) in [(1, 1), (2, 2), (10, 3), (300, 100)] {
            let h = ScreenHarness(source: DemoSource(latency: 0.6), columns: columns, rows: rows)
            h.advance(1)
            h.press(.down, .end, .up, .home)
            h.advance(1)
            #expect(h.lines.count == rows)
            for row in 0..<rows {
                #expect(TextWidth.of(h.lines[row]) <= columns)
            }
        }
    }

    @Test func refreshCancelsAFooterThatIsStillParking() {
        let h = demo()
        h.advance(1)
        h.press(.end)
        #expect(h.screen.footer.state == .refreshing)
        h.press(.character("r"))
        #expect(h.screen.footer.state == .idle)
        h.advance(1)
        #expect(h.lines[0].hasSuffix("10+ items"))
        #expect(h.reactor.currentState.sections[0].currentState.article.title.hasSuffix("(edition 2)"))
        #expect(!h.reactor.currentState.isLoadingMore)
    }
}
