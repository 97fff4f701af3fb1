import Foundation
import OpenCombine
import Testing
import TerminalUI
@testable import PullToRefresh

/// `RefreshableList` bound to an owner that has no guard against a second request: each
/// refresh or load it is asked for runs, so every request the list sends counts. Requests
/// take 300 ms of virtual time; frames are drawn as an app draws them.
@Suite struct RefreshableListTests {
    /// The owner of refreshing: it does what it is asked, every time.
    final class Owner {
        /// What the owner publishes: its activity and how many rows it has.
        struct State {
            var activity = RefreshActivity(hasMore: true)
            var rows: Int
        }
        let state: CurrentValueSubject<State, Never>
        var activity: RefreshActivity { state.value.activity }
        private(set) var refreshes = 0
        private(set) var loads = 0
        let time: VirtualTime

        init(time: VirtualTime, rows: Int) {
            self.time = time
            state = CurrentValueSubject(State(rows: rows))
        }

        func refresh() {
            refreshes += 1
            run(\.isRefreshing) { [refreshes] in $0.activity.lastUpdated = Date(timeIntervalSince1970: Double(refreshes)) }
        }

        /// Whether a load asked for during a refresh runs (a reactor's rule may drop it).
        var loadsDuringRefresh = true

        /// Whether every load asked for is dropped without a word (its activity never changes).
        var dropsLoads = false

        /// The rows a load adds (none: the page failed).
        var pageRows = 0

        func loadMore() {
            loads += 1
            if dropsLoads { return }
            if !loadsDuringRefresh, activity.isRefreshing { return }
            run(\.isLoadingMore) { [pageRows] in $0.rows += pageRows }
        }

        /// Sets `flag` now and clears it 300 ms later, with `end`'s other changes.
        private func run(_ flag: WritableKeyPath<RefreshActivity, Bool>, end: @escaping (inout State) -> Void = { _ in }) {
            var busy = state.value
            busy.activity[keyPath: flag] = true
            state.value = busy
            time.test.schedule(after: time.test.now.advanced(by: .milliseconds(300))) { [state] in
                var done = state.value
                done.activity[keyPath: flag] = false
                end(&done)
                state.value = done
            }
        }
    }

    struct Harness {
        let time = VirtualTime()
        let list: RefreshableList
        let owner: Owner
        let screen = MemoryScreen(columns: 30, rows: 8)
        let binding: AnyCancellable
        /// The states in the order the list saw them: the rows, after each reload, then the
        /// activity the components showed.
        let seen: Seen

        final class Seen {
            var events: [String] = []
        }

        init(rows: Int = 20) {
            let source = ArrayListDataSource(rows: (1...rows).map { ListRow.item("Row \($0)") })
            list = RefreshableList(list: ListView(dataSource: source), scheduler: time.loop,
                                   header: RefreshHeader(scheduler: time.loop, releaseDelay: 0.5),
                                   footer: AutoRefreshFooter(scheduler: time.loop))
            let owner = Owner(time: time, rows: rows)
            self.owner = owner
            let seen = Seen()
            self.seen = seen
            binding = list.bind(
                state: owner.state,
                rows: { state in
                    guard state.rows != source.rows.count else { return .unchanged }
                    source.rows = (1...state.rows).map { ListRow.item("Row \($0)") }
                    return .keepingSelection(true)
                },
                didUpdateRows: { [list] state in
                    seen.events.append("rows \(list.list.rowCount)/\(state.rows) loading \(list.footer?.state == .refreshing)")
                },
                activity: { $0.activity },
                refresh: { owner.refresh() }, loadMore: { owner.loadMore() })
            draw()
        }

        func draw() { list.draw(on: screen, top: 0, height: screen.size.rows, width: screen.size.columns) }

        /// `command` applied `times`, a frame drawn after each, as keys do.
        func press(_ command: ListCommand, times: Int) {
            for _ in 0..<times {
                _ = list.apply(command)
                draw()
            }
        }

        /// Lets `ms` of virtual time pass, drawing a frame every 20 ms.
        func pass(ms: Int) {
            for _ in 0..<(ms / 20) {
                time.advance(ms: 20)
                draw()
            }
        }
    }

    @Test func aRefreshTheOwnerBeginsIsNotSentBack() {
        let h = Harness()
        h.owner.refresh()  // a key, a timer or a signal: the owner's own request
        h.pass(ms: 1000)
        #expect(h.owner.refreshes == 1)
        #expect(h.list.header?.state == .idle)
    }

    /// With `showsOwnerRefreshes` off, a refresh the owner begins at the top moves no row: the
    /// header takes no rows (it is out of view, so the app shows the refresh elsewhere), while
    /// a pull still parks it above the rows.
    @Test func anOwnerRefreshOutOfSightMovesNoRowAndAPullStillShows() {
        let h = Harness()
        h.list.header?.showsOwnerRefreshes = false
        h.press(.down, times: 2)
        let before = h.screen.lines
        h.owner.refresh()
        h.pass(ms: 100)
        #expect(h.list.header?.state == .refreshing)
        #expect(!h.list.isHeaderInView)
        #expect(h.list.list.topInset == 0)
        #expect(h.screen.lines == before)
        h.pass(ms: 400)
        #expect(h.list.header?.state == .idle)
        h.press(.home, times: 1)
        h.time.advance(ms: 200)
        for _ in 0..<2 {
            _ = h.list.apply(.up)
            h.draw()
            h.time.advance(ms: 200)
        }
        h.pass(ms: 600)  // released by the delay and parked: the owner runs the pull's refresh
        #expect(h.owner.refreshes == 2)
        #expect(h.list.header?.state == .refreshing)
        #expect(h.list.isHeaderInView && h.list.list.topInset == 2)
        #expect(h.screen.lines[0].contains("Loading..."))
    }

    @Test func aPullSendsOneRequest() {
        let h = Harness()
        for _ in 0..<3 {
            _ = h.list.apply(.up)
            h.draw()
            h.time.advance(ms: 200)
        }
        h.pass(ms: 1500)  // released by the delay, parked, refreshed, ended
        #expect(h.owner.refreshes == 1)
        #expect(h.list.header?.state == .idle)
    }

    @Test func aLoadTheOwnerBeginsIsNotSentBackAndArrivingAtTheBottomLoadsOnce() {
        let h = Harness(rows: 10)
        h.owner.loadMore()
        h.pass(ms: 1000)
        #expect(h.owner.loads == 1)
        h.press(.down, times: 9)  // to the last row: the footer comes into view
        h.pass(ms: 1000)
        #expect(h.owner.loads == 2)
    }

    /// An owner that drops a load without its activity changing (a guard of its own): the
    /// footer stops showing "Loading more..." a turn later, and the next arrival asks again.
    @Test func aLoadTheOwnerDropsSilentlyDoesNotStayLoading() {
        let h = Harness(rows: 10)
        h.owner.dropsLoads = true
        h.press(.down, times: 9)
        h.pass(ms: 300)
        #expect(h.owner.loads == 1)
        #expect(h.list.footer?.state == .idle)
        h.press(.home, times: 1)
        h.press(.end, times: 1)
        h.pass(ms: 300)
        #expect(h.owner.loads == 2)
    }

    /// Rows come back to a list that showed none, keeping a place near the bottom (a filter
    /// computed again after a refresh): the footer, hidden while there was no row, is laid out
    /// for the new rows before the place is, so the row keeps its line above it (it went one
    /// line down, onto the footer's, and the footer out of view).
    @Test func aPlaceKeptInAListThatShowedNoRowCountsTheFooter() throws {
        let h = Harness(rows: 30)
        #expect(h.list.selectLastRow())
        h.draw()
        let place = try #require(h.list.place)
        #expect(place.screenRow == h.screen.size.rows - 2)
        let source = try #require(h.list.list.dataSource as? ArrayListDataSource)
        let rows = source.rows
        source.rows = []
        h.list.reloadData(keepingSelection: true)
        h.draw()
        source.rows = rows
        h.list.reloadData(keeping: place)
        h.draw()
        #expect(h.list.place == place)
        #expect(h.list.list.isBottomAccessoryFullyVisible)
    }

    /// The owner keeps the end in sight (rows arriving while the user follows): the last row
    /// and the footer under it show, and no page is asked for; End, the user's move, asks.
    @Test func selectingTheLastRowForTheOwnerAsksForNoPage() {
        let h = Harness(rows: 30)
        #expect(h.list.selectLastRow())
        h.draw()
        h.pass(ms: 1000)
        #expect(h.list.list.selectedIndex == 29)
        #expect(h.list.list.isBottomAccessoryFullyVisible)
        #expect(h.owner.loads == 0)
        h.press(.up, times: 1)
        h.press(.end, times: 1)
        h.pass(ms: 1000)
        #expect(h.owner.loads == 1)
    }

    /// The moves wait for the page the footer asked for: it brings one row, the list reloads
    /// it before the footer sees the load end, and the moves still past the last row ask again,
    /// once; the footer shows that load.
    @Test func movesPastTheLastRowWhileThePageIsComingAskOnce() {
        let h = Harness(rows: 10)
        h.owner.pageRows = 1
        h.press(.down, times: 12)  // to the last row (the footer comes into view), and three moves past it
        h.pass(ms: 200)  // the park step, and the request; the page takes 300 ms
        #expect(h.owner.loads == 1)
        h.pass(ms: 300)  // the page ends with one row; two moves are still past it and ask again
        #expect(h.list.list.selectedIndex == 10)
        #expect(h.seen.events.contains("rows 11/11 loading true"), "the rows are reloaded before the footer sees the load end")
        #expect(h.owner.loads == 2)
        #expect(h.owner.activity.isLoadingMore)
        #expect(h.list.footer?.state == .refreshing, "the footer shows the load the list asked for")
        h.pass(ms: 1500)  // one more row, one more page for the last move, and then none
        #expect(h.list.list.selectedIndex == 12)
        #expect(h.owner.loads == 3)
    }

    /// A page that ends bringing no row (it failed) forgets the moves made past the last row:
    /// the list does not ask again and again.
    @Test func aPageThatBringsNoRowForgetsTheMovesPastTheLastRow() {
        let h = Harness(rows: 10)
        h.press(.down, times: 12)
        h.pass(ms: 1500)
        #expect(h.owner.loads == 1)
        #expect(h.list.pendingRows == 0)
        #expect(h.list.footer?.state == .idle)
    }

    /// A refresh the owner begins (a key) forgets the moves made past the last row: they were
    /// for rows the refresh replaces.
    @Test func aRefreshTheOwnerBeginsForgetsTheMovesPastTheLastRow() {
        let h = Harness(rows: 10)
        h.owner.pageRows = 1
        h.press(.down, times: 12)
        h.pass(ms: 200)
        #expect(h.owner.loads == 1)
        #expect(h.list.pendingRows > 0)
        h.owner.refresh()
        #expect(h.list.pendingRows == 0)
        h.pass(ms: 1000)
        #expect(h.owner.loads == 1, "the page's row came, and no move asks for another")
    }

    /// Enter on the last row, where the row itself does nothing: the footer's, when it is in
    /// view under that row; on any other row, not.
    @Test func enterOnAnInertLastRowLoads() {
        let h = Harness(rows: 5)
        h.press(.down, times: 3)
        #expect(!h.list.activateFooter(fromLastRow: true), "not the last row")
        h.press(.down, times: 1)
        #expect(!h.list.activateFooter(), "the row has the selection, not the footer")
        #expect(h.list.activateFooter(fromLastRow: true))
        h.pass(ms: 200)
        #expect(h.owner.loads == 1)
    }

    /// The header's refreshing line, for the status line while the header is out of view: the
    /// spinner's frame as it turns, then the title.
    @Test func theRefreshingLineTurnsWithTheSpinner() {
        let h = Harness()
        h.list.header?.showsOwnerRefreshes = false
        h.owner.refresh()
        let first = h.list.refreshingLine
        #expect(first == RefreshGlyphs.unicode.spinnerFrame(0) + " Loading...")
        h.pass(ms: 100)
        #expect(h.list.refreshingLine == RefreshGlyphs.unicode.spinnerFrame(1) + " Loading...")
    }

    /// A refresh the owner begins (a key) with the selection on the last row of an unscrolled
    /// view: the header that appears scrolls the view, and the same row stays selected.
    @Test func aRefreshTheOwnerBeginsKeepsTheSelectedRow() {
        let h = Harness()
        h.press(.down, times: 7)
        #expect(h.list.list.selectedIndex == 7)
        #expect(h.list.list.scrollOffset == 0)
        h.owner.refresh()
        h.pass(ms: 100)
        #expect(h.list.list.selectedIndex == 7)
        #expect(h.list.list.isRowVisible(7))
        #expect(h.screen.lines.contains("›Row 8"))
    }

    /// An owner that drops a load asked for during its refresh: the footer's "Loading more..."
    /// ends with the refresh.
    @Test func aLoadTheOwnerDropsDuringARefreshEndsWithTheRefresh() {
        let h = Harness(rows: 10)
        h.owner.loadsDuringRefresh = false
        h.owner.refresh()
        h.press(.down, times: 9)  // to the last row: the footer comes into view and asks
        h.pass(ms: 1000)
        #expect(h.owner.loads == 1)
        #expect(h.list.footer?.state == .idle)
    }

    /// The owner begins a refresh while the header parks for the user's pull: that refresh
    /// answers the pull, which asks for no second one.
    @Test func aRefreshTheOwnerBeginsWhileThePullParksAnswersIt() {
        let h = Harness()
        h.press(.up, times: 2)
        for _ in 0..<100 where h.list.header?.isParking != true { h.pass(ms: 20) }
        #expect(h.list.header?.isParking == true)
        h.owner.refresh()
        h.pass(ms: 1000)
        #expect(h.owner.refreshes == 1)
        #expect(h.list.header?.state == .idle)
    }
}
