#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import PullToRefresh
import Reactors
import TerminalUI

/// One source's reactor, a section of the list (refresh and load more cancel each other;
/// identical requests are shared): its lines, requests, refreshing, following, load goal,
/// schedule, changes and toasts. `FeedReactor` composes one per source.
///
/// A header refresh replaces every item and resets "no more data"; a footer load appends
/// the next page. Starting one cancels the other if it is in flight: its result is
/// dropped and its indicator ends. A request already in flight is never sent twice. A
/// failure keeps every item and raises a toast for `toastDuration` seconds. All waiting
/// happens on the injected scheduler.
package final class SourceReactor: SectionReactor {
    package typealias State = FeedState

    package enum Action {
        /// Refreshes from the top (a pull: the view ends at the top).
        case refresh
        /// Refreshes keeping the user's place (`r`, F5, SIGUSR1, a bound `refresh`); the user
        /// leaves following the end.
        case refreshKeepingPlace
        case loadMore
        /// Loads the rest of a line source in large pages (End: go to the end of the input), or
        /// in pages of the usual size for a source that `loadsRestPageByPage`.
        case loadRest
        /// Loads the next lines in order, in large pages, as End does but never a counted file's
        /// end first, nor a stream read on past them: a search or a filter looks through them.
        case loadAhead
        /// Loads at least up to line `index` (a search found a match there): one request where
        /// the source allows it, else page after page until the line is loaded (the goal
        /// `.line`), there is no more, or a page adds nothing.
        case loadThrough(Int)
        /// The lines a search asked for are no longer wanted (Esc, Ctrl-C, another search): the
        /// goal `.line` is given up; the page in flight still arrives.
        case stopLoadingThrough
        /// End on a line source: the user follows the end, and the rest loads page after page
        /// while there is more (an open input reads on to its end from then on).
        case followEnd
        /// The selection arrived on the last row (true: following starts, and an open input
        /// reads on to its end) or left it, or the user did something else (a search, Home to
        /// the new rows): following stops, and a stream reads on only as far as it reads ahead.
        case follow(Bool)
        /// Pauses or resumes refreshing by itself (`p`, with `--every`).
        case togglePause
        /// A prompt is open (true) or closed: refreshing by itself waits meanwhile.
        case holdSchedule(Bool)
        /// The schedule's turn came (`--every`): refreshes keeping the place, and the user keeps
        /// following the end. Sent by the reactor's own timer.
        case scheduledRefresh
        /// Shows a toast (a bound command that failed, a key with nothing to do).
        case toast(Toast.Kind)
    }

    package enum Mutation {
        case setRefreshing(Bool)
        case setLoadingMore(Bool)
        case replace(Page, at: Date)
        /// A refresh's result, with what it changed (`RefreshChanges`).
        case refreshed(Page, at: Date, RefreshChanges)
        case append(Page)
        case showToast(Toast)
        /// The first load failed for this reason (nil: a refresh began or succeeded).
        case setFailure(String?)
        /// Lines that arrived without a request (a stream, a file that grows or is counted).
        case caughtUp(Page)
        case hideToast(Int)
        /// Following the end starts or stops; `toEnd`: End asked for the rest.
        case setFollowing(Bool, toEnd: Bool)
        case setRefreshKeepsPlace(Bool)
        case setLoadGoal(LoadGoal?)
        case setSchedule(RefreshSchedule?)
        /// An open input of a source that follows its end was asked to read on to its end.
        case setReadsOn
    }


    package static let toastDuration: Double = 3
    /// Lines per request when loading the rest of a line source.
    package static let bulkPageSize = 20_000
    /// Lines read from the end of a file still being counted (End).
    package static let endPageSize = 1_000

    package let initialState: State
    package let reactorStorage = ReactorStorage()
    package let source: FeedSource
    package let pageSize: Int
    let scheduler: LoopScheduler
    private let now: () -> Date
    private let bus: CommentEventBus
    /// Which kind of request just started; in-flight requests of the other kind end on it.
    private let started = PassthroughSubject<RequestKind, Never>()
    private var toastCounter = 0
    /// A catch-up request (lines that arrived without one) is in flight.
    private var isCatchingUp = false
    /// Lines arrived while another request was in flight: catch up when it ends.
    private var needsCatchUp = false
    /// A page of grouped lines came with more after it: the rest loads when the request ends
    /// (every line must be grouped for the sections to be whole).
    var groupsRest = false
    private let toastHides = PassthroughSubject<Mutation, Never>()
    /// What names each line's section (`--section-by`), if the lines are grouped.
    package let sectionPattern: CapturePattern?
    /// Whether a named line starts a section the lines after it join (`--section-start`).
    package let sectionStarts: Bool
    /// Carries out `State.autoRefresh` (`--every`); nil without a schedule.
    let refreshTimer: RefreshTimer?
    /// The source reads to its end and follows it from the start, whatever the user does, as
    /// `tail -f a b` follows each file: one of several sources in a list.
    package let followsEnd: Bool
    /// New lines that match it are an alert (`--alert`); the lines of the first load never are.
    package let alertPattern: TextPattern?

    enum RequestKind { case header, footer }

    package init(
        source: FeedSource,
        pageSize: Int,
        scheduler: LoopScheduler,
        lastUpdated: Date? = nil,
        now: @escaping () -> Date = Date.init,
        bus: CommentEventBus = CommentEventBus(),
        identity: LineIdentity = .wholeLine,
        sectionPattern: CapturePattern? = nil,
        sectionStarts: Bool = false,
        every: Double? = nil,
        alert: TextPattern? = nil,
        followsEnd: Bool = false
    ) {
        self.followsEnd = followsEnd
        self.alertPattern = alert
        self.sectionPattern = sectionPattern
        self.sectionStarts = sectionStarts
        self.source = source
        self.pageSize = pageSize
        self.scheduler = scheduler
        self.now = now
        self.bus = bus
        var state = State()
        state.lastUpdated = lastUpdated
        state.isWatched = source.isWatched
        state.lineIdentity = identity
        state.source = SourceTraits(source)
        state.autoRefresh = every.map(RefreshSchedule.init(interval:))
        if sectionPattern != nil { state.lineSections = LineSections() }
        // Following from the start: the first refresh loads to the end (`reduce(.refreshed)`).
        state.isFollowing = followsEnd && state.source.isLineSource
        initialState = state
        refreshTimer = state.autoRefresh.map { RefreshTimer($0, scheduler: scheduler) }
        refreshTimer?.start = { [weak self] in self?.action.send(.scheduledRefresh) }
    }

    package func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        switch action {
        case .refresh: return refresh()
        case .refreshKeepingPlace:
            return stopFollowing().append(Deferred { [weak self] in self?.refresh(keepingPlace: true) ?? Empty().eraseToAnyPublisher() })
                .eraseToAnyPublisher()
        case .followEnd: return followEnd()
        case .togglePause, .holdSchedule: return schedule(action)
        case .scheduledRefresh: return refresh(keepingPlace: true)
        case .loadMore: return loadMore(limit: pageSize)
        case .loadRest:
            // Grouped lines are read in order: a section needs every line before its last.
            if source.readsFromEnd, !followsEnd, sectionPattern == nil, currentState.isCounting, currentState.tailStart == nil {
                return loadMore(limit: max(pageSize, Self.endPageSize), fromEnd: true)
            }
            return loadAhead(readsRest: true)
        case .loadAhead:
            return loadAhead(readsRest: false)
        case .follow(let on):
            return on ? followLastRow() : stopFollowing()
        case .toast(let kind):
            return toast(kind)
        case .loadThrough(let index):
            return loadThrough(index)
        case .stopLoadingThrough:
            guard case .line? = currentState.loadGoal else { return Empty().eraseToAnyPublisher() }
            return Just(.setLoadGoal(nil)).eraseToAnyPublisher()
        }
    }

    func refresh(keepingPlace: Bool = false) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isRefreshing else { return Empty().eraseToAnyPublisher() }
        // What is shown is compared with the new result: all of it, not its first output.
        let pageRequest = PageRequest.refresh(limit: pageSize, wholeResult: state.hasLoaded,
                                              linesShown: keepingPlace ? state.lines.count : 0)
        let place = state.refreshKeepsPlace == keepingPlace ? nil : Mutation.setRefreshKeepsPlace(keepingPlace)
        return Publishers.Sequence(sequence: place.map { [$0] } ?? []).append(request(.header, pageRequest) { [weak self] result in
            guard let self else { return Empty().eraseToAnyPublisher() }
            switch result {
            case .success(let page):
                self.groupsRest = self.sectionPattern != nil && page.hasMore
                let changes = Self.changes(from: self.currentState, to: page)
                let replaced = Just(Mutation.refreshed(page, at: self.now(), changes)).append(self.notice(of: page))
                if page.looksBinary { return replaced.append(self.toast(.binaryFile)).eraseToAnyPublisher() }
                guard let exit = page.exit else {
                    // A result too large to compare still says it arrived (the first load
                    // says nothing).
                    guard changes.isComparison else {
                        guard state.hasLoaded else { return replaced.eraseToAnyPublisher() }
                        return replaced.append(self.toast(.reloaded)).eraseToAnyPublisher()
                    }
                    let counted = self.toast(.refreshed(new: changes.newCount, changed: changes.changedCount, gone: changes.goneCount))
                    return replaced.append(counted).eraseToAnyPublisher()
                }
                return replaced.append(self.toast(.commandExited(status: exit.status, message: exit.message))).eraseToAnyPublisher()
            case .failure(let error):
                let failed = Just(Mutation.setFailure(error.reason))
                return failed.append(self.toast(.refreshFailed(reason: error.reason))).eraseToAnyPublisher()
            }
        })
        .eraseToAnyPublisher()
    }

    func loadMore(limit: Int, fromEnd: Bool = false, whileOpen: Bool = false, readsRest: Bool = false) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isLoadingMore, state.hasMore || (whileOpen && state.isOpen), state.hasLoaded, state.tailStart == nil else {
            return Empty().eraseToAnyPublisher()
        }
        let offset = state.itemCount
        let pageRequest: PageRequest = fromEnd ? .tail(offset: offset, limit: limit, dropped: state.dropped)
            : readsRest ? .rest(offset: offset, limit: limit, dropped: state.dropped)
            : .next(offset: offset, limit: limit, dropped: state.dropped)
        return request(.footer, pageRequest) { [weak self] result in
            guard let self else { return Empty().eraseToAnyPublisher() }
            switch result {
            case .success(let page):
                self.groupsRest = self.sectionPattern != nil && page.hasMore && page.count > 0
                let appended = Just(Mutation.append(page)).append(self.notice(of: page))
                if let failure = page.failure {
                    return appended.append(self.toast(.refreshFailed(reason: failure.reason))).eraseToAnyPublisher()
                }
                if let exit = page.exit {
                    return appended.append(self.toast(.commandExited(status: exit.status, message: exit.message))).eraseToAnyPublisher()
                }
                return page.hasMore || page.isOpen
                    ? appended.eraseToAnyPublisher()
                    : appended.append(self.toast(.noMoreData)).eraseToAnyPublisher()
            case .failure(let error):
                // Following the end retries nothing: a failed page stops it (else a broken
                // source would be asked again and again).
                return self.stopFollowing().append(self.toast(.loadMoreFailed(reason: error.reason))).eraseToAnyPublisher()
            }
        }
    }

    /// One request of `kind`: cancels the other kind's request in flight and ends its
    /// indicator, turns this one's indicator on, maps the result with `outcome`, and turns
    /// the indicator off. Starting a request of the other kind cuts this one short.
    private func request(
        _ kind: RequestKind, _ request: PageRequest,
        outcome: @escaping (Result<Page, SourceError>) -> AnyPublisher<Mutation, Never>
    ) -> AnyPublisher<Mutation, Never> {
        let started = started
        let state = currentState
        let other: RequestKind = kind == .header ? .footer : .header
        let otherInFlight = kind == .header ? state.isLoadingMore : state.isRefreshing
        let indicator = { (on: Bool) -> Mutation in kind == .header ? .setRefreshing(on) : .setLoadingMore(on) }
        let result = load(request)
            .prefix(untilOutputFrom: started.filter { $0 == other })
            .flatMap(outcome)
        return Deferred { () -> AnyPublisher<Mutation, Never> in
            started.send(kind)
            let endOther: [Mutation] = otherInFlight
                ? [kind == .header ? .setLoadingMore(false) : .setRefreshing(false)] : []
            return Publishers.Sequence(sequence: endOther + [indicator(true)])
                .append(result)
                .append(indicator(false))
                .append(Deferred { [weak self] in self?.pendingCatchUp() ?? Empty().eraseToAnyPublisher() })
                .append(Deferred { [weak self] in self?.loadRestOfGroupedLines() ?? Empty().eraseToAnyPublisher() })
                .append(Deferred { [weak self] in self?.pursueGoal() ?? Empty().eraseToAnyPublisher() })
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }

    // MARK: Lines that arrive without a request

    /// Answers a change of the source's input: new lines are asked for at once (after the
    /// request in flight, if any); a file cut shorter or replaced is reloaded with a toast.
    private func answer(_ change: SourceChange) -> AnyPublisher<Mutation, Never> {
        switch change {
        case .grew:
            return catchUp()
        case .reset(let reason):
            let kind: Toast.Kind = reason == .truncated ? .fileTruncated : .fileReplaced
            // The file read again keeps the place as a refresh does (the selected line, else
            // its line number), and following the end goes on.
            return refresh(keepingPlace: true).append(Deferred { [weak self] in self?.toast(kind) ?? Empty().eraseToAnyPublisher() })
                .eraseToAnyPublisher()
        case .deleted:
            return toast(.fileDeleted)
        }
    }

    /// Asks for every line that arrived after the ones shown, without an indicator. Another
    /// request starting cuts it short (its lines would be counted twice), and catches up once
    /// it ends; a catch-up that ran to its end catches up again if lines arrived meanwhile.
    private func catchUp() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard state.hasLoaded, !state.isRefreshing, !state.isLoadingMore, !isCatchingUp else {
            needsCatchUp = true
            return Empty().eraseToAnyPublisher()
        }
        needsCatchUp = false
        isCatchingUp = true
        let offset = state.tailStart ?? state.lines.count
        let done: () -> Void = { [weak self] in self?.isCatchingUp = false }
        let pageRequest = PageRequest.catchUp(offset: offset, dropped: state.dropped)
        // Cut short, it must not start again at once: the state does not show the request
        // that cut it yet, and both would read, and add, the same lines.
        var isCut = false
        return load(pageRequest)
            .prefix(untilOutputFrom: started.handleEvents(receiveOutput: { _ in isCut = true }))
            .flatMap { [weak self] result -> AnyPublisher<Mutation, Never> in
                guard let self, case .success(let page) = result else { return Empty().eraseToAnyPublisher() }
                let caught = Just(Mutation.caughtUp(page)).append(self.notice(of: page))
                if let failure = page.failure {
                    return caught.append(self.toast(.refreshFailed(reason: failure.reason))).eraseToAnyPublisher()
                }
                guard let exit = page.exit else { return caught.eraseToAnyPublisher() }
                return caught.append(self.toast(.commandExited(status: exit.status, message: exit.message))).eraseToAnyPublisher()
            }
            .handleEvents(receiveCompletion: { _ in done() }, receiveCancel: done)
            .append(Deferred { [weak self] in isCut ? Empty().eraseToAnyPublisher() : self?.pendingCatchUp() ?? Empty().eraseToAnyPublisher() })
            .eraseToAnyPublisher()
    }

    private func pendingCatchUp() -> AnyPublisher<Mutation, Never> {
        needsCatchUp ? catchUp() : Empty().eraseToAnyPublisher()
    }

    /// The toast for what a stream's reader had to say with `page` (once), if anything.
    private func notice(of page: Page) -> AnyPublisher<Mutation, Never> {
        page.notice.map { toast(.stream($0)) } ?? Empty().eraseToAnyPublisher()
    }

    /// Shows a toast now; hiding it `toastDuration` later (if it is still the same toast)
    /// is scheduled apart from the request, so the request's indicator ends at once.
    private func toast(_ kind: Toast.Kind) -> AnyPublisher<Mutation, Never> {
        toastCounter += 1
        let id = toastCounter
        let hides = toastHides
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(Int(Self.toastDuration * 1000)))) {
            hides.send(.hideToast(id))
        }
        return Just(Mutation.showToast(Toast(id: id, kind: kind))).eraseToAnyPublisher()
    }

    package func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        let changes = source.changes(on: scheduler)
            .flatMap { [weak self] change in self?.answer(change) ?? Empty().eraseToAnyPublisher() }
        return merge(mutation, toastHides, changes).eraseToAnyPublisher()
    }

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
            state.readsOn = false
            state.arrivedFrom = nil
            state.dropped = page.dropped
            add(page, to: &state)
            state.hasMore = page.hasMore
            state.isOpen = page.isOpen
            state.isCounting = page.isCounting
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
            if !changes.changedItems.isEmpty { state.previousLines = previous }
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
            Self.drop(through: page.dropped, in: &state)
            if follows(page, state) { add(page, to: &state) }
            state.headerLines += page.headerLines
            state.hasMore = page.hasMore && !page.isEnd
            state.isOpen = page.isOpen || page.isEnd
            state.isCounting = page.isCounting
            if case .loadMoreFailed? = state.toast?.kind { state.toast = nil }
        case .caughtUp(let page):
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
        case .setRefreshKeepsPlace(let on):
            state.refreshKeepsPlace = on
        case .setSchedule(let schedule):
            state.autoRefresh = schedule
        case .setReadsOn:
            state.readsOn = true
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

    package func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        let timer = refreshTimer
        return state
            .handleEvents(receiveOutput: { state in
                guard let timer, let schedule = state.autoRefresh else { return }
                timer.update(schedule, isRefreshing: state.isRefreshing || state.isRunning, isLoadingMore: state.isLoadingMore)
            })
            .with(section: \.sections)
    }
}
