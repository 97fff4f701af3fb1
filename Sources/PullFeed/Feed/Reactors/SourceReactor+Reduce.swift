import PullToRefresh
import Reactors
import TerminalText

/// What a source's mutations do to its state: a refresh's result replaces the lines, a page or a
/// catch-up appends to them (grouped into sections, the lines a stream dropped taken off the
/// front, new lines that match `--alert` raised), and the goals and indicators follow.
extension SourceReactor {
    package func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRefreshing(let on):
            state.isRefreshing = on
            if on { state.failure = nil }
        case .setLoadingMore(let on):
            state.isLoadingMore = on
        case .replace(let page, let date):
            // A line of the lines replaced is no longer a goal.
            if case .line? = state.loadGoal { state.loadGoal = nil }
            state.previousLines = LineList()
            state.sections = []
            state.lines = LineList()
            if state.lineSections != nil { state.lineSections = LineSections() }
            state.changes = RefreshChanges()
            state.generation &+= 1
            state.tailStart = nil
            state.goals.readOn = false
            state.arrivedFrom = nil
            state.history.moved = false
            state.dropped = page.dropped
            add(page, to: &state)
            state.hasMore = page.hasMore
            state.isOpen = page.isOpen
            state.isCounting = page.isCounting
            state.goals.groupsRest = sectionPattern != nil && page.hasMore
            state.hasLoaded = true
            state.lastUpdated = date
            state.failure = nil
            // A failure's toast is out of date once the same kind of request succeeds.
            if case .refreshFailed? = state.toast?.kind { state.toast = nil }
        case .refreshed(let page, let date, let changes):
            let previous = state.lines
            state = reduce(state: state, mutation: .replace(page, at: date))
            state.changes = changes
            state.lastFailure = nil
            if changes.isComparison, changes.newCount > 0 { alert(on: state.lines, from: 0, marked: changes.newItems, in: &state) }
            if !changes.changedItems.isEmpty || changes.goneCount > 0 { state.previousLines = previous }
            if changes.isComparison, !changes.newItems.isEmpty {
                let dropped = state.dropped
                state.lineSections?.countNew { changes.newItems[$0 - dropped] }
            }
            state.headerLines = page.headerLines
            // The user follows the end of what was refreshed: it loads up to it again.
            if state.isFollowing, state.hasMore { state.loadGoal = .end }
        case .append(let page):
            // A page the footer loaded under the last row, which the user followed: the end
            // moved away from the selection, so following it stops (End's own pages, and an
            // open input's, keep it).
            if state.isFollowing, !followsEnd, state.loadGoal != .end, !state.isOpen, page.count > 0 { state.isFollowing = false }
            if page.isEnd { state.tailStart = state.lines.count }
            // A page that brought nothing gives the rest of grouped lines up (a file still
            // counted brings its lines by itself).
            state.goals.groupsRest = sectionPattern != nil && page.hasMore && page.count > 0
            Self.drop(through: page.dropped, in: &state)
            if follows(page, state) { add(page, to: &state) }
            state.headerLines += page.headerLines
            state.hasMore = page.hasMore && !page.isEnd
            state.isOpen = page.isOpen || page.isEnd
            state.isCounting = page.isCounting
            if case .loadMoreFailed? = state.toast?.kind { state.toast = nil }
        case .linesArrived:
            state.goals.arrived = true
        case .startCatchUp:
            state.isCatchingUp = true
            state.goals.arrived = false
        case .endCatchUp:
            state.isCatchingUp = false
        case .caughtUp(let page):
            state.isCatchingUp = false
            // Lines that came by themselves with more after them (a stream that held at its
            // read-ahead): grouped lines load their rest, and the stream reads on.
            if sectionPattern != nil, page.hasMore { state.goals.groupsRest = true }
            if let tailStart = state.tailStart {
                // The end is shown after a gap until counting reaches it; then the lines
                // counted take the place of the head, the gap and the tail at once.
                guard !page.isCounting else { break }
                var lines = state.lines.prefix(tailStart)
                lines.append(page.lines)
                state.lines = lines
                if let pattern = sectionPattern {
                    var sections = LineSections()
                    sections.group(SectionBatch(naming: lines, range: 0..<lines.count, by: pattern, firstLine: state.dropped, starts: sectionStarts))
                    state.lineSections = sections
                }
                state.tailStart = nil
                state.itemsVersion &+= 1
            } else {
                Self.drop(through: page.dropped, in: &state)
                // Lines that arrive by themselves are new in their section until the next refresh,
                // and in a file that grows, new rows.
                if page.count > 0, follows(page, state) {
                    let arrived = !state.isCounting && !page.isCounting
                    if arrived, state.isWatched, state.hasLoaded, state.arrivedFrom == nil { state.arrivedFrom = state.dropped + state.lines.count }
                    let first = state.lines.count
                    let alerts = state.hasLoaded && !state.isRefreshing
                    add(page, to: &state, arrived: arrived)
                    if alerts { alert(on: state.lines, from: first, in: &state) }
                }
            }
            // A header whose lines came in more than one write is completed as they arrive.
            state.headerLines += page.headerLines
            state.hasMore = page.hasMore
            state.isOpen = page.isOpen
            state.isCounting = page.isCounting
        case .showToast(let toast):
            // A notice about the input (lines dropped for space) stays its time: "No more data"
            // from a later page does not cover it.
            if toast.kind == .noMoreData, case .stream? = state.toast?.kind { break }
            switch toast.kind {
            case .refreshFailed, .commandExited, .fileDeleted: state.lastFailure = toast.kind
            default: break
            }
            state.toast = toast
        case .setFailure(let reason):
            state.failure = state.hasLoaded ? nil : reason
        case .hideToast(let id):
            if state.toast?.id == id { state.toast = nil }
        case .setFollowing(let on, let toEnd):
            state.isFollowing = on
            if on, toEnd {
                state.loadGoal = .end
            } else if state.loadGoal == .end {
                state.loadGoal = nil
            }
        case .setLoadGoal(let goal):
            state.loadGoal = goal
        case .setGoals(let goals):
            state.goals = goals
        case .setRefreshKeepsPlace(let on):
            state.refreshKeepsPlace = on
        case .setSchedule(let schedule):
            state.autoRefresh = schedule
        case .askHistoryStep, .historyStepped, .setShowsRemoved, .withRemoved:
            reduceHistory(&state, mutation)
        }
        return state
    }

    /// Raises an alert for the last of `lines` from `first` on (those `marked`, if given) that
    /// matches `--alert`.
    private func alert(on lines: LineList, from first: Int, marked: RowMarks? = nil, in state: inout State) {
        guard let pattern = alertPattern, first < lines.count else { return }
        for index in stride(from: lines.count - 1, through: first, by: -1) where marked.map({ $0[index] }) ?? true {
            let line = TextWalker.removingDrawnSequences(from: lines.wholeLine(at: index))
            if pattern.matches(line) {
                state.alert = line
                return
            }
        }
    }

    /// Takes the lines a stream dropped (`dropped` from its start, in all) off the front of
    /// the list. The keys of the last refresh no longer match the rows' indices: they go.
    private static func drop(through dropped: Int, in state: inout State) {
        guard dropped > state.dropped else { return }
        let cut = min(dropped - state.dropped, state.lines.count)
        state.lines = state.lines.slice(cut..<state.lines.count)
        state.dropped = dropped
        state.lineSections?.forgetLines(before: dropped)
        state.changes = RefreshChanges()
        state.itemsVersion &+= 1
    }

    private func add(_ page: Page, to state: inout State, arrived: Bool = false) {
        let first = state.lines.count
        defer {
            if let pattern = sectionPattern, state.lines.count > first {
                if let named = page.sections, page.items.isEmpty, named.lineCount == state.lines.count - first {
                    state.lineSections?.group(named, firstLine: state.dropped + first, isNew: arrived)
                } else {
                    let batch = SectionBatch(naming: state.lines, range: first..<state.lines.count, by: pattern,
                                             firstLine: state.dropped + first, starts: sectionStarts)
                    state.lineSections?.group(batch, isNew: arrived)
                }
            }
        }
        var lines: [String] = []
        for item in page.items {
            switch item {
            case .article(let article):
                state.sections.append(ArticleSectionReactor(article: article, bus: bus))
            case .line(let line):
                lines.append(line)
            }
        }
        if !lines.isEmpty { state.lines.append(contentsOf: lines) }
        state.lines.append(page.lines)
        state.itemsVersion &+= 1
    }
}
