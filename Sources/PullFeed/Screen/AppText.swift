import PullToRefresh

/// The key of every text the app shows. Each language's table (`AppStrings.english`,
/// `AppStrings.simplifiedChinese`) has one entry per key; `{0}`, `{1}`, … stand for the values
/// put in.
public enum AppText: String, CaseIterable, Sendable {
    // Title bar
    case itemCount, itemCountOne, countingItems, following
    // Help line
    case helpMove, helpPull, helpRefresh, helpPrint, helpComment, helpLoadMore, helpScroll, helpQuit
    // List
    case empty, emptyFailed, emptyWaiting, endGap, addComment, articleHeader, articleHeaderOneComment, columnOffset
    // Toasts
    case refreshFailed, loadMoreFailed, noMoreData, exitStatus, exitStatusMessage, fileTruncated, fileReplaced, fileDeleted
    // Standard error
    case termFallback, stdinIsTerminal
}

extension AppStrings {
    /// English, the default.
    public static let english: [AppText: String] = [
        .itemCount: "{0} items",
        .itemCountOne: "{0} item",
        .countingItems: "counting… {0}+ items",
        .following: " · following",
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
        .emptyWaiting: "Waiting for more...",
        .endGap: "… lines still being counted …",
        .addComment: "Add a comment",
        .articleHeader: "Article {0} {3} {1} {3} {2} comments",
        .articleHeaderOneComment: "Article {0} {3} {1} {3} {2} comment",
        .columnOffset: "→{0}",
        .refreshFailed: "Refresh failed: {0}",
        .loadMoreFailed: "Load more failed: {0}",
        .noMoreData: "No more data",
        .exitStatus: "exit status {0}",
        .exitStatusMessage: "exit status {0}: {1}",
        .fileTruncated: "File was truncated; reloaded",
        .fileReplaced: "File was replaced; reloaded",
        .fileDeleted: "File was deleted; showing what was read",
        .termFallback: "TERM={0} has no terminfo entry on this machine, so pullfeed ran as TERM={1}. To install the real entry, run this where your terminal runs: infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}: standard input is a terminal; pipe lines into pullfeed to show them",
    ]

    /// Simplified Chinese (`--lang zh-Hans`, or a zh locale).
    public static let simplifiedChinese: [AppText: String] = [
        .itemCount: "{0} 项",
        .itemCountOne: "{0} 项",
        .countingItems: "正在计数… {0}+ 项",
        .following: " · 跟随中",
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
        .emptyWaiting: "等待更多数据...",
        .endGap: "… 其余行仍在计数 …",
        .addComment: "添加评论",
        .articleHeader: "文章 {0} {3} {1} {3} {2} 条评论",
        .articleHeaderOneComment: "文章 {0} {3} {1} {3} {2} 条评论",
        .columnOffset: "→{0}",
        .refreshFailed: "刷新失败：{0}",
        .loadMoreFailed: "加载更多失败：{0}",
        .noMoreData: "已经全部加载完毕",
        .exitStatus: "退出状态 {0}",
        .exitStatusMessage: "退出状态 {0}：{1}",
        .fileTruncated: "文件被截断；已重新加载",
        .fileReplaced: "文件被替换；已重新加载",
        .fileDeleted: "文件已被删除；显示已读取的内容",
        .termFallback: "本机没有 TERM={0} 的 terminfo 条目，pullfeed 以 TERM={1} 运行。要安装真正的条目，请在终端所在的机器上运行：infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}：标准输入是终端；请把要显示的行通过管道输入 pullfeed",
    ]
}
