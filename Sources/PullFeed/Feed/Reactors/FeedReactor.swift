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

/// The list's reactor: one `SourceReactor` per source, each a section of the list, composed
/// into what the screen shows (`FeedComposition`). It keeps only what is list-wide: the marks,
/// the folds, the chosen line, the status line's toast and alert, and whether the user follows
/// the list's end. Everything about a source (its lines, requests, refreshing, schedule,
/// changes) is its section reactor's; actions about a source are sent on to it.
///
/// With one source the list is that source (no section header); with several, each is a
/// section headed by its title and state, reads to its end and follows it (`tail -f a b`), and
/// refreshes on its own schedule.
package final class FeedReactor: Reactor {
    package enum Action {
        /// A pull: every source refreshes (one run each), and the list ends at the top.
        case refresh
        /// Refreshes keeping the user's place (`r` with one source, `R`, F5, SIGUSR1, a bound
        /// `refresh`): every source.
        case refreshKeepingPlace
        /// `r` with several sources: the source of the selected row refreshes, keeping the place.
        case refreshSource(Int)
        case loadMore
        /// End on a line source (see `SourceReactor.Action.loadRest`).
        case loadRest
        /// A search or a filter looks through the lines past the loaded ones
        /// (`SourceReactor.Action.loadAhead`): every source with more.
        case loadAhead(LoadAhead.Purpose)
        /// It no longer needs them: every source gives the goal up.
        case stopLoadingAhead
        case choose([UInt8])
        /// Loads at least up to line `index` (a search found it past the loaded lines).
        case loadThrough(Int)
        case stopLoadingThrough
        case followEnd
        /// The selection arrived on the last row (true) or left it.
        case follow(Bool)
        /// `p`: pauses or resumes refreshing by itself (every source's, with one).
        case togglePause
        /// `p` with several sources: the source of the selected row.
        case togglePauseSource(Int)
        /// `P`: pauses every source, or resumes them all when all are paused.
        case togglePauseAll
        /// A prompt is open (true) or closed: refreshing by itself waits meanwhile.
        case holdSchedule(Bool)
        /// Marks or unmarks line `index` (`--multi`).
        case toggleMark(Int)
        case toast(Toast.Kind)
        /// Folds or unfolds a section (nil: `Other`): a `--section-by` section or a source.
        case fold(String?)
        case unfold(String?)
        case foldOthers(String?)
        case unfoldAll
        /// A key was pressed: an alert in the status line is read.
        case dismissAlert
        /// `[` (back) or `]`: source `index` (the selected row's) shows its previous or next kept
        /// result (`SourceReactor.Action.stepHistory`).
        case stepHistory(source: Int, back: Bool)
        /// `d`: source `index` shows or hides the rows its shown result removed.
        case toggleRemoved(source: Int)
    }

    package enum Mutation {
        /// Source `index` has a new state.
        case source(Int, FeedState)
        case toggleMark(Int, key: UInt64)
        case setFolds(SectionFolds)
        case choose([UInt8])
        case showToast(Toast)
        case hideToast(Int)
        /// The user follows the list's end (several sources: each source follows its own).
        case setFollowing(Bool)
        case dismissAlert
    }

    package let initialState: State
    package let reactorStorage = ReactorStorage()
    /// The sources' reactors, in list order.
    package let sources: [SourceReactor]
    let scheduler: LoopScheduler
    private let toastHides = PassthroughSubject<Mutation, Never>()

    /// A list of the sources `sources`, each with its title (a section header when there are
    /// several).
    package init(sources: [SourceReactor], titles: [String], scheduler: LoopScheduler) {
        precondition(!sources.isEmpty && sources.count == titles.count, "a list has a title for each of its sources")
        self.sources = sources
        self.scheduler = scheduler
        initialState = State(sources: sources, titles: FeedComposition.distinct(titles))
    }

    /// A list of one source, read with these settings (see `SourceReactor`).
    package convenience init(
        source: FeedSource, pageSize: Int, scheduler: LoopScheduler, lastUpdated: Date? = nil,
        now: @escaping () -> Date = Date.init, bus: CommentEventBus = CommentEventBus(),
        identity: LineIdentity = .wholeLine, sectionPattern: CapturePattern? = nil,
        sectionStarts: Bool = false, every: Double? = nil, history: HistoryBrowser? = nil
    ) {
        let reactor = SourceReactor(source: source, pageSize: pageSize, scheduler: scheduler, lastUpdated: lastUpdated, now: now,
                                    bus: bus, identity: identity, sectionPattern: sectionPattern, sectionStarts: sectionStarts, every: every,
                                    history: history)
        self.init(sources: [reactor], titles: [source.title], scheduler: scheduler)
    }

    private var isList: Bool { sources.count > 1 }

    /// The source a search may scan past the loaded lines: the only one (several sources load
    /// to their ends by themselves).
    package var scannableSource: FeedSource? { sources.count == 1 ? sources[0].source : nil }

    package func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        switch action {
        case .refresh: return send(.refresh)
        case .refreshKeepingPlace: return send(.refreshKeepingPlace)
        case .refreshSource(let index):
            guard sources.indices.contains(index) else { return Empty().erased() }
            return send(.refreshKeepingPlace, to: [sources[index]])
        case .loadMore:
            return send(.loadMore, to: isList ? sourcesWithMore : sources)
        case .loadRest:
            guard isList else { return send(.loadRest) }
            return Just(.setFollowing(true)).append(send(.loadRest, to: sourcesWithMore)).erased()
        case .loadAhead(let purpose):
            return send(.loadAhead(purpose), to: isList ? sourcesWithMore : sources)
        case .stopLoadingAhead:
            return send(.stopLoadingAhead, to: sources.filter(\.currentState.loadsAhead))
        case .loadThrough(let index):
            // Several sources load to their ends by themselves: a search finds what they hold.
            return isList ? Empty().erased() : send(.loadThrough(index))
        case .stopLoadingThrough: return isList ? Empty().erased() : send(.stopLoadingThrough)
        case .followEnd:
            guard isList else { return send(.followEnd) }
            return state.shown.source.isLineSource ? Just(.setFollowing(true)).erased() : Empty().erased()
        case .follow(let on):
            guard isList else { return send(.follow(on)) }
            return on == state.shown.isFollowing ? Empty().erased() : Just(.setFollowing(on)).erased()
        case .togglePause: return send(.togglePause)
        case .togglePauseSource(let index):
            guard sources.indices.contains(index) else { return Empty().erased() }
            return send(.togglePause, to: [sources[index]])
        case .togglePauseAll:
            let scheduled = sources.filter { $0.currentState.autoRefresh != nil }
            // All paused: resume them all; else pause the running ones.
            let allPaused = scheduled.allSatisfy { $0.currentState.autoRefresh?.isPaused == true }
            return send(.togglePause, to: scheduled.filter { $0.currentState.autoRefresh?.isPaused == allPaused })
        case .holdSchedule(let held): return send(.holdSchedule(held))
        case .choose(let line): return Just(.choose(line)).erased()
        case .toggleMark(let index):
            let shown = state.shown
            guard index >= 0, index < shown.lines.count else { return Empty().erased() }
            return Just(.toggleMark(index, key: shown.lineKey(at: index))).erased()
        case .toast(let kind): return toast(kind)
        case .fold, .unfold, .foldOthers, .unfoldAll:
            var folds = state.folds
            switch action {
            case .fold(let name): folds.toggle(name)
            case .unfold(let name): folds.unfold(name)
            case .foldOthers(let name): folds.foldAll((state.shown.lineSections?.all ?? []).map(\.name), except: name)
            default: folds.unfoldAll()
            }
            guard folds != state.folds else { return Empty().erased() }
            return Just(.setFolds(folds)).erased()
        case .stepHistory(let index, let back):
            guard sources.indices.contains(index) else { return Empty().erased() }
            return send(.stepHistory(back: back), to: [sources[index]])
        case .toggleRemoved(let index):
            guard sources.indices.contains(index) else { return Empty().erased() }
            return send(.toggleRemoved, to: [sources[index]])
        case .dismissAlert:
            return state.alert == nil && state.alertingSources.isEmpty ? Empty().erased() : Just(.dismissAlert).erased()
        }
    }

    /// The sources that have more to load.
    private var sourcesWithMore: [SourceReactor] {
        sources.filter { $0.currentState.hasLoaded && ($0.currentState.hasMore || $0.currentState.isOpen) }
    }

    /// Sends `action` on to `targets` (every source by default); the list itself changes when
    /// their states come back.
    private func send(_ action: SourceReactor.Action, to targets: [SourceReactor]? = nil) -> AnyPublisher<Mutation, Never> {
        let targets = targets ?? sources
        return Deferred { () -> Empty<Mutation, Never> in
            for source in targets { source.action.send(action) }
            return Empty()
        }
        .erased()
    }

    /// Shows a toast of the list's own now, and hides it `Toast.duration` later.
    private func toast(_ kind: Toast.Kind) -> AnyPublisher<Mutation, Never> {
        let hides = toastHides
        return Just(Mutation.showToast(Toast.shown(kind, on: scheduler) { hides.send(.hideToast($0)) })).erased()
    }

    package func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        // Each source's states (the first, replayed, changes nothing).
        let sourceStates = sources.enumerated().map { index, source in
            source.state.map { Mutation.source(index, $0) }.erased()
        }
        return mergeMany([mutation, toastHides.erased()] + sourceStates).erased()
    }

    package func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .source(let index, let source):
            state.update(source: index, to: source)
        case .toggleMark(let index, let key):
            state.marks.toggle(index, key: key)
            state.recompose()
        case .setFolds(let folds):
            state.folds = folds
            state.version &+= 1
            state.recompose()
        case .choose(let line):
            state.chosenLine = line
        case .showToast(let toast):
            state.show(toast, from: nil)
        case .hideToast(let id):
            if state.toast?.id == id { state.show(nil, from: nil) }
        case .setFollowing(let on):
            state.followsEnd = on
            state.recompose()
        case .dismissAlert:
            state.alert = nil
            state.alertingSources = []
            state.recompose()
        }
        return state
    }
}
