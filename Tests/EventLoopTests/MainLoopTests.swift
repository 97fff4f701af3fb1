import Dispatch
import Foundation
import OpenCombine
import Testing
@testable import EventLoop
import TerminalUI

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

    @Test func worksWithCombineOperators() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        let subject = PassthroughSubject<Int, Never>()
        let log = Log()
        let subscription = subject
            .receive(on: scheduler)
            .debounce(for: .milliseconds(50), scheduler: scheduler)
            .delay(for: .milliseconds(2), scheduler: scheduler)
            .sink { value in
                log.append("\(value)")
                loop.stop(exitCode: Int32(value))
            }
        final class Box: @unchecked Sendable {
            let subject: PassthroughSubject<Int, Never>
            init(_ subject: PassthroughSubject<Int, Never>) { self.subject = subject }
        }
        let box = Box(subject)
        let sender = Thread {
            for i in 1...5 { box.subject.send(i) }
        }
        sender.start()
        #expect(loop.run() == 5)  // the test's thread runs the loop; debounce kept the last value
        #expect(log.entries == ["5"])
        withExtendedLifetime(subscription) {}
    }

    @Test func rendersOnlyWhenAskedAndAtMostOncePerTurn() {
        let loop = MainLoop()
        let scheduler = loop.scheduler
        var renders = 0
        func later(_ action: @escaping () -> Void) {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(3)), action)
        }
        // Turn 1: the first frame and three requests. Each `later` step runs in a later turn
        // (work scheduled during a turn never runs in that turn).
        scheduler.schedule {
            loop.setNeedsRender()
            loop.setNeedsRender()
            later {
                loop.setNeedsRender()
                later { later { loop.stop(exitCode: 0) } }  // two turns without requests
            }
        }
        scheduler.schedule { loop.setNeedsRender() }
        _ = loop.run { renders += 1 }
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
        #expect(elapsed >= InputDecoder.defaultEscapeDelayNanoseconds)
    }

    /// A slow link (ssh, mosh) splits an arrow key's bytes: apart by less than the escape delay,
    /// they are still one key. (The delay here is longer than the default, so a loaded machine
    /// that wakes the writer late does not fail the test; the writer is a thread of its own, as
    /// Dispatch's shared pool can be busy with other tests' work for longer than that.)
    @Test func aSequenceSplitByLessThanTheEscapeDelayIsStillOneKey() {
        let terminal = PipeTerminal(decoder: InputDecoder(escapeDelayNanoseconds: 1_000_000_000))
        let loop = MainLoop()
        var events: [InputEvent] = []
        terminal.send([0x1B])
        let writeFD = terminal.writeFD
        Thread {
            usleep(100_000)
            _ = write(writeFD, "[B", 2)
        }.start()
        _ = loop.run(terminal: terminal) { event in
            events.append(event)
            loop.stop(exitCode: 0)
        } render: { _ in }
        #expect(events == [.key(.down)])
    }

    @Test func framesShowTheLatestState() {
        let terminal = PipeTerminal(columns: 12, rows: 2)
        let loop = MainLoop()
        let scheduler = loop.scheduler
        var last = "none"
        var screenBeforeSecondKey: [String] = []
        terminal.send("\u{1B}[A")
        _ = loop.run(terminal: terminal) { event in
            guard case .key(let key) = event else { return }
            last = key.description
            loop.setNeedsRender()
            if key == .up {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(2))) {
                    screenBeforeSecondKey = terminal.screen.lines
                    terminal.send("中")
                }
            } else {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { loop.stop(exitCode: 0) }
            }
        } render: { canvas in
            canvas.clear()
            canvas.draw("last: \(last)", row: 0, column: 0)
        }
        #expect(screenBeforeSecondKey == ["last: Up", ""])
        #expect(terminal.screen.lines == ["last: 中", ""])
        #expect(terminal.presentCount == 2)
    }

    /// Ctrl-C read as a key goes where SIGINT goes: `onInterrupt` first, which may use it, and
    /// otherwise the loop stops with 130; no key of `signalKeys` reaches `handle`.
    @Test func ctrlCAsAKeyIsAnInterrupt() {
        let terminal = PipeTerminal()
        let loop = MainLoop()
        var interrupts = 0
        var keys: [Key] = []
        loop.onInterrupt = {
            interrupts += 1
            return interrupts == 1
        }
        terminal.send([0x03, UInt8(ascii: "j"), 0x03, UInt8(ascii: "k")])
        let code = loop.run(terminal: terminal) { event in
            if case .key(let key) = event { keys.append(key) }
        } render: { _ in }
        #expect(code == 130)
        #expect(interrupts == 2)
        #expect(keys == [.character("j"), .character("k")])
    }

    /// An Esc right before Ctrl-C (a quick Esc, or Alt held) decodes as Alt + Ctrl-C: still
    /// an interrupt, never a key the screen ignores.
    @Test func ctrlCRightAfterEscIsStillAnInterrupt() {
        let terminal = PipeTerminal()
        let loop = MainLoop()
        var interrupted = false
        var events: [InputEvent] = []
        loop.onInterrupt = { interrupted = true; return false }
        terminal.send([0x1B, 0x03])
        // Without the interrupt the loop would wait for keys: it stops itself (99) after 2 s.
        let scheduler = loop.scheduler
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { loop.stop(exitCode: 99) }
        #expect(loop.run(terminal: terminal, handle: { events.append($0) }, render: { _ in }) == 130)
        #expect(interrupted)
        #expect(events.isEmpty, "\(events)")
    }

    @Test func ctrlBackslashAsAKeyStopsTheLoopWith131() {
        let terminal = PipeTerminal()
        let loop = MainLoop()
        var interrupted = false
        loop.onInterrupt = { interrupted = true; return true }
        terminal.send([0x1C])
        #expect(loop.run(terminal: terminal, handle: { _ in }, render: { _ in }) == 131)
        #expect(!interrupted)
    }

    @Test func closedInputEndsTheLoop() {
        let terminal = PipeTerminal()
        close(terminal.writeFD)
        let loop = MainLoop()
        #expect(loop.run(terminal: terminal, handle: { _ in }, render: { _ in }) == 129)
    }
}
