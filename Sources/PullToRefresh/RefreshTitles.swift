/// The user-visible strings of the refresh components, in English or Simplified Chinese.
public struct RefreshTitles: Hashable, Sendable {
    /// The language every title is in.
    public var language: RefreshLanguage

    /// The titles in `language`.
    public init(language: RefreshLanguage) {
        self.language = language
    }

    /// The header's title for `state`. `willRefresh` reads as refreshing; `noMoreData`
    /// (which a header never enters) reads as idle.
    public func header(_ state: RefreshState) -> String {
        let zh = language == .simplifiedChinese
        switch state {
        case .idle, .noMoreData: return zh ? "下拉可以刷新" : "Pull down to refresh"
        case .pulling: return zh ? "松开立即刷新" : "Release to refresh"
        case .refreshing, .willRefresh: return zh ? "正在刷新数据中..." : "Loading..."
        }
    }

    /// A footer's title for `state`. The auto footer has no pulling state; it reads as idle.
    /// Its idle title offers Enter only while its row is `selected` (Enter acts on the
    /// selected row, so elsewhere it would promise what Enter does not do).
    func footer(_ state: RefreshState, kind: RefreshFooterKind, selected: Bool = true) -> String {
        let zh = language == .simplifiedChinese
        switch (state, kind) {
        case (.idle, .auto), (.pulling, .auto):
            if !selected { return zh ? "继续下滑加载更多" : "Scroll down to load more" }
            return zh ? "按回车或上拉加载更多" : "Press Enter or scroll down to load more"
        case (.idle, .back): return zh ? "上拉可以加载更多" : "Pull up to load more"
        case (.pulling, .back): return zh ? "松开立即加载更多" : "Release to load more"
        case (.refreshing, _), (.willRefresh, _): return zh ? "正在加载更多的数据..." : "Loading more..."
        case (.noMoreData, _): return zh ? "已经全部加载完毕" : "No more data"
        }
    }

    /// The footer's title when there is no more data for now but the input is still open.
    var waitingForMore: String { language == .simplifiedChinese ? "等待更多数据..." : "Waiting for more..." }

    /// The prefix of the last-updated line.
    var lastUpdatedPrefix: String { language == .simplifiedChinese ? "最后更新：" : "Last updated: " }
    /// The word for today in the last-updated line.
    var today: String { language == .simplifiedChinese ? "今天" : "Today" }
    /// The last-updated text when there is no record.
    var never: String { language == .simplifiedChinese ? "无记录" : "Never" }
}
