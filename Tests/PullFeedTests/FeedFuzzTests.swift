import Foundation
import TerminalText
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// Long random sessions of keys, mouse, resizes and virtual time against a feed screen whose
/// source randomly fails and answers late, checking the app's invariants after every event.
///
/// Seeded: a failure names its seed and step. CI runs a few thousand events per suite;
/// `PULLFEED_FUZZ_ITERATIONS=N` runs N times as many sessions.
@Suite struct FeedFuzzTests {
    static let multiplier = max(1, Int(ProcessInfo.processInfo.environment["PULLFEED_FUZZ_ITERATIONS"] ?? "") ?? 1)
    static let eventsPerSession = 250

    enum Event {
        case key(Key)
        case mouse(MouseEvent.Kind, row: Int)
        case resize(columns: Int, rows: Int)
        case wait(Double)
    }

    static let keys: [Key] = [
        .up, .up, .up, .down, .down, .down, .pageUp, .pageDown, .home, .end, .enter,
        .character("r"), .function(5), .character("x"), .character("G"), .character("g"), .left, .tab,
    ]

    static func randomEvent(_ rng: inout SeededRandom, size: Size) -> Event {
        switch rng.next() % 20 {
        case 0..<11: return .key(keys[Int(rng.next() % UInt64(keys.count))])
        case 11..<13:
            let kinds: [MouseEvent.Kind] = [.wheelUp, .wheelDown, .press(.left), .release]
            return .mouse(kinds[Int(rng.next() % 4)], row: Int(rng.next() % UInt64(max(1, size.rows))))
        case 13:
            // Mostly ordinary sizes, sometimes tiny ones.
            let tiny = rng.next() % 3 == 0
            return .resize(columns: tiny ? Int(rng.next() % 4) + 1 : Int(rng.next() % 150) + 20,
                           rows: tiny ? Int(rng.next() % 4) + 1 : Int(rng.next() % 50) + 5)
        default:
            return .wait([0, 0.01, 0.08, 0.2, 0.5, 0.6, 1, 3][Int(rng.next() % 8)])
        }
    }

    /// Plays one session; returns the number of events checked.
    @discardableResult
    static func session(seed: UInt64, source: FeedSource, pageSize: Int, footer: RefreshFooterKind) -> Int {
        var rng = SeededRandom(seed: seed &* 7919)
        let h = ScreenHarness(source: source, pageSize: pageSize, columns: 60, rows: 20) { $0.footer = footer }
        let fuzz = source as? FuzzSource
        var checked = 0
        for step in 0..<eventsPerSession {
            let before = h.reactor.currentState.lines.count
            let refreshesBefore = fuzz?.refreshSuccesses ?? 0
            let successesBefore = fuzz?.successes ?? 0
            let failuresBefore = fuzz?.failures ?? 0
            let context = "seed \(seed) step \(step)"
            switch randomEvent(&rng, size: h.canvas.size) {
            case .key(let key): h.press(key)
            case .mouse(let kind, let row):
                h.screen.handle(.mouse(MouseEvent(kind: kind, row: row, column: 3)))
                h.render()
            case .resize(let columns, let rows):
                h.canvas.resize(columns: columns, rows: rows)
                h.screen.handle(.resize(Size(columns: columns, rows: rows)))
                h.render()
            case .wait(let seconds): h.advance(seconds)
            }
            checkInvariants(h, context: context)
            if let fuzz {
                let state = h.reactor.currentState
                #expect(fuzz.inFlight <= (state.isRefreshing ? 1 : 0) + (state.isLoadingMore ? 1 : 0), "\(context)")
                #expect(fuzz.mostInFlight <= 2, "\(context)")
                if state.lines.count < before {
                    #expect(fuzz.refreshSuccesses > refreshesBefore, "\(context): items lost without a successful refresh")
                }
                if fuzz.failures > failuresBefore, fuzz.successes == successesBefore {
                    #expect(state.lines.count == before, "\(context): a failure changed the items")
                }
                if h.screen.footer.state == .noMoreData {
                    #expect(!state.hasMore && fuzz.lastSuccessHasMore == false, "\(context): noMoreData without a last page")
                }
                for i in 0..<state.lines.count where state.lines[i] != FuzzSource.line(i) {
                    Issue.record("\(context): line \(i) is \(state.lines[i])")
                    break
                }
            }
            checked += 1
        }
        // Every begin ends: with no more input, all requests finish and the indicators rest,
        // and nothing keeps asking the source on its own.
        let requestsBefore = fuzz?.requestCount ?? 0
        for _ in 0..<20 { h.advance(1) }
        if let fuzz { #expect(fuzz.requestCount - requestsBefore <= 3, "seed \(seed): requests while idle") }
        let state = h.reactor.currentState
        #expect(!state.isRefreshing && !state.isLoadingMore, "seed \(seed): a request never ended")
        #expect(h.screen.header.state == .idle, "seed \(seed): header \(h.screen.header.state)")
        #expect(!h.screen.footer.state.isRefreshing, "seed \(seed): footer \(h.screen.footer.state)")
        if let fuzz { #expect(fuzz.inFlight == 0, "seed \(seed): \(fuzz.inFlight) requests still in flight") }
        checkInvariants(h, context: "seed \(seed) end")
        return checked
    }

    /// What must hold after any event: the selection is on a selectable row, and every
    /// rendered row fits the screen, holds no control character and no half of a wide one.
    static func checkInvariants(_ h: ScreenHarness, context: String) {
        let list = h.screen.list
        if let selected = list.selectedIndex {
            #expect(selected >= 0 && selected < list.rowCount && list.dataSource.isSelectable(at: selected),
                    "\(context): selection \(selected) of \(list.rowCount)")
        } else if list.rowCount > 0 {
            #expect((0..<list.rowCount).allSatisfy { !list.dataSource.isSelectable(at: $0) },
                    "\(context): nothing selected among \(list.rowCount) rows")
        }
        let size = h.canvas.size
        for (row, cells) in h.canvas.cells.enumerated() {
            #expect(cells.count == size.columns)
            #expect(TextWidth.of(h.canvas.line(row)) <= size.columns, "\(context): row \(row) overflows")
            for (column, cell) in cells.enumerated() {
                guard let ch = cell.character else {
                    // A column covered by the character that starts before it (a wide one, a
                    // thumb with a skin tone over four).
                    let start = cells[..<column].lastIndex { $0.character != nil }
                    let covers = start.map { TextWidth.of(cells[$0].character!) > column - $0 } ?? false
                    #expect(covers, "\(context): orphan half at \(row),\(column)")
                    continue
                }
                #expect(!ch.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) },
                        "\(context): control character at \(row),\(column)")
            }
        }
    }

    @Test(arguments: 0..<6)
    func lineSourceSessions(batch: Int) {
        for run in 0..<(4 * Self.multiplier) {
            let seed = UInt64(batch * 1_000 + run)
            var rng = SeededRandom(seed: seed)
            let source = FuzzSource(seed: seed, failRate: [0, 0.2, 0.5, 1][Int(rng.next() % 4)], total: Int(rng.next() % 300))
            if rng.next() % 3 == 0 { source.pageFailRate = 1 }
            Self.session(seed: seed, source: source, pageSize: Int(rng.next() % 40) + 1,
                         footer: rng.next() % 2 == 0 ? .auto : .back)
        }
    }

    @Test(arguments: 0..<2)
    func demoSessions(batch: Int) {
        for run in 0..<(3 * Self.multiplier) {
            let seed = UInt64(batch * 1_000 + run)
            let source = DemoSource(latency: [0, 0.3, 0.6][Int(seed % 3)], failRate: [0, 0.3, 1][Int(seed / 3 % 3)], seed: seed)
            Self.session(seed: seed, source: source, pageSize: DemoSource.pageSize, footer: seed % 2 == 0 ? .auto : .back)
        }
    }
}
