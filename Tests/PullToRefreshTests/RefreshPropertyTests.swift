import OpenCombine
import Testing
@testable import PullToRefresh
import TerminalUI

/// Long random event sequences against a header, an auto footer and a back footer, checking
/// the state machines' invariants after every event.
@Suite struct RefreshPropertyTests {
    /// Watches one component's requests from the outside.
    final class Ledger {
        let name: String
        unowned let component: RefreshComponent
        private(set) var requests = 0
        private(set) var inFlight = false
        private(set) var violations: [String] = []
        private var bag = Set<AnyCancellable>()

        init(_ name: String, _ component: RefreshComponent) {
            self.name = name
            self.component = component
            component.refreshingPublisher.sink { [unowned self] in
                if inFlight { violations.append("\(name): a second request while one is in flight") }
                if self.component.state != .refreshing {
                    violations.append("\(name): request in state \(self.component.state)")
                }
                inFlight = true
                requests += 1
            }.store(in: &bag)
            component.stateChanges.sink { [unowned self] state in
                if !state.isRefreshing { inFlight = false }  // ended or cancelled
            }.store(in: &bag)
        }

        func check(_ step: Int) -> [String] {
            var found = violations.map { "step \(step): \($0)" }
            violations = []
            if component.isRequestInFlight != inFlight {
                found.append("step \(step): \(name) isRequestInFlight \(component.isRequestInFlight), ledger \(inFlight)")
            }
            if component.spinner.isSpinning != (component.state == .refreshing) {
                found.append("step \(step): \(name) spinner \(component.spinner.isSpinning) in \(component.state)")
            }
            return found
        }
    }

    enum Event: CaseIterable {
        case headerPull, headerRelease, headerBegin, headerEnd
        case footerPull, footerRelease, footerBegin, footerEnd, footerEndNoMoreData, footerReset
        case activate, scroll, resize, content, render, advance
    }

    @Test(arguments: [1, 2, 3, 42, 2024, 31_337, 99_991, 123_456_789] as [UInt64])
    func randomSequencesKeepTheInvariants(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let time = VirtualTime()
        let header = RefreshHeader(scheduler: time.loop, releaseDelay: 0.5)
        let auto = AutoRefreshFooter(scheduler: time.loop, autoTriggerTimes: [1, 2, -1].randomElement(using: &rng)!)
        let back = BackRefreshFooter(scheduler: time.loop, height: Int.random(in: 1...2, using: &rng))
        let ledgers = [Ledger("header", header), Ledger("auto", auto), Ledger("back", back)]
        var headerStates: [RefreshState] = []
        let headerWatch = header.stateChanges.sink { headerStates.append($0) }
        var problems: [String] = []

        for step in 0..<3000 {
            let footer: RefreshFooter = Bool.random(using: &rng) ? auto : back
            let autoBefore = auto.state
            let backBefore = back.state
            let requestsBefore = ledgers.map(\.requests)
            var userTrigger = false
            switch Event.allCases.randomElement(using: &rng)! {
            case .headerPull: header.pull(by: Int.random(in: -1...3, using: &rng))
            case .headerRelease: header.release()
            case .headerBegin: header.beginRefreshing()
            case .headerEnd: header.endRefreshing(success: Bool.random(using: &rng))
            case .footerPull:
                back.pull(by: Int.random(in: -1...2, using: &rng))
                userTrigger = true
            case .footerRelease:
                back.release()
                userTrigger = true
            case .footerBegin: footer.beginRefreshing()
            case .footerEnd: footer.endRefreshing()
            case .footerEndNoMoreData: footer.endRefreshingWithNoMoreData()
            case .footerReset: footer.resetNoMoreData()
            case .activate:
                footer.activate()
                userTrigger = true
            case .scroll:
                auto.viewDidMove(atBottom: Bool.random(using: &rng), movingDown: Bool.random(using: &rng))
                userTrigger = true
            case .resize:
                auto.viewDidMove(atBottom: Bool.random(using: &rng), movingDown: false)
            case .content:
                footer.hasContent.toggle()
            case .render:
                header.didRender()
                auto.didRender()
                back.didRender()
            case .advance:
                time.advance(ms: Int.random(in: 0...700, using: &rng))
            }

            for ledger in ledgers { problems += ledger.check(step) }
            if header.state == .noMoreData { problems.append("step \(step): header in noMoreData") }
            for (name, percent) in [("header", header.pullingPercent), ("back", back.pullingPercent)] where percent < 0 {
                problems.append("step \(step): \(name) pullingPercent \(percent)")
            }
            if header.state == .pulling && header.visibleHeight < header.height {
                problems.append("step \(step): header pulling below the threshold")
            }
            if header.state.isRefreshing && header.visibleHeight != header.height {
                problems.append("step \(step): refreshing header not parked")
            }
            if header.visibleHeight < 0 || header.visibleHeight > header.maxPullDistance {
                problems.append("step \(step): header visibleHeight \(header.visibleHeight)")
            }
            if userTrigger {
                // noMoreData stops every user trigger: no state change, no request.
                if autoBefore == .noMoreData && (auto.state != .noMoreData || ledgers[1].requests != requestsBefore[1]) {
                    problems.append("step \(step): auto footer left noMoreData by user input")
                }
                if backBefore == .noMoreData && (back.state != .noMoreData || ledgers[2].requests != requestsBefore[2]) {
                    problems.append("step \(step): back footer left noMoreData by user input")
                }
            }
            if problems.count > 20 { break }
        }

        // Every begin ends: end everything and let time run out; nothing stays in flight.
        header.endRefreshing()
        auto.endRefreshing()
        back.endRefreshing()
        back.release()
        header.release()
        time.advance(ms: 2000)
        for ledger in ledgers {
            problems += ledger.check(-1)
            if ledger.inFlight { problems.append("\(ledger.name) still in flight at the end") }
            if ledger.component.state.isRefreshing { problems.append("\(ledger.name) still refreshing at the end") }
        }
        if headerStates.contains(.noMoreData) { problems.append("header published noMoreData") }
        #expect(problems.isEmpty, "\(problems.prefix(20))")
        #expect(ledgers.allSatisfy { $0.requests > 0 }, "the sequence exercised every component")
        headerWatch.cancel()
    }
}
