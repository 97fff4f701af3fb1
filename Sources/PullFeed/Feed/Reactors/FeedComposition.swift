import PullToRefresh

/// What the screen draws, composed from the sources' states and the list's own: one source is
/// shown as it is; several are shown one after another, each a section headed by its title and
/// state (`SourceSection`), over the lines of all of them in the order they arrived
/// (`ComposedLines`), as `--section-by` groups one source's lines, with the marks of what each
/// refresh found at their places.
package enum FeedComposition {
    /// What the list keeps itself.
    package struct ListPart {
        package var marks = Marks()
        package var folds = SectionFolds()
        package var toast: Toast?
        package var isFollowing = false
        package var refreshKeepsPlace = false
        package var version = 0
        package var alertingSources: Set<Int> = []
        package var alert: SourceAlert?
    }

    /// Toasts a section header says already when there are several sources (what a refresh
    /// found, that there is no more): ten sources refreshing every second would fill the status
    /// line with them.
    package static func isRoutine(_ kind: Toast.Kind) -> Bool {
        switch kind {
        case .refreshed, .reloaded, .noMoreData: true
        default: false
        }
    }

    /// `titles`, a repeated one numbered (`app.log (2)`), so that each names one section.
    package static func distinct(_ titles: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return titles.map { title in
            let count = (seen[title] ?? 0) + 1
            seen[title] = count
            return count == 1 ? title : "\(title) (\(count))"
        }
    }

    /// One source: its state, with its title and the list's marks, folds and toast.
    package static func one(_ source: FeedState, title: String, list: ListPart) -> FeedState {
        var shown = source
        shown.source.title = title
        shown.marks = list.marks
        shown.folds = list.folds
        shown.toast = list.toast
        shown.itemsVersion = source.itemsVersion &+ list.version
        shown.unreadAlert = list.alert
        return shown
    }

    /// Several sources, one section each, in order; `composed` holds their lines.
    package static func several(_ sources: [FeedState], titles: [String], composed: ComposedLines, list: ListPart) -> FeedState {
        var shown = FeedState()
        var traits = SourceTraits()
        traits.title = titles.joined(separator: ", ")
        traits.isLineSource = sources.allSatisfy(\.source.isLineSource)
        traits.hasPages = sources.contains { $0.source.hasPages }
        traits.keepsHistory = sources.contains { $0.source.keepsHistory }
        shown.source = traits
        shown.lineIdentity = sources[0].lineIdentity
        shown.lines = composed.lines
        shown.generation = composed.generation
        var sections: [SourceSection] = []
        var lineSections = LineSections()
        var changes = Changes(total: composed.lines.count)
        for (index, source) in sources.enumerated() {
            let numbers = composed.numbers[index]
            let headerCount = composed.headerCounts[index]
            changes.add(source, numbers: numbers, after: headerCount)
            var section = SourceSection(title: titles[index])
            // Rows shown only for comparison (`d`) are no lines of the source.
            section.lineCount = numbers.count - headerCount - source.changes.removedItems.count
            section.headerLineCount = headerCount
            section.numberOffset = source.headerLines.count + source.dropped
            section.isRefreshing = source.isRefreshing || source.isRunning
            section.schedule = source.autoRefresh
            section.newCount = (source.changes.isComparison ? source.changes.newCount : 0) + source.arrivedCount
            section.changedCount = source.changes.isComparison ? source.changes.changedCount : 0
            section.failure = source.lastFailure ?? source.failure.map { .refreshFailed(reason: $0) }
            section.isAlerting = list.alertingSources.contains(index)
            section.isLoading = !source.hasLoaded && source.failure == nil
            section.history = source.history.past?.position
            sections.append(section)
            lineSections.addSource(named: titles[index], lines: numbers, newCount: section.newCount)
            shown.isRefreshing = shown.isRefreshing || source.isRefreshing
            shown.isLoadingMore = shown.isLoadingMore || source.isLoadingMore
            shown.isCounting = shown.isCounting || source.isCounting
            shown.isWatched = shown.isWatched || source.isWatched
            shown.hasLoaded = shown.hasLoaded || source.hasLoaded
            shown.itemsVersion &+= source.itemsVersion
            if let date = source.lastUpdated, shown.lastUpdated.map({ date > $0 }) ?? true { shown.lastUpdated = date }
            if shown.autoRefresh == nil { shown.autoRefresh = source.autoRefresh }
        }
        shown.hasMore = sources.contains { $0.hasLoaded && $0.hasMore }
        // A search or a filter looking ahead waits for every source's goal.
        if let ahead = sources.lazy.compactMap({ source -> LoadGoal? in source.loadsAhead ? source.loadGoal : nil }).first {
            shown.loadGoal = ahead
        }
        shown.goals.aheadEnds = sources.reduce(0) { $0 &+ $1.goals.aheadEnds }
        // Each source reads its open input on by itself, to its end: nothing is waited for or
        // asked of the list as a whole (a search over a stream still running ends, as `less`'s does).
        shown.isOpen = false
        shown.itemsVersion &+= list.version
        shown.changes = changes.result
        shown.previousLines = changes.previousLines
        shown.sourceSections = sections
        shown.lineSections = lineSections
        shown.folds = list.folds
        shown.marks = list.marks
        shown.toast = list.toast
        shown.isFollowing = list.isFollowing
        shown.refreshKeepsPlace = list.refreshKeepsPlace
        shown.unreadAlert = list.alert
        return shown
    }

    /// The sources' refresh changes put together at their lines' places in the list. Each
    /// source's marks are read a word at a time, and its lines that arrived as runs of the
    /// list's lines: composing costs what changed, not every line of every source.
    private struct Changes {
        let total: Int
        var new: [Int] = []
        /// Runs of the list's lines that arrived by themselves (all new).
        var newRuns: [Range<Int>] = []
        var changed: [(index: Int, previous: Int32)] = []
        var removed: [Int] = []
        var previousLines = LineList()
        var goneCount = 0
        var isComparison = false

        init(total: Int) {
            self.total = total
        }

        /// Adds `source`'s changes; its line `i` is the list's line `numbers[skip + i]` (its
        /// header lines come first).
        mutating func add(_ source: FeedState, numbers: SectionLines, after skip: Int) {
            let changes = source.changes
            isComparison = isComparison || changes.isComparison
            goneCount += changes.goneCount
            let count = max(0, min(numbers.count - skip, source.lines.count))
            let line = { (index: Int) in Int(numbers[skip + index]) }
            changes.newItems.forEach(below: count) { new.append(line($0)) }
            if let arrived = source.arrivedFrom {
                var index = max(0, arrived - source.dropped)
                while index < count {
                    let run = min(count - index, numbers.consecutiveCount(from: skip + index))
                    newRuns.append(line(index)..<(line(index) + run))
                    index += run
                }
            }
            changes.removedItems.forEach(below: count) { removed.append(line($0)) }
            if changes.changedCount > 0 {
                let base = Int32(previousLines.count)
                previousLines.append(source.previousLines)
                changes.changedItems.forEach(below: min(count, changes.previousIndex.count)) {
                    changed.append((line($0), base + changes.previousIndex[$0]))
                }
            }
        }

        var result: RefreshChanges {
            // Sized only when something is new: ten million lines are 1.2 MB of marks to clear.
            var newItems = RowMarks(count: new.isEmpty && newRuns.isEmpty ? 0 : total)
            for index in new where index < total { newItems.insert(index) }
            for run in newRuns { newItems.insert(range: run.clamped(to: 0..<total)) }
            var changes = RefreshChanges(keys: [], newItems: newItems, goneCount: goneCount, isComparison: isComparison)
            if !removed.isEmpty {
                var removedItems = RowMarks(count: total)
                for index in removed where index < total { removedItems.insert(index) }
                changes.removedItems = removedItems
            }
            if !changed.isEmpty {
                var changedItems = RowMarks(count: total)
                var previousIndex = [Int32](repeating: -1, count: total)
                for (index, previous) in changed where index < total {
                    changedItems.insert(index)
                    previousIndex[index] = previous
                }
                changes.changedItems = changedItems
                changes.previousIndex = previousIndex
            }
            return changes
        }
    }
}
