import Testing
@testable import PullToRefresh

@Suite struct RefreshTitlesTests {
    @Test func englishTable() {
        let t = RefreshTitles(language: .english)
        #expect(t.header(.idle) == "Pull down to refresh")
        #expect(t.header(.pulling) == "Release to refresh")
        #expect(t.header(.refreshing) == "Loading...")
        #expect(t.header(.willRefresh) == "Loading...")
        #expect(t.footer(.idle, kind: .auto) == "Press Enter or scroll down to load more")
        #expect(t.footer(.idle, kind: .auto, selected: false) == "Scroll down to load more")
        #expect(t.footer(.refreshing, kind: .auto) == "Loading more...")
        #expect(t.footer(.noMoreData, kind: .auto) == "No more data")
        #expect(t.footer(.idle, kind: .back) == "Pull up to load more")
        #expect(t.footer(.pulling, kind: .back) == "Release to load more")
        #expect(t.footer(.refreshing, kind: .back) == "Loading more...")
        #expect(t.footer(.noMoreData, kind: .back) == "No more data")
    }

    @Test func chineseTable() {
        let t = RefreshTitles(language: .simplifiedChinese)
        #expect(t.header(.idle) == "下拉可以刷新")
        #expect(t.header(.pulling) == "松开立即刷新")
        #expect(t.header(.refreshing) == "正在刷新数据中...")
        #expect(t.footer(.idle, kind: .auto) == "按回车或上拉加载更多")
        #expect(t.footer(.idle, kind: .auto, selected: false) == "继续下滑加载更多")
        #expect(t.footer(.refreshing, kind: .auto) == "正在加载更多的数据...")
        #expect(t.footer(.noMoreData, kind: .auto) == "已经全部加载完毕")
        #expect(t.footer(.idle, kind: .back) == "上拉可以加载更多")
        #expect(t.footer(.pulling, kind: .back) == "松开立即加载更多")
        #expect(t.footer(.refreshing, kind: .back) == "正在加载更多的数据...")
        #expect(t.footer(.noMoreData, kind: .back) == "已经全部加载完毕")
    }

    @Test func languageFromIdentifiers() {
        #expect(RefreshLanguage(identifier: "zh-Hans") == .simplifiedChinese)
        #expect(RefreshLanguage(identifier: "zh_CN.UTF-8") == .simplifiedChinese)
        #expect(RefreshLanguage(identifier: "en") == .english)
        #expect(RefreshLanguage(identifier: "C.UTF-8") == .english)
        #expect(RefreshLanguage(identifier: "fr_FR") == nil)
        #expect(RefreshLanguage(identifier: "  ZH_tw \n") == .simplifiedChinese)
        #expect(RefreshLanguage(identifier: "\tPOSIX ") == .english)
        #expect(RefreshLanguage(identifier: " c ") == .english)
        #expect(RefreshLanguage(identifier: " x en") == nil)
        #expect(RefreshLanguage(identifier: "   ") == nil)
        #expect(RefreshLanguage(identifier: "") == nil)
    }

    @Test func languageFromTheEnvironment() {
        #expect(RefreshLanguage.detect(environment: [:]) == .english)
        #expect(RefreshLanguage.detect(environment: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(RefreshLanguage.detect(environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"]) == .english)
        #expect(RefreshLanguage.detect(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN"]) == .simplifiedChinese)
        #expect(RefreshLanguage.detect(environment: ["LANG": "zh_CN", "LC_ALL": ""]) == .simplifiedChinese)
        #expect(RefreshLanguage.detect(environment: ["LANG": "de_DE.UTF-8"]) == .english)
    }

    @Test func glyphsFromTheEnvironment() {
        #expect(RefreshGlyphs.detect(environment: ["LANG": "en_US.UTF-8"]) == .unicode)
        #expect(RefreshGlyphs.detect(environment: ["LANG": "zh_CN.utf8"]) == .unicode)
        #expect(RefreshGlyphs.detect(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "C"]) == .ascii)
        #expect(RefreshGlyphs.detect(environment: ["LC_CTYPE": "C.UTF-8", "LANG": "C"]) == .unicode)
        #expect(RefreshGlyphs.detect(environment: [:]) == .ascii)
        #expect(RefreshGlyphs.detect(environment: ["LC_CTYPE": "UTF-8"]) == .unicode)
        #expect(RefreshGlyphs.detect(environment: ["LANG": "de_DE.Utf8@euro"]) == .unicode)
        #expect(RefreshGlyphs.detect(environment: ["LANG": "de_DE.ISO-8859-15"]) == .ascii)
    }

    @Test func spinnerFramesCycle() {
        let ascii = RefreshGlyphs.ascii
        #expect((0..<6).map(ascii.spinnerFrame) == ["|", "/", "-", "\\", "|", "/"])
        #expect(RefreshGlyphs.unicode.spinnerFrame(10) == RefreshGlyphs.unicode.spinnerFrame(0))
        #expect(RefreshGlyphs.unicode.spinnerFrames.count == 10)
    }
}
