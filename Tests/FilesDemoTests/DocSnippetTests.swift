import CombineSchedulers
import Dispatch
import Foundation
import OpenCombine
import Testing
@testable import files_demo
import PullToRefresh
import TerminalUI

/// Stands in for `MainLoop` in the snippets (`loop.scheduler`): its scheduler is virtual time.
struct VirtualLoop {
    let time = DispatchQueue.test
    var scheduler: LoopScheduler { time.eraseToLoopScheduler() }
}

/// The README's and the PullToRefresh catalog's code that binds pull-to-refresh to a reactor,
/// verbatim (Scripts/check-doc-snippets.py checks it), run in virtual time against the
/// files-demo's `FilesReactor`, which the "Getting started" article builds: a pull reads the
/// folder once, the bottom loads the next page once, and every "Loading" ends.
@Suite struct DocSnippetTests {
    typealias Folder = FilesDemoTests.Folder

    /// 120 files: the first page (50), two more pages (100, 120), then no more data.
    static let files = (1...120).map { "file\(1000 + $0).txt" }

    /// A list with a header and a footer on a screen, drawn every 20 ms of virtual time.
    struct Frames {
        let loop: VirtualLoop
        let refreshable: RefreshableList
        let canvas = MemoryScreen(columns: 30, rows: 10)

        func draw() { refreshable.draw(on: canvas, top: 0, height: canvas.size.rows, width: canvas.size.columns) }

        func pass(ms: Int) {
            for _ in 0..<(ms / 20) {
                loop.time.advance(by: .milliseconds(20))
                draw()
            }
        }

        /// Down `times` times, a frame after each, then `ms` of time.
        func down(_ times: Int, thenPass ms: Int = 1000) {
            for _ in 0..<times {
                refreshable.apply(.down)
                draw()
            }
            pass(ms: ms)
        }

        /// Up twice at the top (past the threshold), then the release delay and the read.
        func pull() {
            refreshable.list.select(row: 1)
            for _ in 0..<2 {
                refreshable.apply(.up)
                draw()
            }
            pass(ms: 1500)
        }

        var text: String { canvas.text }
    }

    /// What every binding must do, checked on the screen and on the reactor: the reactor's own
    /// first refresh, one read per pull, one page per arrival at the bottom, "Loading" ending,
    /// "No more data" at the end, and a pull lifting it.
    func checkRefreshAndPaging(_ frames: Frames, _ reactor: FilesReactor, _ folder: Folder, _ footer: () -> RefreshFooter?) {
        reactor.action.send(.refresh)
        frames.pass(ms: 1000)
        #expect(folder.reads == 1)
        #expect(reactor.currentState.shown.count == 50)
        #expect(frames.text.contains("file1001.txt"))
        #expect(!frames.text.contains("Loading"))

        frames.pull()
        #expect(folder.reads == 2, "a pull reads the folder once")
        #expect(!frames.text.contains("Loading"), "the header's \"Loading...\" ends with the read")

        frames.down(50)  // to the last row (the footer comes into view), and one move past it
        #expect(reactor.currentState.shown.count == 100, "the bottom loads the next page, once")
        #expect(reactor.currentState.shown == Array(Self.files.prefix(100)))
        #expect(footer()?.state == .idle)
        #expect(!frames.text.contains("Loading more"), "the end of a load clears \"Loading more...\"")

        frames.down(60)
        #expect(reactor.currentState.shown == Self.files)
        frames.down(30)
        #expect(footer()?.state == .noMoreData)
        #expect(frames.text.contains("No more data"))

        frames.refreshable.scrollToTop()
        frames.pull()
        #expect(folder.reads == 3)
        #expect(reactor.currentState.shown.count == 50)
        #expect(footer()?.state == .idle, "a refresh lifts \"No more data\"")
    }

    /// README, "PullToRefresh".
    @Test func readmeRefreshableList() {
        let loop = VirtualLoop()
        let folder = Folder(Self.files)
        let reactor = FilesReactor(scheduler: loop.scheduler, readScheduler: loop.scheduler, read: folder.read)
        let rows = FileRows()
        var bag = Set<AnyCancellable>()

        let refreshable = RefreshableList(list: ListView(dataSource: rows), scheduler: loop.scheduler)
        refreshable.header = RefreshHeader(scheduler: loop.scheduler)     // tests: DispatchQueue.test.eraseToLoopScheduler()
        refreshable.footer = AutoRefreshFooter(scheduler: loop.scheduler)
        refreshable.bind(
            state: reactor.state,
            rows: { rows.update($0.shown) },  // the data source takes the state's rows and says how to reload them
            activity: { RefreshActivity(isRefreshing: $0.isRefreshing, isLoadingMore: $0.isLoadingMore,
                                        hasMore: $0.hasMore, lastUpdated: $0.lastUpdated) },
            refresh: { reactor.action.send(.refresh) },
            loadMore: { reactor.action.send(.loadMore) }
        ).store(in: &bag)
        // keys: refreshable.apply(.up) / .down / .pageDown …; any other key: refreshable.releasePulls();
        // Enter: refreshable.activateFooter(); frames: refreshable.draw(on: canvas, top: 1, height: rows, width: columns)

        checkRefreshAndPaging(Frames(loop: loop, refreshable: refreshable), reactor, folder) { refreshable.footer }
    }

    /// The catalog's overview ("PullToRefresh"), as the files-demo's screen does it.
    @Test func catalogOverview() {
        let loop = VirtualLoop()
        let folder = Folder(Self.files)
        let reactor = FilesReactor(scheduler: loop.scheduler, readScheduler: loop.scheduler, read: folder.read)
        let rows = FileRows()
        var bag = Set<AnyCancellable>()

        let refreshable = RefreshableList(list: ListView(dataSource: rows), scheduler: loop.scheduler)
        refreshable.header = RefreshHeader(scheduler: loop.scheduler)
        refreshable.footer = AutoRefreshFooter(scheduler: loop.scheduler)
        refreshable.bind(state: reactor.state, rows: { rows.update($0.shown) }, activity: \.activity,
                         refresh: { reactor.action.send(.refresh) }, loadMore: { reactor.action.send(.loadMore) })
            .store(in: &bag)

        checkRefreshAndPaging(Frames(loop: loop, refreshable: refreshable), reactor, folder) { refreshable.footer }
    }
}
