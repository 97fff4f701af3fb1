import Foundation
import TerminalUI
import Testing
@testable import PullToRefresh

@Suite struct RefreshViewTests {
    let time = VirtualTime()

    func header(lastUpdated: Date? = nil) -> RefreshHeader {
        let h = RefreshHeader(scheduler: time.loop, lastUpdated: lastUpdated, now: { march14 })
        h.didRender()
        return h
    }

    func headerView(_ language: RefreshLanguage, glyphs: RefreshGlyphs = .unicode) -> RefreshHeaderView {
        RefreshHeaderView(
            language: language, glyphs: glyphs,
            formatter: LastUpdatedFormatter(language: language, calendar: utcCalendar(), now: { march14 }))
    }

    func render(_ h: RefreshHeader, _ view: RefreshHeaderView, rows: Int = 4, skipTop: Int = 0) -> [String] {
        let screen = MemoryScreen(columns: 40, rows: rows)
        view.draw(h, on: screen, row: 0, skipTop: skipTop)
        return screen.lines
    }

    @Test func headerAtRestDrawsNothing() {
        #expect(render(header(), headerView(.english)) == ["", "", "", ""])
    }

    @Test func onePulledRowShowsTheStateLine() {
        let h = header()
        h.pull(by: 1)
        #expect(render(h, headerView(.english)) == [" ↓ Pull down to refresh", "", "", ""])
        #expect(render(h, headerView(.simplifiedChinese)) == [" ↓ 下拉可以刷新", "", "", ""])
    }

    @Test func pulledPastTheThresholdShowsBothLines() {
        let h = header(lastUpdated: march14.addingTimeInterval(-3600))
        h.pull(by: 2)
        #expect(render(h, headerView(.english)) == [" ↑ Release to refresh", "   Last updated: Today 08:30", "", ""])
        #expect(render(h, headerView(.simplifiedChinese)) == [" ↑ 松开立即刷新", "   最后更新：今天 08:30", "", ""])
    }

    @Test func overPullKeepsTheLinesNextToTheContent() {
        let h = header()
        h.pull(by: 3)
        #expect(render(h, headerView(.english)) == ["", " ↑ Release to refresh", "   Last updated: Never", ""])
    }

    @Test func refreshingShowsTheSpinnerAndItAdvances() {
        let h = header()
        h.beginRefreshing()
        let view = headerView(.english)
        #expect(render(h, view) == [" ⠋ Loading...", "   Last updated: Never", "", ""])
        time.advance(ms: 80)
        #expect(render(h, view)[0] == " ⠙ Loading...")
        #expect(render(h, headerView(.simplifiedChinese))[0] == " ⠙ 正在刷新数据中...")
        time.advance(ms: 100)
        h.endRefreshing()
        #expect(render(h, view) == ["", "", "", ""])
    }

    @Test func asciiFallback() {
        let h = header()
        let view = headerView(.english, glyphs: .ascii)
        h.pull(by: 1)
        #expect(render(h, view)[0] == " v Pull down to refresh")
        h.pull(by: 1)
        #expect(render(h, view)[0] == " ^ Release to refresh")
        h.release()
        #expect(render(h, view)[0] == " | Loading...")
        time.advance(ms: 80)
        #expect(render(h, view)[0] == " / Loading...")
    }

    @Test func parkedHeaderScrolledPartlyAway() {
        let h = header()
        h.beginRefreshing()
        #expect(render(h, headerView(.english), skipTop: 1) == ["   Last updated: Never", "", "", ""])
        #expect(render(h, headerView(.english), skipTop: 2) == ["", "", "", ""])
    }

    @Test func drawingClearsTheRowsItOwnsAndUsesStyles() {
        let h = header()
        h.pull(by: 2)
        let screen = MemoryScreen(columns: 30, rows: 3)
        for r in 0..<3 { screen.draw(String(repeating: "x", count: 30), row: r, column: 0) }
        let view = headerView(.english)
        view.draw(h, on: screen, row: 1)
        #expect(screen.lines == [String(repeating: "x", count: 30), " ↑ Release to refresh", "   Last updated: Never"])
        #expect(screen.style(row: 1, column: 3) == view.titleStyle)
        #expect(screen.style(row: 2, column: 3) == view.detailStyle)
    }

    @Test func narrowScreensClipWithoutSplittingCharacters() {
        let h = header()
        h.pull(by: 1)
        let screen = MemoryScreen(columns: 8, rows: 1)
        headerView(.simplifiedChinese).draw(h, on: screen, row: 0)
        #expect(screen.line(0) == " ↓ 下拉")
    }

    func footerLine(_ footer: RefreshFooter, _ language: RefreshLanguage, glyphs: RefreshGlyphs = .unicode) -> String {
        let screen = MemoryScreen(columns: 50, rows: 1)
        RefreshFooterView(language: language, glyphs: glyphs).draw(footer, on: screen, row: 0)
        return screen.line(0)
    }

    @Test func autoFooterLines() {
        let footer = renderedAutoFooter(time)
        #expect(footerLine(footer, .english) == "   Scroll down to load more")
        #expect(footerLine(footer, .simplifiedChinese) == "   继续下滑加载更多")
        let selected = MemoryScreen(columns: 50, rows: 1)
        RefreshFooterView(language: .english, glyphs: .unicode).draw(footer, on: selected, row: 0, selected: true)
        #expect(selected.line(0) == "   Press Enter or scroll down to load more")
        footer.activate()
        #expect(footerLine(footer, .english) == " ⠋ Loading more...")
        time.advance(ms: 80)
        #expect(footerLine(footer, .simplifiedChinese) == " ⠙ 正在加载更多的数据...")
        #expect(footerLine(footer, .english, glyphs: .ascii) == " / Loading more...")
        footer.endRefreshingWithNoMoreData()
        #expect(footerLine(footer, .english) == "   No more data")
        #expect(footerLine(footer, .simplifiedChinese) == "   已经全部加载完毕")
    }

    @Test func backFooterLines() {
        let footer = renderedBackFooter(time)
        // Down pulls the back footer, so its idle arrow points down; it flips past the threshold.
        #expect(footerLine(footer, .english) == " ↓ Pull up to load more")
        #expect(footerLine(footer, .simplifiedChinese) == " ↓ 上拉可以加载更多")
        footer.pull(by: 1)
        #expect(footerLine(footer, .english) == " ↑ Release to load more")
        #expect(footerLine(footer, .simplifiedChinese) == " ↑ 松开立即加载更多")
        #expect(footerLine(footer, .english, glyphs: .ascii) == " ^ Release to load more")
        footer.release()
        #expect(footerLine(footer, .english) == " ⠋ Loading more...")
        footer.endRefreshingWithNoMoreData()
        #expect(footerLine(footer, .english) == "   No more data")
    }

    @Test func hiddenFooterDrawsNothing() {
        let footer = AutoRefreshFooter(scheduler: time.loop)
        #expect(footerLine(footer, .english) == "")
        #expect(RefreshFooterView(language: .english, glyphs: .unicode).line(for: footer) == "")
    }

    @Test func selectedFooterStyle() {
        let footer = renderedAutoFooter(time)
        let screen = MemoryScreen(columns: 50, rows: 1)
        RefreshFooterView(language: .english, glyphs: .unicode).draw(footer, on: screen, row: 0, style: .reversed)
        #expect(screen.style(row: 0, column: 49) == .reversed)
    }
}
