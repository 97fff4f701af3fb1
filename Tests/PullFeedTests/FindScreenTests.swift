import Foundation
@testable import PullFeed
import Testing
import PullToRefresh
import TerminalUI

/// Search (`/`, `n`, `N`), filter (`&`) and the list of keys (`?`) on the feed screen, in
/// virtual time.
@Suite struct FindScreenTests {
    func selected(_ h: ScreenHarness) -> String? { h.selectedRow }

    func type(_ h: ScreenHarness, _ text: String) { h.type(text) }

    /// A line source of `total` lines "L0", "L1", …, first page loaded.
    func lines(_ total: Int, pageSize: Int = 20, language: RefreshLanguage = .english) -> ScreenHarness {
        let source = ScriptedSource.lines(total: total)
        source.delay = 0.1
        let h = ScreenHarness(source: source, pageSize: pageSize) { $0.language = language }
        h.advance(0.2)
        return h
    }

    @Test func searchSelectsTheNextMatchAndWraps() {
        let h = lines(20)
        type(h, "/l1")
        #expect(h.lines[23].hasPrefix("/l1"))
        #expect(selected(h) == "L0")
        h.press(.enter)
        #expect(selected(h) == "L1")
        h.press(.character("n"))
        #expect(selected(h) == "L10")
        h.press(.down, times: 9)
        #expect(selected(h) == "L19")
        h.press(.character("n"))
        #expect(selected(h) == "L1")
        #expect(h.lines[23] == " Search wrapped to the top")
        h.press(.character("N"))
        #expect(selected(h) == "L19")
        #expect(h.lines[23] == " Search wrapped to the bottom")
        h.press(.down)
        #expect(!h.lines[23].contains("wrapped"))
    }

    @Test func wrapAndNotFoundInChinese() {
        let h = lines(5, language: .simplifiedChinese)
        h.press(.end)
        type(h, "/L2")
        h.press(.enter)
        #expect(selected(h) == "L2")
        #expect(h.lines[23] == " 已从顶部继续搜索")
        type(h, "/nope")
        h.press(.enter)
        #expect(h.lines[23] == " 未找到：nope")
        h.press(.character("N"))
        #expect(h.lines[23] == " 未找到：nope")
    }

    @Test func patternNotFoundKeepsTheSelection() {
        let h = lines(20)
        h.press(.down, .down)
        type(h, "/zzz")
        h.press(.enter)
        #expect(h.lines[23] == " Pattern not found: zzz")
        #expect(selected(h) == "L2")
    }

    /// A search's message goes after a toast's time without a key, as every status message.
    @Test func aSearchMessageGoesByItself() {
        let h = lines(20)
        type(h, "/zzz")
        h.press(.enter)
        #expect(h.lines[23] == " Pattern not found: zzz")
        h.advance(Toast.duration - 0.1)
        #expect(h.lines[23] == " Pattern not found: zzz")
        h.advance(0.2)
        #expect(h.lines[23] == FeedScreenTests.lineHelp)
    }

    /// A match below the view comes in near the top with the lines after it in view (as
    /// `less` shows it), not on the last row; a match in view leaves the view alone.
    @Test func aMatchOffScreenComesInNearTheTop() {
        let h = lines(200)
        type(h, "/^L100$")
        h.press(.enter)
        h.advance(2)
        #expect(selected(h) == "L100")
        let row = h.lines.firstIndex { $0.hasPrefix("›") }
        #expect(row == 1 + FindController.matchContext)
        #expect(h.lines[22] == " L118")
        type(h, "/^L110$")
        h.press(.enter)
        h.advance(2)
        #expect(selected(h) == "L110")
        #expect(h.lines[1] == " L97", "a match in view does not scroll")
        type(h, "/^L20$")
        h.press(.enter)
        h.advance(2)
        #expect(h.lines.firstIndex { $0.hasPrefix("›") } == 1 + FindController.matchContext, "above the view: the same")
    }

    @Test func smartCaseDecidesWhatMatches() {
        let source = ScriptedSource { _ in .success(Page(items: ["alpha", "ALPHA", "Alpha"].map(FeedItem.line), hasMore: false)) }
        let h = ScreenHarness(source: source)
        h.advance(1.5)
        type(h, "/Alpha")
        h.press(.enter)
        #expect(selected(h) == "Alpha")
        type(h, "/alpha")
        h.press(.enter)
        #expect(selected(h) == "alpha")
        #expect(h.lines[23] == " Search wrapped to the top")
        h.press(.character("n"))
        #expect(selected(h) == "ALPHA")
    }

    @Test func searchGoesOnThroughPagesNotLoadedYet() {
        let h = lines(100)
        #expect(h.lines[0].hasSuffix("20+ items"))
        type(h, "/L77")
        h.press(.enter)
        #expect(h.lines[23].hasPrefix(" Searching…"))
        for _ in 0..<10 { h.advance(0.2) }
        #expect(selected(h) == "L77")
        #expect(!h.lines[23].contains("Searching"))
    }

    /// A stream still open whose pipe is empty for a moment: the search asks again a little
    /// later, takes the lines that came meanwhile, and says "not found" only after a pause.
    @Test func aSearchWaitsOutAMomentOfAnOpenInputWithNothingNew() {
        var written = 40
        let source = ScriptedSource { request in
            let end = min(written, request.offset + request.limit)
            var page = Page(items: (request.offset..<max(request.offset, end)).map { FeedItem.line("L\($0)") },
                            hasMore: end < written)
            page.isOpen = true
            return .success(page)
        }
        source.delay = 0.001
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(0.1)
        type(h, "/^L45$")
        h.press(.enter)
        h.advance(0.05)
        #expect(selected(h) == "L0")
        #expect(h.lines[23].hasPrefix(" Searching…"), "one empty answer is not the end")
        written = 60
        for _ in 0..<5 { h.advance(0.02) }
        #expect(selected(h) == "L45")

        type(h, "/^L99$")
        h.press(.enter)
        for _ in 0..<3 { h.advance(0.02) }
        #expect(h.lines[23].hasPrefix(" Searching…"))
        for _ in 0..<10 { h.advance(0.02) }
        #expect(h.lines[23] == " Pattern not found: ^L99$", "a pause ends it")
        #expect(selected(h) == "L45")
    }

    @Test func escCancelsASearchThroughPagesAndKeepsWhatLoaded() {
        let source = ScriptedSource.lines(total: 1000)
        source.delay = 1
        source.loadsRestPageByPage = true
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(1.5)
        type(h, "/nowhere")
        h.press(.enter)
        h.advance(2.5)
        #expect(h.lines[23].hasPrefix(" Searching…"))
        h.press(.escape)
        #expect(h.quits == 0)
        #expect(h.lines[23] == " Search cancelled")
        h.advance(5)
        let count = h.screen.reactor!.currentState.itemCount
        #expect(count > 20 && count < 1000)
        #expect(selected(h) == "L0")
    }

    @Test func ctrlCCancelsASearchAndOtherwiseQuits() {
        let h = lines(1000)
        #expect(h.screen.interrupt() == false)
        type(h, "/nowhere")
        h.press(.enter)
        #expect(h.screen.interrupt() == true)
        h.render()
        #expect(h.lines[23] == " Search cancelled")
    }

    @Test func filterShowsMatchingRowsAndCounts() {
        let h = lines(100)
        h.press(.down, .down, .down)
        type(h, "&L1")
        #expect(h.lines[23].hasPrefix("&L1"))
        h.advance(1)
        #expect(h.lines[0].hasSuffix("11 of 100 items"))
        #expect(selected(h) == "L1")
        type(h, "7")
        #expect(h.lines[0].hasSuffix("1 of 100 items"))
        #expect(selected(h) == "L17")
        h.press(.backspace)
        #expect(selected(h) == "L17")
        h.press(.enter)
        #expect(!h.lines[23].hasPrefix("&"))
        h.press(.down)
        #expect(selected(h) == "L18")
        h.press(.enter)
        #expect(h.chosen == ["L18"])
    }

    @Test func anEmptyFilterOrEscShowsAllAndPutsTheSelectionBack() {
        let h = lines(20)
        h.press(.down, .down)
        type(h, "&L1")
        #expect(h.lines[0].hasSuffix("11 of 20 items"))
        h.press(.enter)
        type(h, "&")
        h.press(.enter)
        #expect(h.lines[0].hasSuffix("20 items"))
        #expect(selected(h) == "L2")
        type(h, "&L19")
        #expect(selected(h) == "L19")
        h.press(.escape)
        #expect(h.lines[0].hasSuffix(" 20 items"))
        #expect(selected(h) == "L2")
        #expect(h.quits == 0)
    }

    @Test func searchAndRowsArrivingLaterWorkOnTheFilteredList() {
        let h = lines(60)
        type(h, "&L5")
        h.advance(1)
        h.press(.enter)
        #expect(h.lines[0].hasSuffix("11 of 60 items"))
        type(h, "/L55")
        h.press(.enter)
        #expect(selected(h) == "L55")
        h.press(.character("r"))
        h.advance(1)
        h.advance(1)
        #expect(h.lines[0].contains(" of "))
        #expect(h.lines.contains { $0.contains("L5") })
        #expect(!h.lines.contains { $0.contains("L4") })
    }

    @Test func articleSectionsStayWithTheirHeaders() {
        let h = ScreenHarness(source: DemoSource(latency: 0.1, seed: 1))
        h.advance(0.5)
        let before = h.lines
        type(h, "&zzzzqq")
        #expect(h.lines[0].contains("0 of"))
        h.press(.escape)
        #expect(h.lines == before)
        type(h, "/Article 3 ")
        h.press(.enter)
        #expect(selected(h) != nil)
        #expect(h.lines.firstIndex { $0.contains("Article 3 ") }.map { h.lines[$0 + 1].hasPrefix("›") } == true)
    }

    @Test func pastesControlCharactersAndResizesAreHarmless() {
        let h = lines(20)
        type(h, "/")
        h.screen.handle(.paste("L1\u{1B}[2J\n"))
        h.render()
        // The escape is on screen as its picture, never as itself.
        #expect(h.lines.contains { $0.hasPrefix("/L1␛[2J") }, "\(h.lines)")
        #expect(!h.text.contains("\u{1B}"))
        h.screen.handle(.paste(String(repeating: "y", count: 10_000)))
        h.render()
        h.screen.handle(.resize(Size(columns: 30, rows: 10)))
        h.canvas.resize(columns: 30, rows: 10)
        h.render()
        // `[2J` is an unmatched bracket in a regular expression: the prompt says so.
        #expect(h.lines[9].hasPrefix("/"))
        #expect(h.lines[9].contains("Invalid patt"))
        h.press(.ctrl("r"))
        #expect(h.lines[9].hasPrefix("Literal /"))
        #expect(h.lines[9].hasSuffix("y"))
        h.press(.enter)
        #expect(h.lines[9].hasPrefix(" Pattern not found"))
        #expect(h.screen.reactor!.currentState.itemCount == 20)
    }

    @Test func emptyPatternAndEmptyList() {
        let source = ScriptedSource { _ in .success(Page(items: [], hasMore: false)) }
        let h = ScreenHarness(source: source)
        h.advance(1.5)
        type(h, "/")
        h.press(.enter)
        #expect(h.quits == 0)
        type(h, "/x")
        h.press(.enter)
        #expect(h.lines[23] == " Pattern not found: x")
        type(h, "&x")
        #expect(h.lines[0].contains("0 of 0 items"))
    }

    @Test func questionMarkShowsEveryKeyUntilAKey() {
        let h = lines(20)
        h.press(.character("?"))
        #expect(h.lines[0].hasPrefix(" Keys"))
        #expect(h.text.contains("Search forward"))
        #expect(h.text.contains("Previous match"))
        h.press(.end)
        #expect(h.text.contains("Ctrl-L"))
        h.press(.character("x"))
        #expect(selected(h) == "L0")
        #expect(h.lines[0].hasPrefix(" PullFeed"))
    }

    /// A source that scans finds a match past the loaded lines without loading them; the lines
    /// through it are then loaded (not the rest), and it is selected.
    @Test func aMatchAScanFindsPastTheLoadedLinesIsLoadedAndSelected() {
        let source = ScriptedSource.lines(total: 5000)
        source.delay = 0.1
        source.scan = .found(500)
        let h = ScreenHarness(source: source, pageSize: 20)
        h.advance(0.2)
        type(h, "/L500")
        h.press(.enter)
        // The scan runs on another thread; its answer and the loads arrive on the loop.
        var rounds = 0
        while h.selectedRow != "L500", rounds < 5_000 {
            h.advance(0.05)
            rounds += 1
        }
        #expect(source.scannedAfter == [20])
        #expect(h.selectedRow == "L500")
        #expect(h.reactor.currentState.itemCount < 5000, "loaded through the match, not to the end")
        #expect(!h.lines[23].contains("Searching"))
    }

    /// `n n n` and `N N N` pressed faster than the searches run (each walks so many rows that
    /// it runs in the background): every press moves to the next match, none is lost.
    @Test func quickNextAndPreviousPressesEachMoveOneMatch() {
        let total = FindModel.syncRows + 10_000
        let h = lines(total, pageSize: total)
        type(h, "/L7")
        h.press(.enter)
        h.finishFindWalks()
        #expect(selected(h) == "L7")
        h.press(.character("n"))
        h.press(.character("n"))
        h.press(.character("n"))
        h.finishFindWalks()
        #expect(selected(h) == "L72")
        h.press(.end)
        h.press(.character("N"))
        h.press(.character("N"))
        h.press(.character("N"))
        h.finishFindWalks()
        #expect(selected(h) == "L7997")
        #expect(!h.screen.find.isBusy)
    }
}
