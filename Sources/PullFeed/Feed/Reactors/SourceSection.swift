/// One source's section in a list of several: its title, how many lines it has, and what its
/// header says about it (refreshing, its schedule, what the last refresh
/// changed, how the last run failed, an alert).
package struct SourceSection: Equatable, Sendable {
    /// The header's name (`--title`, else the path or the command as given).
    package var title: String
    package var lineCount = 0
    /// Its header lines (`--header-lines`), shown dim at the head of its section, before its lines.
    package var headerLineCount = 0
    /// Lines before its first item in its source (`--header-lines`) and lines its stream
    /// dropped: its line numbers count them.
    package var numberOffset = 0
    package var isRefreshing = false
    /// Refreshing by itself (`every 2s`, or `paused`); nil without `--every`.
    package var schedule: RefreshSchedule?
    /// What its last refresh found: new and changed lines (0 and 0 for a first load).
    package var newCount = 0
    package var changedCount = 0
    /// Why its last run failed, until one succeeds.
    package var failure: Toast.Kind?
    /// A new line matched its `--alert` since the user last pressed a key.
    package var isAlerting = false
    /// It has loaded nothing yet.
    package var isLoading = false
    /// The kept result it shows in place of its live lines (`[`, `]`); nil while live.
    package var history: HistoryPosition?

    package init(title: String) {
        self.title = title
    }
}
