import Testing
@testable import EventLoop
import TerminalUI

@Suite struct TimerQueueTests {
    final class Log { var entries: [String] = [] }

    private func runDue(_ queue: inout TimerQueue, now: UInt64) {
        let mark = queue.sequenceMark
        while let action = queue.popDue(now: now, before: mark) { action() }
    }

    @Test func runsByDeadlineThenInsertionOrder() {
        let log = Log()
        var queue = TimerQueue()
        queue.insert(deadline: 30) { log.entries.append("c") }
        queue.insert(deadline: 10) { log.entries.append("a1") }
        queue.insert(deadline: 20) { log.entries.append("b") }
        queue.insert(deadline: 10) { log.entries.append("a2") }
        #expect(queue.nextDeadline() == 10)
        runDue(&queue, now: 5)
        #expect(log.entries == [])
        runDue(&queue, now: 20)
        #expect(log.entries == ["a1", "a2", "b"])
        runDue(&queue, now: 100)
        #expect(log.entries == ["a1", "a2", "b", "c"])
        #expect(queue.isEmpty)
        #expect(queue.nextDeadline() == nil)
    }

    @Test func cancelledEntriesNeverRun() {
        let log = Log()
        var queue = TimerQueue()
        let id = queue.insert(deadline: 10) { log.entries.append("cancelled") }
        queue.insert(deadline: 20) { log.entries.append("kept") }
        queue.cancel(id)
        #expect(queue.count == 1)
        #expect(queue.nextDeadline() == 20)
        runDue(&queue, now: 50)
        #expect(log.entries == ["kept"])
    }

    @Test func repeatingEntryRunsEveryIntervalUntilCancelled() {
        let log = Log()
        var queue = TimerQueue()
        let id = queue.insert(deadline: 100, interval: 50) { log.entries.append("tick") }
        runDue(&queue, now: 100)
        #expect(queue.nextDeadline() == 150)
        runDue(&queue, now: 150)
        runDue(&queue, now: 199)
        #expect(log.entries.count == 2)
        runDue(&queue, now: 1_000)  // a stalled loop gets one tick, not the missed ones
        #expect(log.entries.count == 3)
        #expect(queue.nextDeadline() == 1_050)
        queue.cancel(id)
        runDue(&queue, now: 10_000)
        #expect(log.entries.count == 3)
        #expect(queue.isEmpty)
    }

    @Test func workAddedDuringATurnWaitsForTheNextTurn() {
        let log = Log()
        var queue = TimerQueue()
        queue.insert(deadline: 0) { log.entries.append("first") }
        let mark = queue.sequenceMark
        var ran = 0
        while let action = queue.popDue(now: 10, before: mark) {
            action()
            ran += 1
            queue.insert(deadline: 0) { log.entries.append("later") }
        }
        #expect(ran == 1)
        #expect(log.entries == ["first"])
        runDue(&queue, now: 10)
        #expect(log.entries == ["first", "later"])
    }
}
