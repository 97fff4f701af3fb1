import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenCombine
import PullToRefresh
import Reactors
import SearchEngine
import TerminalUI

/// One source's reactor, a section of the list (refresh and load more cancel each other;
/// identical requests are shared): its lines, requests, refreshing, following, load goals,
/// schedule, changes and toasts. `FeedReactor` composes one per source.
///
/// A header refresh replaces every item and resets "no more data"; a footer load appends
/// the next page. Starting one cancels the other if it is in flight: its result is
/// dropped and its indicator ends. A request already in flight is never sent twice. A
/// failure keeps every item and raises a toast for `Toast.duration` seconds. All waiting
/// happens on the injected scheduler.
///
/// Everything the reactor knows is in its `State`; what it loads by itself, request after
/// request, is its `LoadGoals` there. Actions it gives itself (the next step of a goal, the
/// schedule's turn) and the source's changes come in through `transform(action:)`, as every
/// other action does.
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
        /// A search or a filter looks through the lines past the loaded ones: the next pages,
        /// in large pages as End loads them but never a counted file's end first, nor a stream
        /// read on past them, until `stopLoadingAhead` or (a search's) the input is read through
        /// (the goal `.ahead`).
        case loadAhead(LoadAhead.Purpose)
        /// The search or filter that asked for `loadAhead` no longer needs lines (a match found,
        /// the screen filled, Esc): the goal `.ahead` is given up; the page in flight still arrives.
        case stopLoadingAhead
        /// The wait of a search's goal for an open input that had nothing is over. Given by the
        /// reactor's own timer.
        case aheadRetryDue
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
        /// following the end. Given by the reactor's own timer.
        case scheduledRefresh
        /// Shows a toast (a bound command that failed, a key with nothing to do).
        case toast(Toast.Kind)
        /// A request or a catch-up ended: the next step its goals need (`LoadGoals`). Given by
        /// the reactor itself.
        case pursueGoals
        /// The source's input changed without a request (`FeedSource.changes`).
        case sourceChanged(SourceChange)
        /// `[` (back) or `]`: the previous or next kept result is shown in place of the live
        /// lines; `]` past the newest is live again.
        case stepHistory(back: Bool)
        /// `d`: the rows the shown result removed are shown among its rows, or hidden again.
        case toggleRemoved
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
        /// Lines arrived without a request while they could not be asked for: a catch-up is due.
        case linesArrived
        /// A catch-up request (lines that arrived without one) starts.
        case startCatchUp
        /// Lines that arrived without a request: the catch-up's result.
        case caughtUp(Page)
        /// A catch-up ended without lines (it failed, or a request cut it short).
        case endCatchUp
        case hideToast(Int)
        /// Following the end starts or stops; `toEnd`: End asked for the rest.
        case setFollowing(Bool, toEnd: Bool)
        case setRefreshKeepsPlace(Bool)
        /// What the user asked to have loaded (`LoadGoals.asked`).
        case setLoadGoal(LoadGoal?)
        /// The goals after a step was taken, or a goal reached or given up.
        case setGoals(LoadGoals)
        case setSchedule(RefreshSchedule?)
        /// A step through the kept results (`delta`: -1 back, 1 forward) was asked for.
        case askHistoryStep(Int)
        /// The step asked with `delta` landed.
        case historyStepped(HistoryBrowser.Step, delta: Int)
        case setShowsRemoved(Bool)
        /// The shown result with the rows it removed, built for the result `of` names
        /// (`FeedState.shownResultKey`).
        case withRemoved(ResultLines, of: Int)
    }

    /// Lines per request when loading the rest of a line source.
    package static let bulkPageSize = 20_000
    /// Lines read from the end of a file still being counted (End).
    package static let endPageSize = 1_000

    package let initialState: State
    package let reactorStorage = ReactorStorage()
    package let source: FeedSource
    package let pageSize: Int
    let scheduler: LoopScheduler
    let now: () -> Date
    let bus: CommentEventBus
    /// Which kind of request just started; in-flight requests of the other kind end on it.
    let started = PassthroughSubject<RequestKind, Never>()
    /// Actions the reactor gives itself (a goal's next step, the schedule's turn), merged in
    /// `transform(action:)`: a request's continuation gives the next one there rather than
    /// inside its own publisher, which would nest one level deeper for every page of a long
    /// input.
    let turns = PassthroughSubject<Action, Never>()
    /// Hides of toasts, due `Toast.duration` after each was shown.
    let toastHides = PassthroughSubject<Mutation, Never>()
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
    /// The source's kept results (`[`, `]`); nil when the history does not keep it.
    package let history: HistoryBrowser?
    /// Where the live result's removed rows are worked out (`d`): they take every line.
    package let workQueue = DispatchQueue(label: "pullfeed.source-work", qos: .userInitiated)

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
        followsEnd: Bool = false,
        history: HistoryBrowser? = nil
    ) {
        self.followsEnd = followsEnd
        self.history = history
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
        state.source.keepsHistory = history != nil
        state.autoRefresh = every.map(RefreshSchedule.init(interval:))
        if sectionPattern != nil { state.lineSections = LineSections() }
        // Following from the start: the first refresh loads to the end (`reduce(.refreshed)`).
        state.isFollowing = followsEnd && state.source.isLineSource
        initialState = state
        refreshTimer = state.autoRefresh.map { RefreshTimer($0, scheduler: scheduler) }
        let turns = turns
        refreshTimer?.start = { turns.send(.scheduledRefresh) }
    }

    package func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        // A kept result shown is whole: what the user asks of the rows shown (End, the last
        // row, a search's line, the next page) is not the live lines' to answer.
        if currentState.history.past != nil, action.isAboutRowsShown { return Empty().erased() }
        switch action {
        case .refresh: return refresh()
        case .refreshKeepingPlace:
            return stopFollowing().append(Deferred { [weak self] in self?.refresh(keepingPlace: true) ?? Empty().erased() })
                .erased()
        case .followEnd: return followEnd()
        case .togglePause, .holdSchedule: return schedule(action)
        case .scheduledRefresh: return refresh(keepingPlace: true)
        case .loadMore: return loadMore(.next, limit: pageSize)
        case .loadRest: return loadRest()
        case .loadAhead(let purpose): return loadAhead(purpose)
        case .stopLoadingAhead:
            guard currentState.loadsAhead else { return Empty().erased() }
            return Just(.setLoadGoal(nil)).erased()
        case .aheadRetryDue:
            let goals = currentState.goals.aheadRetryDue()
            guard goals != currentState.goals else { return Empty().erased() }
            return Just(.setGoals(goals)).append(Self.turn(.pursueGoals, on: turns)).erased()
        case .follow(let on): return on ? followLastRow() : stopFollowing()
        case .toast(let kind): return toast(kind)
        case .loadThrough(let index): return loadThrough(index)
        case .stopLoadingThrough:
            guard case .line? = currentState.loadGoal else { return Empty().erased() }
            return Just(.setLoadGoal(nil)).erased()
        case .pursueGoals: return pursueGoals()
        case .sourceChanged(let change): return answer(change)
        case .stepHistory(let back): return stepHistory(back: back)
        case .toggleRemoved: return toggleRemoved()
        }
    }

    package func transform(action: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        let changes = source.changes(on: scheduler).map(Action.sourceChanged)
        return merge(action, turns, changes).erased()
    }

    package func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        merge(mutation, toastHides).erased()
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
