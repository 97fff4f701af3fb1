import PullToRefresh

/// The app's own words (title bar, help, toasts, empty state) in English and Simplified
/// Chinese. The refresh components' titles live in `RefreshTitles`.
public struct AppStrings: Sendable {
    public var language: RefreshLanguage

    public init(language: RefreshLanguage) { self.language = language }

    private var zh: Bool { language == .simplifiedChinese }

    public func itemCount(_ n: Int) -> String {
        zh ? "\(n) 项" : "\(n) item\(n == 1 ? "" : "s")"
    }

    public var addComment: String { zh ? "＋ 添加评论" : "＋ Add a comment" }

    public var empty: String {
        zh ? "这里还没有内容 — 下拉或按 r 刷新" : "Nothing here yet — pull down or press r to refresh"
    }

    public var firstLoad: String { zh ? "正在加载..." : "Loading..." }

    public func toast(_ kind: Toast.Kind) -> String {
        switch kind {
        case .refreshFailed(let reason): return (zh ? "刷新失败：" : "Refresh failed: ") + reason
        case .loadMoreFailed(let reason): return (zh ? "加载更多失败：" : "Load more failed: ") + reason
        case .noMoreData: return zh ? "已经全部加载完毕" : "No more data"
        }
    }
}
