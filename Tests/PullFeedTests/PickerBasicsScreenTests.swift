import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// The picker and pager basics on a `MemoryScreen`, in virtual time: moves past the loaded
/// rows, pulls that begin only at rest, failures that stay readable, and the keys `less` users
/// reach for.
@Suite struct PickerBasicsScreenTests {
    /// A screen on `total` lines "L0"… that load in 10 ms, its first page shown.
    func quickLines(total: Int, pageSize: Int) -> (ScreenHarness, ScriptedSource) {
        let source = ScriptedSource.lines(total: total)
        source.delay = 0.01
        let h = ScreenHarness(source: source, pageSize: pageSize)
        h.advance(0.1)
        return (h, source)
    }

    func selected(_ h: ScreenHarness) -> String? {
        h.lines.first { $0.hasPrefix("›") }.map { String($0.dropFirst()) }
    }

    @Test func downsPastTheLoadedRowsAreCompletedWhenThePageArrives() {
        let (h, source) = quickLines(total: 1000, pageSize: 200)
        h.press(.down, times: 300)
        #expect(source.requests.count == 2, "the next page is asked for once, at once")
        h.advance(0.1)
        #expect(selected(h) == "L300", "300 Downs from the first line select line 301")
        h.press(.pageDown, times: 20)
        h.advance(0.1)
        h.advance(0.1)
        #expect(selected(h) == "L720", "and 20 pages of 21 rows after it")
    }

    @Test func anotherMoveForgetsTheRowsAskedFor() {
        let (h, _) = quickLines(total: 1000, pageSize: 20)
        h.press(.down, times: 30)
        h.press(.up)
        h.advance(0.1)
        #expect(selected(h) == "L18")
    }

    @Test func aBurstOfUpsThatReachesTheTopDoesNotPullANewPressDoes() {
        let (h, _) = quickLines(total: 50, pageSize: 50)
        h.press(.down, times: 5)
        h.advance(1)
        // A held-down Up: 30 ms apart, arriving at the top and going on.
        for _ in 0..<12 {
            h.press(.up)
            h.time.advance(0.03)
        }
        h.render()
        #expect(selected(h) == "L0")
        #expect(h.lines[1] == "›L0", "no pull: \(h.lines[1])")
        h.advance(1)
        // A new press at rest at the top pulls, and its own repeats go on pulling.
        h.press(.up)
        #expect(h.lines[1].hasSuffix("Pull down to refresh"))
        h.time.advance(0.03)
        h.press(.up)
        #expect(h.screen.header.state == .pulling)
    }

    @Test func aFailedFirstLoadKeepsItsReasonOnScreenUntilTheNextRefresh() {
        var fail = true
        let source = ScriptedSource { _ in
            fail ? .failure(SourceError("no route to host")) : .success(Page(items: [.line("ok")], hasMore: false))
        }
        source.delay = 0.1
        let h = ScreenHarness(source: source)
        h.advance(0.5)
        h.advance(5)
        let message = " Refresh failed: no route to host — press r to retry"
        #expect(h.lines.contains(message), "\(h.lines)")
        fail = false
        h.press(.character("r"))
        #expect(!h.lines.contains(message))
        h.advance(0.5)
        #expect(h.lines.contains("›ok"))
    }

    @Test func aFailureToastGoesWhenTheSameKindOfRequestSucceeds() {
        var fail = true
        let source = ScriptedSource { request in
            if request.offset == 0, fail { return .failure(SourceError("flaky")) }
            return .success(Page(items: (0..<5).map { .line("L\(request.offset + $0)") }, hasMore: true))
        }
        source.delay = 0.1
        let h = ScreenHarness(source: source)
        h.advance(0.5)
        fail = false
        h.press(.character("r"))
        // The retry runs: the status line shows it (no header shows for `r`) over the toast,
        // which stays until the retry succeeds.
        #expect(h.lines[23].hasSuffix(" Loading..."))
        #expect(h.reactor.currentState.toast?.kind == .refreshFailed(reason: "flaky"))
        h.advance(0.5)
        #expect(!h.lines[23].contains("Refresh failed"), "the retry succeeded: \(h.lines[23])")
    }

    @Test func aOneShotCommandHasNoFooterAndNoPlus() throws {
        let source = CommandSource(command: "printf 'a\\nb\\n'", paged: false, timeout: 5)
        #expect(!source.hasPages)
        #expect(CommandSource(command: "true", paged: true, timeout: 5).hasPages)
        let h = ScreenHarness(source: ScriptedSource.lines(total: 500), pageSize: 200)
        h.advance(1.1)
        #expect(h.lines[0].hasSuffix("200+ items"))
        h.press(.end)
        h.advance(2.2)
        h.advance(2.2)
        #expect(h.lines[0].hasSuffix("500 items"))
    }

    @Test func controlKeysMoveAsInLess() {
        let (h, _) = quickLines(total: 100, pageSize: 100)
        h.press(.ctrl("d"))
        #expect(selected(h) == "L11", "half of a 22-line list")
        h.press(.ctrl("u"))
        #expect(selected(h) == "L0")
        h.press(.ctrl("f"))
        #expect(selected(h) == "L21")
        h.press(.ctrl("b"))
        #expect(selected(h) == "L0")
        h.press(.ctrl("n"), .ctrl("n"), .ctrl("p"))
        #expect(selected(h) == "L1")
    }

    @Test func leftAndRightScrollLongLinesAndZeroGoesBack() {
        let long = (0..<30).map { String(format: "w%02d", $0) }.joined(separator: " ")
        let source = ScriptedSource { _ in .success(Page(items: [.line(long), .line("short")], hasMore: false)) }
        source.delay = 0.01
        let h = ScreenHarness(source: source, columns: 40)
        h.advance(0.1)
        #expect(h.lines[1] == "›w00 w01 w02 w03 w04 w05 w06 w07 w08 w0…")
        h.press(.right)
        #expect(h.lines[1] == "› w05 w06 w07 w08 w09 w10 w11 w12 w13 w…", "half of the 39 text columns")
        #expect(h.lines[0].hasSuffix("→19  2 items"))
        h.press(.right, .right)
        h.press(.right, .right)
        let end = h.lines[1]
        h.press(.right)
        #expect(h.lines[1] == end, "no scrolling past the end of the longest line")
        h.press(.character("0"))
        #expect(h.lines[1].hasPrefix("›w00"))
        #expect(h.lines[0].hasSuffix(" 2 items") && !h.lines[0].contains("→"))
        h.press(.right, .left)
        #expect(h.lines[1].hasPrefix("›w00"))
    }

    @Test func stdinKeepsEveryLineAndThePlaceOnRefresh() {
        let stdin = StdinSource(fd: -1)
        #expect(stdin.keepsPlaceOnRefresh)
        #expect(!FileSource(path: "/etc/passwd").keepsPlaceOnRefresh)
    }
}

/// Every text comes from a table per language, and the tables agree.
@Suite struct AppStringsTests {
    @Test func everyKeyIsInBothTablesWithTheSamePlaceholders() {
        for key in AppText.allCases {
            let english = AppStrings.english[key]
            let chinese = AppStrings.simplifiedChinese[key]
            #expect(english != nil, "\(key) has no English text")
            #expect(chinese != nil, "\(key) has no Chinese text")
            if let english, let chinese {
                #expect(placeholders(english) == placeholders(chinese), "\(key): \(english) / \(chinese)")
            }
        }
        #expect(AppStrings.english.count == AppText.allCases.count)
        #expect(AppStrings.simplifiedChinese.count == AppText.allCases.count)
    }

    func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        for n in 0..<6 where text.contains("{\(n)}") { found.insert("{\(n)}") }
        return found
    }

    @Test func textsFillTheirPlaceholdersAndFallBackToASCII() {
        let en = AppStrings(language: .english)
        #expect(en.itemCount(1) == "1 item")
        #expect(en.itemCount(200, more: true) == "200+ items")
        #expect(en.itemCount(1_925_107_712) == "1,925,107,712 items", "counts are grouped as the dropped count is")
        #expect(en.itemCount(12_000, counting: true).contains("12,000"))
        #expect(en.refreshed(new: 1_234, changed: 5_678, gone: 91_011) == "1,234 new items · 5,678 changed · 91,011 gone")
        #expect(en.updated(at: Date(timeIntervalSince1970: 1_700_057_109), timeZone: TimeZone(identifier: "UTC")!)
                == "updated 14:05:09")
        #expect(en.updated(at: Date(timeIntervalSince1970: 1_700_057_109), timeZone: TimeZone(secondsFromGMT: -5 * 3600)!)
                == "updated 09:05:09", "the zone's offset moves the clock")
        #expect(en.updated(at: Date(timeIntervalSince1970: -0.5), timeZone: TimeZone(identifier: "UTC")!)
                == "updated 23:59:59", "a time before 1970 still counts from the start of its day")
        for seconds in [0.0, 1_700_057_109, 1_720_000_000.7] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(en.updated(at: date, timeZone: nil) == en.updated(at: date, timeZone: LastUpdatedFormatter.localTimeZone(at: date)),
                    "no time zone: local time, as the C library gives it")
        }
        #expect(en.text(.emptyInput) == "Nothing here: the input was empty")
        #expect(en.articleHeader(id: 3, author: "Alice", comments: 1) == "Article 3 · Alice · 1 comment")
        let zh = AppStrings(language: .simplifiedChinese)
        #expect(zh.articleHeader(id: 3, author: "Alice", comments: 2) == "文章 3 · Alice · 2 条评论")
        #expect(zh.toast(.refreshFailed(reason: "x")) == "刷新失败：x")
        let ascii = AppStrings(language: .english, unicode: false)
        #expect(ascii.text(.helpMove) == "Up/Down move")
        #expect(ascii.text(.helpScroll) == "Left/Right scroll")
        #expect(ascii.empty == "Nothing here yet - pull down or press r to refresh")
        #expect(AppStrings.fill("{0} of {1} {2}", ["a", "b"]) == "a of b {2}")
        #expect(AppStrings.fill("{x} {0}", ["a"]) == "{x} a")
    }

    @Test func theChineseScreenIsChineseThroughout() {
        let h = ScreenHarness(source: DemoSource(latency: 0.6, seed: 1)) { $0.language = .simplifiedChinese }
        h.advance(1)
        #expect(h.lines[1].hasPrefix("  文章 1 · "))
        #expect(h.lines[23] == " ↑↓ 移动  / 搜索  & 筛选  顶部按 ↑ 下拉刷新  r 刷新  ? 按键  q 退出")
    }
}
