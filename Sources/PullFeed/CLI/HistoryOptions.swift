import ArgumentParser

/// The refresh history's options: how much it keeps (`--history`, `--history-size`,
/// `--no-history`) and the commands that read it without the app (`--history-list`,
/// `--history-show`).
package struct HistoryOptions: ParsableArguments {
    /// `--history` as given, checked by `validate()`.
    @Option(name: .customLong("history"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("Keep the N newest results of each file or command source across runs, in $XDG_STATE_HOME/pullfeed/history.sqlite; [ and ] show them again.", "在多次运行之间保留每个文件或命令来源最新的 N 次结果，保存在 $XDG_STATE_HOME/pullfeed/history.sqlite；[ 和 ] 可再次查看。"),
        valueName: "n"))
    package var resultsText = String(HistoryLimits.defaultResultsPerSource)

    /// `--history-size` as given, checked by `validate()`.
    @Option(name: .customLong("history-size"), parsing: .unconditional, help: ArgumentHelp(
        HelpText.text("How large the history database may grow (all sources): bytes, or with K, M, G (at least 1M); past it the oldest results are dropped.", "历史数据库（所有来源）最大的大小：字节数，或带 K、M、G（至少 1M）；超出后丢弃最早的结果。"),
        valueName: "size"))
    package var sizeText = "256M"

    @Flag(name: .customLong("no-history"), help: ArgumentHelp(HelpText.text("Keep no result on disk: [ and ] step through this run's results, kept in memory.", "不在磁盘上保留任何结果：[ 和 ] 查看本次运行保留在内存中的结果。")))
    package var off = false

    @Flag(name: .customLong("history-list"), help: ArgumentHelp(HelpText.text("Print the sources in the history and their kept results (number, time, rows; 1 is the newest), then exit.", "输出历史中的来源及其保留的结果（序号、时间、行数；1 为最新），然后退出。")))
    package var list = false

    /// `--history-show CMD [N]` as given, checked by `validate()`.
    @Option(name: .customLong("history-show"), parsing: .upToNextOption, help: ArgumentHelp(
        HelpText.text("Print the lines of a kept result of the command CMD run in this folder (or of the file CMD) to stdout, then exit: the N-th newest (default 1, the newest).", "把在当前目录运行的命令 CMD（或文件 CMD）保留的一次结果的各行输出到标准输出，然后退出：第 N 新的一次（默认 1，最新的）。"),
        valueName: "cmd [n]"))
    package var show: [String] = []

    package init() {}

    /// The bounds `--history` and `--history-size` ask for.
    package var limits: HistoryLimits {
        HistoryLimits(resultsPerSource: Int(resultsText) ?? HistoryLimits.defaultResultsPerSource,
                      maxBytes: SpillSettings.parseSize(sizeText) ?? HistoryLimits.defaultMaxBytes)
    }

    /// What `--history-show` asks for: the source's text and which result (1: the newest).
    package var shown: (source: String, index: Int)? {
        guard let source = show.first else { return nil }
        return (source, show.count > 1 ? Int(show[1]) ?? 1 : 1)
    }

    package mutating func validate() throws {
        guard let results = Int(resultsText), results >= 1, results <= 100_000 else {
            throw ValidationError("--history must be a number of results from 1 to 100000 (got '\(resultsText)'); --no-history keeps none")
        }
        _ = results
        guard let size = SpillSettings.parseSize(sizeText), size >= HistoryLimits.minimumMaxBytes else {
            throw ValidationError("--history-size must be a size of at least 1M, such as 64M or 1G (got '\(sizeText)')")
        }
        _ = size
        if list, !show.isEmpty { throw ValidationError("choose one of --history-list and --history-show") }
        if !show.isEmpty {
            if show.count > 2 { throw ValidationError("--history-show takes a command (or file) and at most one number (got \(show.count) values)") }
            if show[0].allSatisfy(\.isWhitespace) { throw ValidationError("--history-show needs a command or a file") }
            if show.count == 2, (Int(show[1]) ?? 0) < 1 {
                throw ValidationError("--history-show's N must be 1 (the newest result) or more (got '\(show[1])')")
            }
        }
    }
}
