import Dispatch
import Foundation
import OpenCombineDispatch
import PullToRefresh
import Reactors
import TerminalUI

/// The files under a folder, 50 at a time: a refresh reads the folder again (off the UI
/// thread), a load appends the next 50. Its state is the one truth about refreshing, loading
/// and "has more"; the screen only shows it.
final class FilesReactor: Reactor {
    enum Action { case refresh, loadMore }
    enum Mutation { case refreshing, loadingMore, replace([String], at: Date), append([String]) }

    struct State {
        var shown: [String] = []
        var all: [String] = []
        var isRefreshing = false
        var isLoadingMore = false
        var lastUpdated: Date?
        var hasMore: Bool { shown.count < all.count }
        var activity: RefreshActivity {
            RefreshActivity(isRefreshing: isRefreshing, isLoadingMore: isLoadingMore,
                            hasMore: hasMore, lastUpdated: lastUpdated)
        }
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    let pageSize = 50
    private let scheduler: LoopScheduler
    private let readScheduler: LoopScheduler
    private let read: @Sendable () -> [String]

    /// `read` lists the folder. It runs on `readScheduler` (by default a background queue; a
    /// test on virtual time passes its own scheduler, which must be driven from one thread),
    /// and its result comes back on `scheduler`.
    init(
        scheduler: LoopScheduler,
        readScheduler: LoopScheduler = DispatchQueue.global().ocombine.eraseToLoopScheduler(),
        read: @escaping @Sendable () -> [String]
    ) {
        self.scheduler = scheduler
        self.readScheduler = readScheduler
        self.read = read
    }

    /// Every regular file under `root`, as paths relative to it, sorted.
    static func files(under root: String) -> [String] {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            if walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(path) }
        }
        return files.sorted()
    }

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        switch action {
        case .refresh:
            // The folder is read on the read scheduler, and the result is handed over on the
            // loop's: the value and its end in one step (with `receive(on:)` they would be two
            // blocks, which a concurrent queue may run end first, dropping the result), and
            // on the thread that subscribed (OpenCombine's `Future` reads its result without
            // its lock when demand arrives).
            let files = Deferred { [readScheduler, scheduler, read] in
                Future<[String], Never> { promise in
                    readScheduler.schedule {
                        let files = read()
                        scheduler.schedule { promise(.success(files)) }
                    }
                }
            }
            return Just(.refreshing)
                .append(files.map { Mutation.replace($0, at: Date()) })
                .eraseToAnyPublisher()
        case .loadMore where state.hasMore && !state.isRefreshing:
            // None during a refresh: the page would be added to the rows it replaces.
            let next = Array(state.all[state.shown.count..<min(state.all.count, state.shown.count + pageSize)])
            return Just(.loadingMore)
                .append(Just(.append(next)).delay(for: .milliseconds(300), scheduler: scheduler))
                .eraseToAnyPublisher()
        default:
            return Empty().eraseToAnyPublisher()
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .refreshing: state.isRefreshing = true
        case .loadingMore: state.isLoadingMore = true
        case .replace(let files, let date):
            (state.all, state.shown, state.lastUpdated) = (files, Array(files.prefix(pageSize)), date)
            (state.isRefreshing, state.isLoadingMore) = (false, false)
        case .append(let files):
            state.shown += files
            state.isLoadingMore = false
        }
        return state
    }
}
