/// The header row of a source's section when the list shows several: `▾ TITLE · N lines`
/// (`N of M lines` under a filter), `!` before the title while its alert is unread, then its
/// state: the spinner while it refreshes, `every 2s` or `paused`, `3 new · 1 changed` after a
/// refresh, `failed: exit status 3` while its last run failed, `history 2/3 · 14:05:09` (`history`)
/// while it shows a kept result.
package enum SourceHeaderText {
    package static func text(of source: SourceSection, folded: Bool, shown: Int? = nil, spinner: String, history: String? = nil,
                             strings: AppStrings) -> String {
        let marker = strings.unicode ? (folded ? "▸" : "▾") : (folded ? ">" : "v")
        let name = source.isAlerting ? "! " + source.title : source.title
        let total = AppStrings.grouped(source.lineCount)
        var parts: [String] = []
        if let shown {
            parts.append(strings.text(.sectionFiltered, name, strings.separator, AppStrings.grouped(shown), total))
        } else {
            parts.append(strings.text(source.lineCount == 1 ? .sectionLinesOne : .sectionLines, name, strings.separator, total))
        }
        if let history { parts.append(history) }
        if source.isRefreshing || source.isLoading { parts.append(source.isLoading ? spinner + " " + strings.text(.sourceLoading) : spinner) }
        if let schedule = source.schedule { parts.append(strings.live(every: schedule.interval, paused: schedule.isPaused)) }
        var found: [String] = []
        if source.newCount > 0 { found.append(strings.text(.sourceNew, AppStrings.grouped(source.newCount))) }
        if source.changedCount > 0 { found.append(strings.text(.changedItems, AppStrings.grouped(source.changedCount))) }
        if !found.isEmpty { parts.append(found.joined(separator: " \(strings.separator) ")) }
        if let failure = source.failure { parts.append(strings.text(.sourceFailed, strings.failureReason(failure))) }
        return marker + " " + parts.joined(separator: "  ")
    }
}
