import Dispatch
import Foundation
import OpenCombineDispatch
import PullToRefresh
import Reactors
import TerminalUI

/// The files under a folder, 50 at a time, read as they are needed: a refresh reads the first
/// 50 again, a load the next 50, each off the UI thread. Its state is the one truth about
/// refreshing, loading and "has more"; the screen only shows it.
final class FilesReactor: Reactor {
    enum Action { case refresh, loadMore }
    enum Mutation { case refreshing, loadingMore, replace([String], at: Date), append([String], after: String?) }

    struct State {
        var shown: [String] = []
        var hasMore = false
        var isRefreshing = false
        var isLoadingMore = false
        var lastUpdated: Date?
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
    private let read: @Sendable (_ after: String?, _ limit: Int) -> [String]

    /// `read(after, limit)` lists the next `limit` files of the folder after the file `after`
    /// (from the first when nil); fewer than `limit` means there are no more. It runs on
    /// `readScheduler` (by default a background queue; a test on virtual time passes its own
    /// scheduler, which must be driven from one thread), and its result comes back on
    /// `scheduler`.
    init(
        scheduler: LoopScheduler,
        readScheduler: LoopScheduler = DispatchQueue.global().ocombine.eraseToLoopScheduler(),
        read: @escaping @Sendable (_ after: String?, _ limit: Int) -> [String]
    ) {
        self.scheduler = scheduler
        self.readScheduler = readScheduler
        self.read = read
    }

    func mutate(action: Action) -> AnyPublisher<Mutation, Never> {
        let state = currentState
        switch action {
        case .refresh:
            return Just(.refreshing)
                .append(page(after: nil).map { Mutation.replace($0, at: Date()) })
                .eraseToAnyPublisher()
        case .loadMore where state.hasMore && !state.isRefreshing:
            // None during a refresh: the page would follow rows that are being replaced.
            let last = state.shown.last
            return Just(.loadingMore)
                .append(page(after: last).map { Mutation.append($0, after: last) })
                .eraseToAnyPublisher()
        default:
            return Empty().eraseToAnyPublisher()
        }
    }

    /// The page of files after `path`, read on the read scheduler and handed over on the
    /// loop's: the value and its end in one step (with `receive(on:)` they would be two
    /// blocks, which a concurrent queue may run end first, dropping the result), and on the
    /// thread that subscribed (OpenCombine's `Future` reads its result without its lock when
    /// demand arrives).
    private func page(after path: String?) -> AnyPublisher<[String], Never> {
        Deferred { [readScheduler, scheduler, read, pageSize] in
            Future<[String], Never> { promise in
                readScheduler.schedule {
                    let files = read(path, pageSize)
                    scheduler.schedule { promise(.success(files)) }
                }
            }
        }
        .eraseToAnyPublisher()
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .refreshing: state.isRefreshing = true
        case .loadingMore: state.isLoadingMore = true
        case .replace(let files, let date):
            (state.shown, state.hasMore, state.lastUpdated) = (files, files.count == pageSize, date)
            (state.isRefreshing, state.isLoadingMore) = (false, false)
        case .append(let files, let last):
            state.isLoadingMore = false
            // A page read for rows a refresh has since replaced is dropped.
            guard state.shown.last == last else { break }
            state.shown += files
            state.hasMore = files.count == pageSize
        }
        return state
    }
}
