import CombineSchedulers
import Dispatch
import Foundation
import OpenCombine
import TerminalUI
@testable import PullToRefresh

/// A virtual-time scheduler and the erased form components take.
struct VirtualTime {
    let test = DispatchQueue.test
    var loop: LoopScheduler { test.eraseToLoopScheduler() }

    func advance(ms: Int) { test.advance(by: .milliseconds(ms)) }
}

/// Records what a component publishes.
final class Probe {
    private(set) var requests = 0
    private(set) var states: [RefreshState] = []
    private(set) var changes = 0
    private var bag = Set<AnyCancellable>()

    init(_ component: RefreshComponent) {
        component.refreshingPublisher.sink { [unowned self] in requests += 1 }.store(in: &bag)
        component.stateChanges.sink { [unowned self] in states.append($0) }.store(in: &bag)
        component.changes.sink { [unowned self] in changes += 1 }.store(in: &bag)
    }
}

/// A header that has been rendered once (so `beginRefreshing()` refreshes at once).
func renderedHeader(_ time: VirtualTime, releaseDelay: TimeInterval = 0.5) -> RefreshHeader {
    let header = RefreshHeader(scheduler: time.loop, releaseDelay: releaseDelay)
    header.didRender()
    return header
}

/// An auto footer under a list with content, rendered once.
func renderedAutoFooter(_ time: VirtualTime, autoTriggerTimes: Int = 1) -> AutoRefreshFooter {
    let footer = AutoRefreshFooter(scheduler: time.loop, autoTriggerTimes: autoTriggerTimes)
    footer.hasContent = true
    footer.didRender()
    return footer
}

/// A back footer under a list with content, rendered once.
func renderedBackFooter(_ time: VirtualTime, height: Int = 1) -> BackRefreshFooter {
    let footer = BackRefreshFooter(scheduler: time.loop, height: height)
    footer.hasContent = true
    footer.didRender()
    return footer
}

/// A fixed instant: 2026-03-14 09:30 UTC.
let march14 = Date(timeIntervalSince1970: 1_773_480_600)

func utcCalendar() -> Calendar {
    LastUpdatedFormatter.defaultCalendar(timeZone: TimeZone(identifier: "UTC")!)
}
