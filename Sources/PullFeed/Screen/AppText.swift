import PullToRefresh

/// The key of every text the app shows. Each language's table (`AppStrings.english`,
/// `AppStrings.simplifiedChinese`) has one entry per key; `{0}`, `{1}`, … stand for the values
/// put in.
public enum AppText: String, CaseIterable, Sendable {
    // Title bar
    case itemCount, itemCountOne, liveEvery, livePaused
    // Help line
    case helpMove, helpPull, helpRefresh, helpPrint, helpComment, helpLoadMore, helpScroll, helpQuit, helpPause
    // List
    case empty, emptyFailed, addComment, articleHeader, articleHeaderOneComment, columnOffset
    // Toasts
    case refreshFailed, loadMoreFailed, noMoreData, exitStatus, exitStatusMessage
    case newItems, newItemsOne, noNewItems, goneItems
    // Standard error
    case termFallback, stdinIsTerminal
}

extension AppStrings {
    /// English, the default.
    public static let english: [AppText: String] = [
        .itemCount: "{0} items",
        .itemCountOne: "{0} item",
        .liveEvery: "every {0}s",
        .livePaused: "paused",
        .helpPause: "p pause",
        .newItems: "{0} new items",
        .newItemsOne: "{0} new item",
        .noNewItems: "No new items",
        .goneItems: "{0} gone",
        .helpMove: "↑↓ move",
        .helpPull: "↑ at top: pull to refresh",
        .helpRefresh: "r refresh",
        .helpPrint: "Enter print",
        .helpComment: "Enter comment",
        .helpLoadMore: "Enter load more",
        .helpScroll: "←→ scroll",
        .helpQuit: "q quit",
        .empty: "Nothing here yet — pull down or press r to refresh",
        .emptyFailed: "{0} — press r to retry",
        .addComment: "Add a comment",
        .articleHeader: "Article {0} {3} {1} {3} {2} comments",
        .articleHeaderOneComment: "Article {0} {3} {1} {3} {2} comment",
        .columnOffset: "→{0}",
        .refreshFailed: "Refresh failed: {0}",
        .loadMoreFailed: "Load more failed: {0}",
        .noMoreData: "No more data",
        .exitStatus: "exit status {0}",
        .exitStatusMessage: "exit status {0}: {1}",
        .termFallback: "TERM={0} has no terminfo entry on this machine, so pullfeed ran as TERM={1}. To install the real entry, run this where your terminal runs: infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}: standard input is a terminal; pipe lines into pullfeed to show them",
    ]

    /// Simplified Chinese (`--lang zh-Hans`, or a zh locale).
    public static let simplifiedChinese: [AppText: String] = [
        .itemCount: "{0} 项",
        .itemCountOne: "{0} 项",
        .liveEvery: "每 {0} 秒",
        .livePaused: "已暂停",
        .helpPause: "p 暂停",
        .newItems: "{0} 条新内容",
        .newItemsOne: "{0} 条新内容",
        .noNewItems: "没有新内容",
        .goneItems: "{0} 条已移除",
        .helpMove: "↑↓ 移动",
        .helpPull: "顶部按 ↑ 下拉刷新",
        .helpRefresh: "r 刷新",
        .helpPrint: "回车 输出",
        .helpComment: "回车 评论",
        .helpLoadMore: "回车 加载更多",
        .helpScroll: "←→ 横向滚动",
        .helpQuit: "q 退出",
        .empty: "这里还没有内容 — 下拉或按 r 刷新",
        .emptyFailed: "{0} — 按 r 重试",
        .addComment: "添加评论",
        .articleHeader: "文章 {0} {3} {1} {3} {2} 条评论",
        .articleHeaderOneComment: "文章 {0} {3} {1} {3} {2} 条评论",
        .columnOffset: "→{0}",
        .refreshFailed: "刷新失败：{0}",
        .loadMoreFailed: "加载更多失败：{0}",
        .noMoreData: "已经全部加载完毕",
        .exitStatus: "退出状态 {0}",
        .exitStatusMessage: "退出状态 {0}：{1}",
        .termFallback: "本机没有 TERM={0} 的 terminfo 条目，pullfeed 以 TERM={1} 运行。要安装真正的条目，请在终端所在的机器上运行：infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}：标准输入是终端；请把要显示的行通过管道输入 pullfeed",
    ]
}
