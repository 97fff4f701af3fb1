import Dispatch
import Foundation
import OpenCombine
import Testing
@testable import TerminalUI

/// The real loop on real time: these tests wait for the loop's own timers (tens of
/// milliseconds), never sleep. Virtual-time behaviour is tested with `TimerQueue` and, in
/// client code, with a `TestScheduler`.
@Suite struct MainLoopTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ s: String) { lock.lock(); storage.append(s); lock.unlock() }
        var entries: [String] { lock.lock(); defer { lock.unlock() }; return storage }
    }

    @Test func scheduledWorkRunsInDeadlineOrderOnTheLoop() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        let log = Log()
        let now = scheduler.now
        scheduler.schedule(after: now.advanced(by: .milliseconds(20))) { log.append("c") }
        scheduler.schedule(after: now.advanced(by: .milliseconds(10))) { log.append("b") }
        scheduler.schedule { log.append("a1") }
        scheduler.schedule { log.append("a2") }
        scheduler.schedule(after: now.advanced(by: .milliseconds(30))) { loop.stop(exitCode: 7) }
        #expect(loop.run() == 7)
        #expect(log.entries == ["a1", "a2", "b", "c"])
    }

    @Test func workFromOtherThreadsRunsOnTheLoopThreadInOrder() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        let log = Log()
        let loopThread = Log()
        scheduler.schedule { loopThread.append("\(pthread_self())") }
        let worker = Thread {
            for i in 0..<100 {
                scheduler.schedule {
                    if "\(pthread_self())" == loopThread.entries.first { log.append("\(i)") }
                }
            }
            scheduler.schedule { loop.stop(exitCode: 0) }
        }
        worker.start()
        #expect(loop.run() == 0)
        #expect(log.entries == (0..<100).map(String.init))
    }

    @Test func repeatingWorkStopsWhenCancelled() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        let log = Log()
        var cancellable: Cancellable?
        cancellable = scheduler.schedule(after: scheduler.now, interval: .milliseconds(1)) {
            log.append("tick")
            if log.entries.count == 5 {
                cancellable?.cancel()
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(15))) { loop.stop(exitCode: 0) }
            }
        }
        #expect(loop.run() == 0)
        #expect(log.entries.count == 5)
        withExtendedLifetime(cancellable) {}
    }

    @Test func rendersOnlyWhenAskedAndAtMostOncePerTurn() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        var renders = 0
        scheduler.schedule {
            loop.setNeedsRender()
            loop.setNeedsRender()
        }
        scheduler.schedule { loop.setNeedsRender() }
        let now = scheduler.now
        scheduler.schedule(after: now.advanced(by: .milliseconds(5))) { loop.setNeedsRender() }
        scheduler.schedule(after: now.advanced(by: .milliseconds(8))) {}
        scheduler.schedule(after: now.advanced(by: .milliseconds(12))) { loop.stop(exitCode: 0) }
        _ = loop.run { renders += 1 }
        // The first frame and the three requests share the first turn; the 5 ms request gets a
        // second frame; the turns at 8 ms and 12 ms requested none.
        #expect(renders == 2)
    }

    @Test func pasteFloodIsHandledInOneBatchBeforeRendering() {
        let terminal = PipeTerminal()
        let loop = MainLoop()
        var keys = 0
        terminal.send(String(repeating: "j", count: 10_000) + "q")
        let code = loop.run(terminal: terminal) { event in
            if case .key(.character("j")) = event { keys += 1; loop.setNeedsRender() }
            if case .key(.character("q")) = event { loop.stop(exitCode: 3) }
        } render: { canvas in
            canvas.draw("keys \(keys)", row: 0, column: 0)
        }
        #expect(code == 3)
        #expect(keys == 10_000)
        #expect(terminal.presentCount == 0)  // stopped in the same turn: no frame in between
    }

    @Test func loneEscapeIsDeliveredAfterTheEscapeDelay() {
        let terminal = PipeTerminal()
        let loop = MainLoop()
        var events: [InputEvent] = []
        terminal.send([0x1B])
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed: UInt64 = 0
        _ = loop.run(terminal: terminal) { event in
            events.append(event)
            elapsed = DispatchTime.now().uptimeNanoseconds - start
            loop.stop(exitCode: 0)
        } render: { _ in }
        #expect(events == [.key(.escape)])
        #expect(elapsed >= MainLoop.escapeDelayNanoseconds)
    }

    @Test func framesShowTheLatestState() {
        let terminal = PipeTerminal(columns: 12, rows: 2)
        let loop = MainLoop()
        var last = "none"
        terminal.send("\u{1B}[A")
        let scheduler = loop.scheduler
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(5))) {
            #expect(terminal.screen.lines == ["last: Up", ""])
            terminal.send("中")
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { loop.stop(exitCode: 0) }
        _ = loop.run(terminal: terminal) { event in
            if case .key(let key) = event { last = key.description; loop.setNeedsRender() }
        } render: { canvas in
            canvas.clear()
            canvas.draw("last: \(last)", row: 0, column: 0)
        }
        #expect(terminal.screen.lines == ["last: 中", ""])
        #expect(terminal.presentCount == 2)
    }

    @Test func closedInputEndsTheLoop() {
        let terminal = PipeTerminal()
        close(terminal.writeFD)
        let loop = MainLoop()
        #expect(loop.run(terminal: terminal, handle: { _ in }, render: { _ in }) == 129)
    }
}
