import PullToRefresh

/// The app's own words (title bar, help, toasts, empty state) in English and Simplified
/// Chinese, with ASCII stand-ins for its symbols when the terminal's locale is not UTF-8.
/// The refresh components' titles live in `RefreshTitles`.
public struct AppStrings: Sendable {
    public var language: RefreshLanguage
    public var unicode: Bool

    public init(language: RefreshLanguage, unicode: Bool = true) {
        self.language = language
        self.unicode = unicode
    }

    /// Between the parts of the title bar and of a section header.
    public var separator: String { unicode ? "·" : "-" }

    /// Before a comment row.
    public var commentMarker: String { unicode ? "💬" : "*" }

    private var zh: Bool { language == .simplifiedChinese }

    public func itemCount(_ n: Int) -> String {
        zh ? "\(n) 项" : "\(n) item\(n == 1 ? "" : "s")"
    }

    public var addComment: String {
        let plus = unicode ? "＋" : "+"
        return plus + (zh ? " 添加评论" : " Add a comment")
    }

    public var empty: String {
        let dash = unicode ? "—" : "-"
        return zh ? "这里还没有内容 \(dash) 下拉或按 r 刷新" : "Nothing here yet \(dash) pull down or press r to refresh"
    }

    public func toast(_ kind: Toast.Kind) -> String {
        switch kind {
        case .refreshFailed(let reason): return (zh ? "刷新失败：" : "Refresh failed: ") + reason
        case .loadMoreFailed(let reason): return (zh ? "加载更多失败：" : "Load more failed: ") + reason
        case .noMoreData: return zh ? "已经全部加载完毕" : "No more data"
        case .commandExited(let status, let message):
            return (zh ? "退出状态 \(status)" : "exit status \(status)") + (message.map { (zh ? "：" : ": ") + $0 } ?? "")
        }
    }
}
