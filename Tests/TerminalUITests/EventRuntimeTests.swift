import CombineSchedulers
import Dispatch
import Locking
import Testing
import TerminalUI

/// The runtime the models run on, in virtual time: events handled with a render after each,
/// timers by key, work answered by events, cancellation.
@Suite struct EventRuntimeTests {
    enum Key: Hashable { case a, b }

    /// A runtime that records the events it handles and the renders it asks for.
    final class Recorder {
        let time = DispatchQueue.test
        let runtime: EventRuntime<String, Key>
        var handled: [String] = []
        var renders = 0
        /// Renders asked for by the time each event was handled.
        var rendersAtEvent: [Int] = []

        init() {
            runtime = EventRuntime(scheduler: time.eraseToLoopScheduler(), label: "test.runtime")
            runtime.handler = { [unowned self] event in
                handled.append(event)
                rendersAtEvent.append(renders)
            }
            runtime.onRender = { [unowned self] in renders += 1 }
        }

        func advance(ms: Int) { time.advance(by: .milliseconds(ms)) }
    }

    @Test func everyHandledEventAsksForOneRenderAfterIt() {
        let r = Recorder()
        r.runtime.send("one")
        r.runtime.send("two")
        #expect(r.handled == ["one", "two"])
        #expect(r.rendersAtEvent == [0, 1], "the render comes after the event")
        #expect(r.renders == 2)
    }

    /// An event sent while one is handled is handled at once, inside it, and the outer event's
    /// render covers both.
    @Test func anEventSentWhileOneIsHandledIsHandledInsideIt() {
        let r = Recorder()
        r.runtime.handler = { [unowned r] event in
            r.handled.append(event)
            if event == "outer" { r.runtime.send("inner") }
            r.handled.append("end \(event)")
        }
        r.runtime.send("outer")
        #expect(r.handled == ["outer", "inner", "end inner", "end outer"])
        #expect(r.renders == 1)
        let started = r.runtime.handling { () -> Bool in
            r.runtime.send("command")
            return true
        }
        #expect(started && r.renders == 2)
    }

    @Test func aTimerSendsItsEventOnceAfterItsDelay() {
        let r = Recorder()
        r.runtime.send("tick", after: 0.5, as: .a)
        #expect(r.runtime.isActive(.a))
        r.advance(ms: 499)
        #expect(r.handled == [])
        r.advance(ms: 1)
        #expect(r.handled == ["tick"] && r.renders == 1)
        #expect(!r.runtime.isActive(.a))
        r.advance(ms: 1000)
        #expect(r.handled == ["tick"])
    }

    /// A key holds one timer: arming it again replaces the first, and cancelling it means it
    /// never fires; other keys are not touched.
    @Test func aKeyHoldsOneTimer() {
        let r = Recorder()
        r.runtime.send("first", after: 0.5, as: .a)
        r.runtime.send("other", after: 0.5, as: .b)
        r.advance(ms: 300)
        r.runtime.send("second", after: 0.5, as: .a)
        r.advance(ms: 300)
        #expect(r.handled == ["other"])
        r.advance(ms: 200)
        #expect(r.handled == ["other", "second"])
        r.runtime.send("cancelled", after: 0.1, as: .a)
        r.runtime.cancel(.a)
        r.advance(ms: 1000)
        #expect(r.handled == ["other", "second"])
    }

    @Test func noDelayMeansTheNextTurn() {
        let r = Recorder()
        r.runtime.send("soon", after: 0, as: .a)
        #expect(r.handled == [])
        r.advance(ms: 0)
        #expect(r.handled == ["soon"])
    }

    @Test func aRepeatingTimerSendsUntilCancelled() {
        let r = Recorder()
        r.runtime.send("tick", every: 0.08, as: .a)
        r.advance(ms: 79)
        #expect(r.handled.isEmpty)
        r.advance(ms: 1)
        #expect(r.handled.count == 1)
        r.advance(ms: 800)
        #expect(r.handled.count == 11 && r.renders == 11)
        r.runtime.cancel(.a)
        r.advance(ms: 800)
        #expect(r.handled.count == 11)
        // A one-shot timer given to the key replaces the repeating one.
        r.runtime.send("tick", every: 0.08, as: .a)
        r.runtime.send("once", after: 0.1, as: .a)
        r.advance(ms: 500)
        #expect(r.handled.suffix(1) == ["once"] && r.handled.count == 12)
    }

    /// Work in the background answers with an event, in a later turn on the loop's thread,
    /// after its progress.
    @Test func backgroundWorkAnswersWithAnEvent() {
        let r = Recorder()
        r.runtime.run(.a) { job in
            job.post("halfway")
            return "done"
        }
        #expect(r.runtime.isActive(.a))
        r.runtime.waitForBackgroundWork()
        #expect(r.handled == [], "nothing is handled off the loop's thread")
        r.advance(ms: 0)
        #expect(r.handled == ["halfway", "done"])
        #expect(!r.runtime.isActive(.a))
    }

    @Test func workRunAtOnceAnswersBeforeRunReturns() {
        let r = Recorder()
        r.runtime.send("before")
        r.runtime.run(.a, inBackground: false) { _ in "found" }
        #expect(r.handled == ["before", "found"])
        #expect(!r.runtime.isActive(.a))
        r.runtime.run(.a, inBackground: false) { _ in nil }
        #expect(r.handled == ["before", "found"])
    }

    /// Cancelled or replaced, work's result and progress are dropped, and the work sees that it
    /// is no longer wanted.
    @Test func cancelledOrReplacedWorkIsDropped() {
        let r = Recorder()
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let sawCancel = Locked(false)
        r.runtime.run(.a) { job in
            job.onCancel { sawCancel.withLock { $0 = true } }
            started.signal()
            proceed.wait()
            job.post("late progress")
            return job.isCancelled ? "cancelled" : "result"
        }
        started.wait()
        r.runtime.cancel(.a)
        #expect(sawCancel.withLock { $0 })
        proceed.signal()
        r.runtime.waitForBackgroundWork()
        r.advance(ms: 0)
        #expect(r.handled == [])

        r.runtime.run(.a) { _ in "old" }
        r.runtime.run(.a) { _ in "new" }
        r.runtime.waitForBackgroundWork()
        r.advance(ms: 0)
        #expect(r.handled == ["new"])
    }

    /// Work that runs elsewhere starts after its delay, reports on the loop's thread until it
    /// finishes, and is stopped when cancelled; cancelled before it began, it never begins.
    @Test func startedWorkReportsUntilItFinishesOrIsStopped() {
        let r = Recorder()
        var begun: [String] = []
        var stopped: [String] = []
        var jobs: [String: RuntimeJob<String>] = [:]
        func start(_ name: String, _ key: Key) {
            r.runtime.start(key, after: 0.001) { job in
                begun.append(name)
                jobs[name] = job
                return { stopped.append(name) }
            }
        }
        start("one", .a)
        #expect(begun.isEmpty)
        r.advance(ms: 1)
        #expect(begun == ["one"])
        jobs["one"]?.send("output")
        jobs["one"]?.finish("ended")
        #expect(r.handled == ["output", "ended"])
        #expect(!r.runtime.isActive(.a))
        jobs["one"]?.send("after the end")
        r.runtime.cancel(.a)
        #expect(stopped.isEmpty && r.handled == ["output", "ended"], "a finished job is not stopped")

        start("two", .a)
        r.runtime.cancel(.a)
        r.advance(ms: 5)
        #expect(begun == ["one"], "cancelled before it began")

        start("three", .b)
        r.advance(ms: 1)
        start("four", .b)
        #expect(stopped == ["three"], "replaced: stopped")
        r.advance(ms: 1)
        jobs["three"]?.send("stale")
        jobs["four"]?.send("fresh")
        #expect(r.handled.suffix(1) == ["fresh"])
    }

    /// The runtime's end cancels every timer and stops every job.
    @Test func theRuntimesEndCancelsEverything() {
        let time = DispatchQueue.test
        var runtime: EventRuntime<String, Key>? = EventRuntime(scheduler: time.eraseToLoopScheduler())
        var handled: [String] = []
        var stopped = false
        runtime?.handler = { handled.append($0) }
        runtime?.send("tick", every: 0.1, as: .a)
        runtime?.start(.b) { _ in { stopped = true } }
        runtime = nil
        #expect(stopped)
        time.advance(by: .seconds(1))
        #expect(handled.isEmpty)
    }
}
