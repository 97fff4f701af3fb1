import Foundation
import OpenCombine
import Reactors
import TerminalUI

/// The feed's reactor (seed 002's policy on ReactorKit's model).
///
/// A header refresh replaces every item and resets "no more data"; a footer load appends
/// the next page. Starting one cancels the other if it is in flight: its result is
/// dropped and its indicator ends. A request already in flight is never sent twice. A
/// failure keeps every item and raises a toast for `toastDuration` seconds. All waiting
/// happens on the injected scheduler.
public final class FeedReactor: Reactor {
    public enum Action {
        case refresh
        case loadMore
        /// Loads the next `endBatchSize` items at once (End following the end of a long
        /// source: a few large reads instead of one round trip per page).
        case loadToEnd
        case select(Int?)
        case choose(String)
    }

    public enum Mutation {
        case setRefreshing(Bool)
        case setLoadingMore(Bool)
        case replace(Page, at: Date)
        case append(Page)
        case showToast(Toast)
        case hideToast(Int)
        case select(Int?)
        case choose(String)
    }

    public struct State {
        /// Demo sections, one reactor per article.
        public var sections: [ArticleSectionReactor] = []
        /// Items of line sources.
        public var lines = LineList()
        public var isRefreshing = false
        public var isLoadingMore = false
        public var hasMore = true
        /// Whether a refresh has ever succeeded in this run (before that, an empty list is
        /// "loading", not "empty").
        public var hasLoaded = false
        public var lastUpdated: Date?
        public var selectedRow: Int?
        /// Bumped whenever the set of items changes (not for comment edits inside a section).
        public var itemsVersion = 0
        @Pulse public var toast: Toast?
        /// The line the user chose with Enter (line sources): the app prints it and exits.
        @Pulse public var chosenLine: String?

        public var itemCount: Int { sections.isEmpty ? lines.count : sections.count }
        public var isEmpty: Bool { sections.isEmpty && lines.isEmpty }
    }

    public static let toastDuration: Double = 3
    /// Items per request while End follows the end of the source.
    public static let endBatchSize = 25_000

    public let initialState: State
    public let reactorStorage = ReactorStorage()
    public let source: FeedSource
    public let pageSize: Int
    private let scheduler: LoopScheduler
    private let now: () -> Date
    private let bus: CommentEventBus
    /// Which kind of request just started; in-flight requests of the other kind end on it.
    private let started = PassthroughSubject<RequestKind, Never>()
    private var toastCounter = 0
    private let toastHides = PassthroughSubject<Mutation, Never>()

    enum RequestKind { case header, footer }

    public init(
        source: FeedSource,
        pageSize: Int,
        scheduler: LoopScheduler,
        lastUpdated: Date? = nil,
        now: @escaping () -> Date = Date.init,
        bus: CommentEventBus = CommentEventBus()
    ) {
        self.source = source
        self.pageSize = source is DemoSource ? DemoSource.pageSize : pageSize
        self.scheduler = scheduler
        self.now = now
        self.bus = bus
        var state = State()
        state.lastUpdated = lastUpdated
        initialState = state
    }

    public func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        switch action {
        case .refresh: return refresh()
        case .loadMore: return loadMore(limit: pageSize)
        case .loadToEnd: return loadMore(limit: max(pageSize, Self.endBatchSize))
        case .select(let row): return Just(.select(row)).eraseToAnyPublisher()
        case .choose(let line): return Just(.choose(line)).eraseToAnyPublisher()
        }
    }

    private func refresh() -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isRefreshing else { return Empty().eraseToAnyPublisher() }
        let cancelFooter: [Mutation] = state.isLoadingMore ? [.setLoadingMore(false)] : []
        let request = PageRequest(offset: 0, limit: pageSize)
        let started = started
        let result = source.load(request, on: scheduler)
            .prefix(untilOutputFrom: started.filter { $0 == .footer })
            .flatMap { [weak self] result -> AnyPublisher<Mutation, Never> in
                guard let self else { return Empty().eraseToAnyPublisher() }
                switch result {
                case .success(let page): return Just(.replace(page, at: self.now())).eraseToAnyPublisher()
                case .failure(let error): return self.toast(.refreshFailed(reason: error.reason))
                }
            }
        return Deferred { () -> AnyPublisher<Mutation, Never> in
            started.send(.header)
            return Publishers.Sequence(sequence: cancelFooter + [.setRefreshing(true)])
                .append(result)
                .append(.setRefreshing(false))
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }

    private func loadMore(limit: Int) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        guard !state.isLoadingMore, state.hasMore, state.hasLoaded else {
            return Empty().eraseToAnyPublisher()
        }
        let cancelHeader: [Mutation] = state.isRefreshing ? [.setRefreshing(false)] : []
        let request = PageRequest(offset: state.itemCount, limit: limit)
        let started = started
        let result = source.load(request, on: scheduler)
            .prefix(untilOutputFrom: started.filter { $0 == .header })
            .flatMap { [weak self] result -> AnyPublisher<Mutation, Never> in
                guard let self else { return Empty().eraseToAnyPublisher() }
                switch result {
                case .success(let page):
                    let appended = Just(Mutation.append(page))
                    return page.hasMore
                        ? appended.eraseToAnyPublisher()
                        : appended.append(self.toast(.noMoreData)).eraseToAnyPublisher()
                case .failure(let error): return self.toast(.loadMoreFailed(reason: error.reason))
                }
            }
        return Deferred { () -> AnyPublisher<Mutation, Never> in
            started.send(.footer)
            return Publishers.Sequence(sequence: cancelHeader + [.setLoadingMore(true)])
                .append(result)
                .append(.setLoadingMore(false))
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
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

    public func transform(mutation: AnyPublisher<Mutation, Never>) -> AnyPublisher<Mutation, Never> {
        mutation.merge(with: toastHides).eraseToAnyPublisher()
    }

    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRefreshing(let on):
            state.isRefreshing = on
        case .setLoadingMore(let on):
            state.isLoadingMore = on
        case .replace(let page, let date):
            state.sections = []
            state.lines = LineList()
            add(page, to: &state)
            state.hasMore = page.hasMore
            state.hasLoaded = true
            state.lastUpdated = date
            state.selectedRow = nil
        case .append(let page):
            add(page, to: &state)
            state.hasMore = page.hasMore
        case .showToast(let toast):
            state.toast = toast
        case .hideToast(let id):
            if state.toast?.id == id { state.toast = nil }
        case .select(let row):
            state.selectedRow = row
        case .choose(let line):
            state.chosenLine = line
        }
        return state
    }

    private func add(_ page: Page, to state: inout State) {
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
        state.itemsVersion &+= 1
    }

    public func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        state.with(section: \.sections)
    }
}
