import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PullToRefresh
import SearchEngine
import TerminalText
import TerminalUI

/// The `pullfeed` command line. Parsing only: `PullFeedMain` turns it into a running app.
package struct PullFeedCommand: ParsableCommand {
    package static let version = "0.1.0"

    /// Whether the configuration is read only to parse, not to show a help (`PullFeedMain` sets
    /// it while it parses arguments that ask for no completion script). The parser reads the
    /// configuration several times and shows nothing of it while it parses, and two things in
    /// it cost a third of the app's start-up then: the discussion, whose key list is built on
    /// every read, and the library's look for `--generate-completion-script`, two more parsers
    /// that each reflect over a command of their own. So the discussion is left out, and the
    /// command names a super-command, which the parser takes as "no completion script here"
    /// and which nothing but a help shows.
    nonisolated(unsafe) package static var parsingOnly = false

    /// The command's help, in English or in Chinese (`HelpText.language`).
    package static var configuration: CommandConfiguration {
        var configuration = CommandConfiguration(
            commandName: "pullfeed",
            abstract: HelpText.text("A refreshable, sectioned list in the terminal: pull down to refresh, scroll down to load more.",
                                    "终端里可刷新、分组的列表：下拉刷新，上滑加载更多。"),
            discussion: parsingOnly ? "" : HelpText.language == .simplifiedChinese ? chineseDiscussion : englishDiscussion,
            version: version
        )
        if parsingOnly { configuration._superCommandName = "" }
        return configuration
    }

    private static var englishDiscussion: String {
        """
        With no source, pullfeed shows its demo feed. pullfeed FILE shows a file (- is standard \
        input). Lines piped into standard input are a source too (the keyboard is read from \
        /dev/tty), e.g.  git log --oneline | pullfeed
        Several files and -c commands are one list, each source a section with its own header \
        and refreshes (r the selected row's source, R all, } { between sources), files followed \
        as tail -f follows them:  pullfeed --every 2 -c 'git status -s' app.log --alert ERROR
        For line sources, Enter prints the selected line to stdout and exits 0; with -m, Tab \
        marks lines and Enter prints every marked one:  git branch | pullfeed -m | xargs git branch -d
        --bind turns keys into actions on the selected row, as fzf's does:  pullfeed --every 2 \
        --header-lines 1 --command 'ps -eo pid,user,comm' --bind 'ctrl-k:execute-silent(kill {1})+refresh,\
        enter:execute(less /proc/{1}/status)'

        Keys (? shows them in the app):
        \(keyList)
        A refresh keeps the selected item on its row and marks the new items (+); Home goes to \
        the first new (or changed) one. With --id, a line is identified by those fields, and one \
        whose text changed is marked ~ with its changed characters highlighted:  pullfeed \
        --every 2 --header-lines 1 --id 1 --command 'ps -eo pid,comm,etimes,time'  SIGUSR1 \
        refreshes too:  kill -USR1 $(pidof pullfeed)
        Every result of a command or a file is kept (--history): [ shows the previous one in \
        place of the live one, marked against the one before it, without running anything, ] the \
        next, and past the newest the live one again; the title says history 2/3 · 14:05:09. d \
        shows the rows the shown result removed, marked - and dim.
        --section-by groups lines into sections, each with a header row (name, count, +N new) \
        that stays on top while its lines fill the list; o folds one, z the others, Z unfolds \
        all:  journalctl -f --no-hostname | pullfeed --section-by '^\\S+ \\S+ \\S+ (\\S+?)\\['
        --section-start starts a section at each line it matches, and the lines after it join \
        it:  git log -p | pullfeed --section-start '^commit (\\S{7})'

        Exit status: 0 ok, 1 runtime error (e.g. no terminal), 2 usage error, 130 interrupted \
        (Ctrl-C), or left without a choice from a line source while stdout is not a terminal \
        (q or Esc in a pipeline, as fzf does; 0 when stdout is the terminal, as less does).

        An unknown TERM (a terminal whose terminfo entry this machine lacks) runs as \
        xterm-256color. ESCDELAY (milliseconds, default 100) sets how long a lone Esc waits.
        PULLFEED_DEFAULT_OPTS holds options applied before the command line's (quoted as in a \
        shell), e.g. PULLFEED_DEFAULT_OPTS='--no-color --every 5'; the command line's value wins \
        (--color undoes --no-color).
        """
    }

    private static var chineseDiscussion: String {
        """
        没有指定来源时，pullfeed 显示演示内容。pullfeed FILE 显示一个文件（- 表示标准输入）。\
        通过管道输入到标准输入的行也是一种来源（键盘从 /dev/tty 读取），例如  git log --oneline | pullfeed
        多个文件和 -c 命令组成一个列表，每个来源一个分组，有自己的标题和刷新（r 刷新所选行的来源，\
        R 刷新全部，} { 在来源之间移动），文件像 tail -f 那样跟随：  pullfeed --every 2 \
        -c 'git status -s' app.log --alert ERROR
        对于行来源，Enter 把选中的行输出到标准输出并以 0 退出；使用 -m 时，Tab 标记行，Enter 输出\
        所有已标记的行：  git branch | pullfeed -m | xargs git branch -d
        --bind 像 fzf 那样把按键变成对选中行的动作：  pullfeed --every 2 --header-lines 1 \
        --command 'ps -eo pid,user,comm' --bind 'ctrl-k:execute-silent(kill {1})+refresh,\
        enter:execute(less /proc/{1}/status)'

        按键（在程序中按 ? 查看）：
        \(keyList)
        刷新会让选中的条目留在原来的行上，并把新条目标记为 +；Home 跳到第一个新的（或变更的）条目。\
        使用 --id 时，一行由这些字段标识，文本变了的行标记为 ~，变化的字符高亮：  pullfeed \
        --every 2 --header-lines 1 --id 1 --command 'ps -eo pid,comm,etimes,time'  SIGUSR1 \
        也会触发刷新：  kill -USR1 $(pidof pullfeed)
        命令或文件的每次结果都会保留（--history）：[ 在实时结果的位置显示上一次结果，按其前一次结果\
        标记，不运行任何命令；] 显示下一次，越过最新的一次即回到实时结果；标题显示 历史 2/3 · 14:05:09。\
        d 显示所显示结果删除的行，标记为 - 并变暗。
        --section-by 把行分组，每组有一个标题行（名称、行数、+N 新行），在组内的行占据列表顶部时\
        固定在顶部；o 折叠一组，z 折叠其余，Z 全部展开：  journalctl -f --no-hostname | pullfeed \
        --section-by '^\\S+ \\S+ \\S+ (\\S+?)\\['
        --section-start 在它匹配的每一行开始一个分组，其后的行都属于该分组：  git log -p | pullfeed \
        --section-start '^commit (\\S{7})'

        退出状态：0 正常，1 运行错误（如没有终端），2 用法错误，130 被中断（Ctrl-C），或在标准输出\
        不是终端时没有选择就离开行来源（在管道中按 q 或 Esc，同 fzf；标准输出是终端时为 0，同 less）。

        未知的 TERM（本机没有它的 terminfo 条目）按 xterm-256color 运行。ESCDELAY（毫秒，默认 100）\
        设置单独按 Esc 时等待的时间。PULLFEED_DEFAULT_OPTS 保存在命令行选项之前应用的选项（按 shell \
        规则加引号），例如 PULLFEED_DEFAULT_OPTS='--no-color --every 5'；命令行的值优先\
        （--color 取消 --no-color）。
        """
    }

    /// Every key binding and what it does, one a line, from the app's key map.
    static var keyList: String {
        let list = FeedCommand.keyMap(strings: AppStrings(language: HelpText.language, unicode: false), multi: true).keyList
        let width = list.map { TextWidth.of($0.keys) }.max() ?? 0
        return list.map { "  " + $0.keys + String(repeating: " ", count: width - TextWidth.of($0.keys)) + "  " + $0.help }
            .joined(separator: "\n")
    }

    @Argument(help: ArgumentHelp(HelpText.text("Text files to show, as --file does, each a section of its own when there are several; - reads standard input.", "要显示的文本文件，同 --file；有多个时各成一个分组；- 表示标准输入。"), valueName: "file"),
              completion: .file())
    package var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp(HelpText.text("Show the lines of a text file (- for standard input); may be repeated, each file a section.", "显示一个文本文件的各行（- 表示标准输入）；可重复，每个文件一个分组。"), valueName: "path"),
            completion: .file())
    package var file: [String] = []

    @Option(name: [.customShort("c"), .long], help: ArgumentHelp(HelpText.text("Show the stdout lines of `/bin/sh -c CMD`; refresh re-runs it. May be repeated: each command a section, refreshed on its own.", "显示 `/bin/sh -c CMD` 的标准输出各行；刷新时重新运行。可重复：每个命令一个分组，各自刷新。"), valueName: "cmd"))
    package var command: [String] = []

    @Option(name: .customLong("page-command"), help: ArgumentHelp(
        HelpText.text("Like --command, run once per page with PULLFEED_OFFSET, PULLFEED_LIMIT and PULLFEED_PAGE set; a short page means no more data.", "同 --command，但每页运行一次，并设置 PULLFEED_OFFSET、PULLFEED_LIMIT 和 PULLFEED_PAGE；不满一页表示没有更多数据。"),
        valueName: "cmd"))
    package var pageCommand: String?

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: ArgumentHelp(HelpText.text("Lines per page for file, stdin and page-command sources.", "文件、标准输入和 page-command 来源每页的行数。")))
    package var pageSize: Int = Defaults.pageSize

    @Option(name: .long, help: ArgumentHelp(HelpText.text("Footer style: auto (loads when it comes into view) or back (pull past the bottom).", "底部样式：auto（进入视图时加载）或 back（越过底部上拉）。")))
    package var footer: RefreshFooterKind = Defaults.footer

    @Option(name: .customLong("release-delay"), parsing: .unconditional, help: ArgumentHelp(HelpText.text("Seconds without pull input that count as releasing the pull.", "多少秒没有下拉输入即视为松手。")))
    package var releaseDelay: Double = Defaults.releaseDelay

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(HelpText.text("Demo: seconds each request takes.", "演示：每个请求耗时的秒数。")))
    package var latency: Double = Defaults.latency

    @Option(name: .customLong("fail-rate"), parsing: .unconditional, help: ArgumentHelp(HelpText.text("Demo: probability (0–1) that a request fails.", "演示：请求失败的概率（0–1）。")))
    package var failRate: Double = Defaults.failRate

    /// `--seed` as given: read as text, so that a negative number gets the option's rule, not
    /// a generic parse error.
    @Option(name: .customLong("seed"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Demo: seed of the random failures (a whole number, 0 or more).", "演示：随机失败的种子（0 或更大的整数）。"), valueName: "seed"))
    package var seedText = String(Defaults.seed)

    /// The demo's seed (`--seed`), checked by `validate()`.
    package var seed: UInt64 { UInt64(seedText) ?? Defaults.seed }

    /// `--timeout` as given; nil when it is not (`runTimeout(streams:)` then decides).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Seconds a command's whole run may take before it is stopped and counts as failed; 0: no limit. Default: 30 with --every or --page-command; none for --command alone, which runs as a stream until it ends (tail -f, journalctl -f: r restarts it, quitting stops it).", "命令一次运行最多可用的秒数，超时即停止并算作失败；0：不限。默认：与 --every 或 --page-command 一起时为 30；单独的 --command 不限，作为数据流一直运行到结束（tail -f、journalctl -f：r 重新运行，退出即停止）。"),
        valueName: "seconds"))
    package var timeout: Double?

    /// How long a source's run may take (0: no limit): `--timeout` when given; else none for a
    /// `--command` without `--every` (`streams`), a stream that may never end, and 30 s for the
    /// others, whose every run must end before it is judged.
    package func runTimeout(streams: Bool) -> Double {
        timeout ?? (streams && every == nil ? 0 : Defaults.timeout)
    }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Refresh by itself SECONDS after each refresh ends (at least 0.1, decimals allowed), moving no row; the title says when (updated HH:MM:SS); p pauses.", "每次刷新结束 SECONDS 秒后自动刷新（至少 0.1，可用小数），不移动任何行；标题显示时间（HH:MM:SS 更新）；p 暂停。"), valueName: "seconds"))
    package var every: Double?

    @Option(name: .customLong("header-lines"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Show the first N lines of each result fixed under the title, not as items (a column header).", "把每次结果的前 N 行固定显示在标题下方，不作为条目（列标题）。"), valueName: "n"))
    package var headerLines: Int = 0

    @Flag(name: .long, help: ArgumentHelp(HelpText.text("Start with long lines wrapped over several rows (w toggles; ← → scroll only cut lines).", "开始时把长行折成多行显示（w 切换；← → 只滚动截断的行）。")))
    package var wrap = false

    @Flag(name: .customLong("line-numbers"), help: ArgumentHelp(HelpText.text("Start with each line's number in its file or stream shown before it (# toggles); header lines count, as less counts a file's lines, and so do lines a stream dropped.", "开始时在每行前显示它在文件或数据流中的行号（# 切换）；标题行计入行号（同 less 按文件行计数），数据流丢弃的行也计入。")))
    package var lineNumbers = false

    /// `--id` as given, checked by `validate()`.
    @Option(name: .customLong("id"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Fields that identify a line across refreshes (fzf's syntax: 1, 2,4, -1, 2.., ..3, 2..4): a line whose fields were there before and whose text changed is changed (~, its changed characters highlighted), not new and gone. Default: the whole line.", "在多次刷新之间标识一行的字段（fzf 的写法：1、2,4、-1、2..、..3、2..4）：字段以前就有、文本变了的行算作“已变更”（~，变化的字符高亮），而不是新增加删除。默认：整行。"),
        valueName: "fields"))
    package var idText: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("What separates the fields of --id: this exact text (default: runs of blanks, those before the first field ignored).", "--id 字段之间的分隔符：就是这段文本（默认：连续空白，第一个字段前的空白忽略）。"),
        valueName: "str"))
    package var delimiter: String?

    /// What identifies a line (`--id`, `--delimiter`), checked by `validate()`.
    package var lineIdentity: LineIdentity {
        guard let idText, let fields = try? FieldSelection(parsing: idText) else { return .wholeLine }
        return LineIdentity(fields: fields, delimiter: delimiter)
    }

    @Option(name: .long, help: ArgumentHelp(
        HelpText.text("Show the output of `/bin/sh -c CMD` for the selected row in a pane beside the list (v shows or hides it; Shift-Up/Down or the wheel scroll it). Placeholders, each shell-quoted: {} the row exactly (blanks kept), {1} {-1} {2..} {1,3} its fields (split as --id splits them, blanks trimmed), {q} the search or filter text, {+} the marked rows. The demo previews its articles without it.", "在列表旁的窗格中显示选中行的 `/bin/sh -c CMD` 输出（v 显示或隐藏；Shift-↑/↓ 或滚轮滚动）。占位符（都会按 shell 规则加引号）：{} 该行原样（保留首尾空白），{1} {-1} {2..} {1,3} 它的字段（按 --id 的方式拆分，去掉首尾空白），{q} 搜索或过滤的文字，{+} 已标记的行。演示源不需要它也能预览文章。"),
        valueName: "cmd"))
    package var preview: String?

    @Option(name: .customLong("preview-window"), help: ArgumentHelp(
        HelpText.text("Where the preview goes: right or down, a size (N% or N columns/rows), hidden to start closed; e.g. right:50% (the default), down:40%, right:60:hidden.", "预览窗格的位置：right 或 down，大小（N% 或 N 列/行），hidden 表示启动时关闭；例如 right:50%（默认）、down:40%、right:60:hidden。"),
        valueName: "spec"))
    package var previewWindowText: String?

    /// The preview pane (`--preview`, `--preview-window`), checked by `validate()`; nil without
    /// `--preview`.
    package var previewSettings: PreviewSettings? {
        guard let preview, let template = try? RowTemplate(parsing: preview, delimiter: delimiter) else { return nil }
        return PreviewSettings(template: template, window: previewWindow ?? PreviewWindow())
    }

    /// `--preview-window` parsed, if given (checked by `validate()`).
    package var previewWindow: PreviewWindow? {
        previewWindowText.flatMap { try? PreviewWindow(parsing: $0) }
    }

    /// `--section-by` as given, checked by `validate()`.
    @Option(name: .customLong("section-by"), help: ArgumentHelp(
        HelpText.text("Group a line source's lines into sections named by this POSIX extended regular expression: its first group in a line's first match (or the whole match); lines with no match go to a last section, Other. \\d, \\s, \\S, \\w are understood; a lazy +? matches as +. o folds a section, z folds the others, Z unfolds all.", "按这个 POSIX 扩展正则表达式把行分组：分组名是一行第一次匹配中的第一个捕获组（没有捕获组时为整个匹配）；不匹配的行归入最后的“其他”分组。支持 \\d、\\s、\\S、\\w；惰性的 +? 按 + 匹配。o 折叠一个分组，z 折叠其余分组，Z 全部展开。"),
        valueName: "regex"))
    package var sectionBy: String?

    /// `--section-start` as given, checked by `validate()`.
    @Option(name: .customLong("section-start"), help: ArgumentHelp(
        HelpText.text("Group a line source's lines into sections that start at each line this POSIX extended regular expression matches, named by its first group (or the whole match): the lines after it belong to it until the next match, and lines before the first match go to Other (git log -p | pullfeed --section-start '^commit (\\S{7})'). Expressions as for --section-by; choose one of the two.", "把行分组：这个 POSIX 扩展正则表达式匹配的每一行开始一个分组，分组名是其第一个捕获组（没有捕获组时为整个匹配）；其后的行属于该分组，直到下一个匹配行；第一个匹配行之前的行归入“其他”分组（git log -p | pullfeed --section-start '^commit (\\S{7})'）。表达式同 --section-by；两者只能选一个。"),
        valueName: "regex"))
    package var sectionStart: String?

    /// What names the sections (`--section-by` or `--section-start`), checked by `validate()`.
    package var sectionPattern: CapturePattern? {
        (sectionBy ?? sectionStart).flatMap { try? CapturePattern($0) }
    }

    /// Whether a line the pattern names starts a section the lines after it join (`--section-start`).
    package var sectionStarts: Bool { sectionBy == nil && sectionStart != nil }

    /// `--max-disk` as given: read as text (`512M`, `4G`), checked by `validate()`.
    @Option(name: .customLong("max-disk"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Disk a stream (standard input, a FIFO, a command's output) may use in $TMPDIR once 8 MiB of its lines are in memory; past it the oldest lines are dropped. Bytes, or with K, M, G, T (512M, 4G); 0: no limit.", "数据流（标准输入、FIFO、命令输出）在内存中已有 8 MiB 行之后，可在 $TMPDIR 中使用的磁盘空间；超出后丢弃最早的行。字节数，或带 K、M、G、T（512M、4G）；0：不限。"),
        valueName: "size"))
    package var maxDiskText = "4G"

    /// `--max-disk` in bytes (0: no limit), checked by `validate()`.
    package var maxDisk: Int { SpillSettings.parseSize(maxDiskText) ?? SpillSettings.defaultMaxDisk }

    @Flag(name: [.customShort("m"), .long], help: ArgumentHelp(
        HelpText.text("Several choices: Tab marks the row and moves down, Shift-Tab marks and moves up (also in the & prompt, which stays open); Enter prints every marked line, in list order, one a line (the selected one when none is marked). Marks follow their items across refreshes (see --id).", "多选：Tab 标记当前行并下移，Shift-Tab 标记并上移（在 & 输入框中也可用，输入框保持打开）；Enter 按列表顺序逐行输出所有已标记的行（没有标记时输出选中行）。刷新后标记跟随其条目（见 --id）。")))
    package var multi = false

    @Flag(name: .long, help: ArgumentHelp(
        HelpText.text("& filters as fzf does: the characters typed in order, anything between them; space-separated terms must all match; 'word exact, ^pre prefix, suf$ suffix, !word not, a | b either; smart case. Rows are ranked best first (a match at a word start or on consecutive characters scores higher). In the prompt, Ctrl-R goes regular expression -> literal -> fuzzy.", "& 像 fzf 那样模糊过滤：按顺序出现输入的字符，中间可有任意字符；空格分隔的各项都须匹配；'word 精确、^pre 前缀、suf$ 后缀、!word 排除、a | b 任一；智能大小写。行按得分排列，最好的在前（词首或连续字符得分更高）。在提示中，Ctrl-R 依次切换正则表达式 -> 原文 -> 模糊。")))
    package var fuzzy = false

    @Flag(name: .customLong("no-sort"), help: ArgumentHelp(
        HelpText.text("A fuzzy filter keeps the input's order instead of ranking the rows.", "模糊过滤保持输入的顺序，不按得分排列。")))
    package var noSort = false

    @Option(name: .long, parsing: .unconditionalSingleValue, help: ArgumentHelp(
        HelpText.text("Bind keys to actions, as fzf does: KEY:ACTION[+ACTION...], several separated by commas, and the option may be repeated. Actions: execute(CMD) (the terminal is CMD's until it ends), execute-silent(CMD) (in the background; a failure is a toast), refresh, accept, toggle (with -m), toggle-preview, up, down, top, bottom. In CMD, {} is the selected line, {1} {-1} {2..} its fields, {q} the search or filter text, {+} the marked lines, each quoted for the shell. Keys: ctrl-a..ctrl-z (not ctrl-c, ctrl-z), alt-KEY, f1..f12, enter, space, tab, btab, del, bspace, esc, up, down, left, right, home, end, pgup, pgdn, or one character. A bound key wins over the built-in one. Example: --bind 'ctrl-k:execute-silent(kill {2})+refresh,f2:refresh'", "像 fzf 那样把按键绑定到动作：KEY:ACTION[+ACTION...]，多个用逗号分隔，此选项可重复。动作：execute(CMD)（终端交给 CMD 直到它结束）、execute-silent(CMD)（在后台运行；失败时弹出提示）、refresh、accept、toggle（需 -m）、toggle-preview、up、down、top、bottom。CMD 中 {} 是选中行，{1} {-1} {2..} 是它的字段，{q} 是搜索或过滤的文字，{+} 是已标记的行，都会为 shell 加引号。按键：ctrl-a..ctrl-z（ctrl-c、ctrl-z 除外）、alt-KEY、f1..f12、enter、space、tab、btab、del、bspace、esc、up、down、left、right、home、end、pgup、pgdn，或单个字符。绑定的按键优先于内置按键。例如：--bind 'ctrl-k:execute-silent(kill {2})+refresh,f2:refresh'"),
        valueName: "bindings"))
    package var bind: [String] = []

    /// The keys `--bind` binds, checked by `validate()`.
    package var bindings: BindingList { (try? BindingList(parsing: bind, delimiter: delimiter)) ?? BindingList() }

    @Option(name: .long, help: ArgumentHelp(HelpText.text("The source's title: its section header when there are several sources, and the title bar's name for one (default: the file's path or the command as given).", "来源的标题：有多个来源时是它的分组标题，只有一个来源时是标题栏中的名称（默认：文件路径或命令原文）。"), valueName: "title"))
    package var title: String?

    @Option(name: .long, help: ArgumentHelp(HelpText.text("Ring the bell when a refresh or a stream brings a new line this regular expression matches (smart case): the source's header shows ! and the status line says Alert: TITLE: LINE until a key is pressed. Lines of the first load never alert.", "当一次刷新或数据流带来与这个正则表达式匹配（智能大小写）的新行时响铃：来源的标题显示 !，状态行显示 Alert: TITLE: LINE，直到按下任意键。第一次加载的行不会报警。"), valueName: "regex"))
    package var alert: String?

    @Option(name: .long, help: ArgumentHelp(HelpText.text("Show the sources of a YAML dashboard file: sources: lists them, each with one of command:, file: or page-command: and options of its own; the top-level keys apply to every source and to the whole list. Each key is a long option's name (title, every, id, header-lines, timeout, alert, multi, bind, ...): true or false for a flag, a list for bind. A source's own key wins over the command line, which wins over the top-level keys (PULLFEED_DEFAULT_OPTS comes first). Read by pullfeed-dashboard, installed beside pullfeed.", "显示 YAML 仪表板文件中的来源：sources: 列出各来源，每个来源有 command:、file: 或 page-command: 之一及自己的选项；顶层键适用于每个来源和整个列表。每个键都是一个长选项的名称（title、every、id、header-lines、timeout、alert、multi、bind 等）：开关用 true 或 false，bind 可用列表。来源自己的键优先于命令行，命令行优先于顶层键（PULLFEED_DEFAULT_OPTS 最先应用）。由安装在 pullfeed 旁边的 pullfeed-dashboard 读取。"), valueName: "file"),
            completion: .file())
    package var dashboard: String?

    @OptionGroup package var history: HistoryOptions

    @Option(name: .long, help: ArgumentHelp(HelpText.text("Language of the refresh texts: en or zh-Hans (default: from LANG/LC_ALL).", "界面文字的语言：en 或 zh-Hans（默认：取自 LANG/LC_ALL）。"), valueName: "lang"),
            completion: .list(["en", "zh-Hans"]))
    package var lang: String?

    /// `--color` / `--no-color`, the last one given winning, so that the command line can undo
    /// a `--no-color` in `PULLFEED_DEFAULT_OPTS`.
    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: ArgumentHelp(HelpText.text("Colours from the data and on the screen; --no-color: none (also when NO_COLOR is set).", "数据中的颜色和界面颜色；--no-color：不用颜色（设置了 NO_COLOR 时也一样）。")))
    package var color = true
    package var noColor: Bool { !color }

    /// `--mouse` / `--no-mouse`, the last one given winning.
    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
          help: ArgumentHelp(HelpText.text("Wheel and clicks in the list; --no-mouse: the mouse left to the terminal (its own selection and copy work).", "列表中的滚轮和点击；--no-mouse：鼠标留给终端（终端自己的选择和复制可用）。")))
    package var mouse = true
    package var noMouse: Bool { !mouse }

    package init() {}

    /// The files to show: the positional arguments, then `--file`'s.
    package var filePaths: [String] { paths + file }

    /// How many sources the command line names (files, commands and a page command).
    package var sourceCount: Int { filePaths.count + command.count + (pageCommand == nil ? 0 : 1) }

    /// The values of the options not given.
    enum Defaults {
        static let pageSize = 200
        static let footer = RefreshFooterKind.auto
        static let releaseDelay = 0.5
        static let latency = 0.6
        static let failRate = 0.0
        static let seed: UInt64 = 1
        static let timeout = 30.0
        /// The shortest `--every`, as `watch`'s: shorter costs CPU and shows nothing more.
        static let minimumEvery = 0.1
    }
}
