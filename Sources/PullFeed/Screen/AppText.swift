import PullToRefresh

/// The key of every text the app shows. Each language's table (`AppStrings.english`,
/// `AppStrings.simplifiedChinese`) has one entry per key; `{0}`, `{1}`, … stand for the values
/// put in.
package enum AppText: String, CaseIterable, Sendable {
    // Title bar
    case itemCount, itemCountOne, liveEvery, livePaused, countingItems, following
    // Help line
    case helpMove, helpPull, helpRefresh, helpPrint, helpComment, helpLoadMore, helpScroll, helpQuit, helpPause
    case helpSearch, helpFilter, helpKeys
    // The list of keys (`?`, `--help`)
    case keysTitle, keyUp, keyDown, keyPageUp, keyPageDown, keyHalfPageUp, keyHalfPageDown, keyHome, keyEnd
    case keyLeft, keyRight, keyLineStart, keyRefresh, keyEnter, keySearch, keyNext, keyPrevious, keyFilter
    case keyHelp, keyQuit, keyRedraw, keyPause
    // Search and filter
    case filterCount, searching, searchingPercent, filtering, searchCancelled, searchWrappedTop, searchWrappedBottom
    case patternNotFound
    // List
    case empty, emptyFailed, emptyWaiting, endGap, addComment, articleHeader, articleHeaderOneComment, columnOffset
    // Toasts
    case refreshFailed, loadMoreFailed, noMoreData, exitStatus, exitStatusMessage, fileTruncated, fileReplaced, fileDeleted, binaryFile
    case newItems, newItemsOne, noNewItems, goneItems
    // Standard error
    case termFallback, stdinIsTerminal
}

extension AppStrings {
    /// English, the default.
    package static let english: [AppText: String] = [
        .itemCount: "{0} items",
        .itemCountOne: "{0} item",
        .liveEvery: "every {0}s",
        .livePaused: "paused",
        .helpPause: "p pause",
        .newItems: "{0} new items",
        .newItemsOne: "{0} new item",
        .noNewItems: "No new items",
        .goneItems: "{0} gone",
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
        .helpSearch: "/ search",
        .helpFilter: "& filter",
        .helpKeys: "? keys",
        .keysTitle: "Keys — press any key to close",
        .keyUp: "Move up; at the top, pull to refresh",
        .keyDown: "Move down",
        .keyPageUp: "Page up",
        .keyPageDown: "Page down",
        .keyHalfPageUp: "Half a page up",
        .keyHalfPageDown: "Half a page down",
        .keyHome: "First row",
        .keyEnd: "Last row (loads the rest)",
        .keyLeft: "Scroll long lines left",
        .keyRight: "Scroll long lines right",
        .keyLineStart: "Back to the start of the lines",
        .keyRefresh: "Refresh",
        .keyEnter: "Print the line and exit / add a comment / load more",
        .keySearch: "Search forward for a text (Enter searches, Esc cancels)",
        .keyNext: "Next match",
        .keyPrevious: "Previous match",
        .keyFilter: "Show only rows with a text (empty: all rows)",
        .keyHelp: "Show this list of keys",
        .keyQuit: "Quit (Esc and Ctrl-C cancel a search first)",
        .keyRedraw: "Redraw the screen",
        .keyPause: "Pause or resume refreshing by itself (--every)",
        .filterCount: "{0} of {1} items",
        .searching: "Searching… {0} lines — Esc cancels",
        .searchingPercent: "Searching… {0}% — Esc cancels",
        .filtering: "Filtering… — Esc cancels",
        .searchCancelled: "Search cancelled",
        .searchWrappedTop: "Search wrapped to the top",
        .searchWrappedBottom: "Search wrapped to the bottom",
        .patternNotFound: "Pattern not found: {0}",
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
        .binaryFile: "This looks like a binary file: its control bytes are shown as symbols",
        .termFallback: "TERM={0} has no terminfo entry on this machine, so pullfeed ran as TERM={1}. To install the real entry, run this where your terminal runs: infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}: standard input is a terminal; pipe lines into pullfeed to show them",
    ]

    /// Simplified Chinese (`--lang zh-Hans`, or a zh locale).
    package static let simplifiedChinese: [AppText: String] = [
        .itemCount: "{0} 项",
        .itemCountOne: "{0} 项",
        .liveEvery: "每 {0} 秒",
        .livePaused: "已暂停",
        .helpPause: "p 暂停",
        .newItems: "{0} 条新内容",
        .newItemsOne: "{0} 条新内容",
        .noNewItems: "没有新内容",
        .goneItems: "{0} 条已移除",
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
        .helpSearch: "/ 搜索",
        .helpFilter: "& 筛选",
        .helpKeys: "? 按键",
        .keysTitle: "按键 — 按任意键关闭",
        .keyUp: "上移；在顶部时下拉刷新",
        .keyDown: "下移",
        .keyPageUp: "上一页",
        .keyPageDown: "下一页",
        .keyHalfPageUp: "上移半页",
        .keyHalfPageDown: "下移半页",
        .keyHome: "第一行",
        .keyEnd: "最后一行（加载其余内容）",
        .keyLeft: "长行向左滚动",
        .keyRight: "长行向右滚动",
        .keyLineStart: "回到行首",
        .keyRefresh: "刷新",
        .keyEnter: "输出该行并退出 / 添加评论 / 加载更多",
        .keySearch: "向下搜索文字（回车搜索，Esc 取消）",
        .keyNext: "下一个匹配",
        .keyPrevious: "上一个匹配",
        .keyFilter: "只显示含有该文字的行（留空：显示全部）",
        .keyHelp: "显示本按键列表",
        .keyQuit: "退出（搜索进行时 Esc 和 Ctrl-C 先取消搜索）",
        .keyRedraw: "重绘屏幕",
        .keyPause: "暂停或继续自动刷新（--every）",
        .filterCount: "{0} / {1} 项",
        .searching: "正在搜索… {0} 行 — 按 Esc 取消",
        .searchingPercent: "正在搜索… {0}% — 按 Esc 取消",
        .filtering: "正在筛选… — 按 Esc 取消",
        .searchCancelled: "已取消搜索",
        .searchWrappedTop: "已从顶部继续搜索",
        .searchWrappedBottom: "已从底部继续搜索",
        .patternNotFound: "未找到：{0}",
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
        .binaryFile: "这看起来是二进制文件：控制字节以符号显示",
        .termFallback: "本机没有 TERM={0} 的 terminfo 条目，pullfeed 以 TERM={1} 运行。要安装真正的条目，请在终端所在的机器上运行：infocmp -x | ssh HOST tic -x -",
        .stdinIsTerminal: "{0}：标准输入是终端；请把要显示的行通过管道输入 pullfeed",
    ]
}
