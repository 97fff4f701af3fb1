import CTerminalGuard
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Locking
import TerminalText
import TerminalUI

/// The app's single UI thread: waits in `poll()` for terminal input, a wake-up pipe (work
/// scheduled from other threads), the signal self-pipe (SIGWINCH, SIGINT, SIGTERM, SIGHUP, and
/// SIGUSR1 for `onUserSignal`) and the next timer, and does nothing otherwise (idle is a blocking `poll` without timeout).
/// Ctrl-C, Ctrl-\ and Ctrl-Z typed at the terminal act as the signals the tty would send
/// (`signalKeys`).
///
/// One turn: read all available input (up to 64 KiB) and hand every event to `handle`; run the
/// scheduled work and timers that are due; then render once if `setNeedsRender()` was called
/// since the last render, and present. So a 10,000-key paste costs a few renders, not 10,000.
/// When an escape sequence is left unfinished, the loop waits at most the terminal's escape
/// delay (100 ms, or `ESCDELAY`) from its last byte for the rest before resolving it (a lone
/// ESC becomes the Esc key); an unfinished paste waits longer.
///
/// `scheduler` is a Combine scheduler on this loop: its `schedule` calls are thread-safe and
/// their actions run on the loop thread, in deadline order, then in scheduling order.
public final class MainLoop: @unchecked Sendable {
    private struct Shared {
        var timers = TimerQueue()
        var wakePending = false
        var exitCode: Int32?
        var needsRender = true
    }

    private let shared = Locked(Shared())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Called on the loop's thread for each user signal that arrived (SIGUSR1, once
    /// `TerminalGuard.forwardUserSignals()` forwards it), as input is. Signals that arrive
    /// together before the loop reads them may be delivered once or more.
    public var onUserSignal: ((Int32) -> Void)?

    /// This loop as a Combine scheduler (pass it to reactors, debounce, delays, spinners).
    public var scheduler: LoopScheduler { MainLoopScheduler(loop: self).eraseToLoopScheduler() }

    /// A loop that is not running yet: work may be scheduled on it from now on, and runs once
    /// `run` is called, on the thread that calls it. Traps if the wake-up pipe cannot be made.
    public init() {
        var fds: [Int32] = [-1, -1]
        precondition(pf_make_pipe(&fds) == 0, "MainLoop: cannot create the wake-up pipe")
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Called on the loop thread when Ctrl-C is typed or SIGINT arrives; returning true means
    /// the app used it (to cancel work in progress) and the loop goes on. Nil, or false: the
    /// loop stops with 130 as for any terminating signal.
    public var onInterrupt: (() -> Bool)?

    /// The keys a terminal reads as keys when it sends no signals for them (`CursesTerminal`
    /// turns ISIG off, so that Ctrl-C reaches the app alone, not the shell around it), and
    /// the signal each stands for: they never reach `handle`. Ctrl-C is SIGINT (see
    /// `onInterrupt`); Ctrl-\ stops the loop at once with 131, as SIGQUIT would end the
    /// process (no core dump); Ctrl-Z suspends as SIGTSTP does (`TerminalGuard.suspend()`).
    public static let signalKeys: [Key: Int32] = [.ctrl("c"): SIGINT, .ctrl("\\"): SIGQUIT, .ctrl("z"): SIGTSTP]

    /// Asks for a render at the end of the current turn. Call it on the loop thread (from
    /// `handle`, or from work scheduled on `scheduler`).
    public func setNeedsRender() {
        shared.withLock { $0.needsRender = true }
    }

    /// Ends `run` after the current turn with `exitCode`. Thread-safe.
    public func stop(exitCode: Int32 = 0) {
        shared.withLock { $0.exitCode = exitCode }
        wake()
    }

    /// Runs the loop on `terminal` until `stop` or a terminating signal; returns the exit code
    /// (the one given to `stop`, or 128 + the signal number, or 129 when the terminal closes).
    /// Does not restore the terminal: the caller does, and then exits with the code.
    public func run(terminal: some TerminalBackend, handle: (InputEvent) -> Void, render: (Canvas) -> Void) -> Int32 {
        runLoop(terminal: terminal, signalFD: TerminalGuard.signalPipe(), handle: handle) {
            render(terminal)
            terminal.present()
        }
    }

    /// Runs only the scheduler (timers and scheduled work) until `stop`: for headless use and
    /// tests. `render` runs when a render was requested, as in `run(terminal:...)`.
    public func run(render: () -> Void = {}) -> Int32 {
        runLoop(terminal: Optional<NoTerminal>.none, signalFD: nil, handle: { _ in }, render: render)
    }

    // MARK: Scheduling (any thread)

    func enqueue(deadline: UInt64, interval: UInt64?, action: @escaping () -> Void) -> TimerQueue.ID {
        let id = shared.withLock { $0.timers.insert(deadline: deadline, interval: interval, action: action) }
        wake()
        return id
    }

    func cancel(_ id: TimerQueue.ID) {
        shared.withLock { $0.timers.cancel(id) }
    }

    private func wake() {
        let needsWrite = shared.withLock { state in
            defer { state.wakePending = true }
            return !state.wakePending
        }
        if needsWrite {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    // MARK: The loop

    private func runLoop<T: TerminalBackend>(
        terminal: T?, signalFD: Int32?, handle: (InputEvent) -> Void, render: () -> Void
    ) -> Int32 {
        var escapeDeadline: UInt64?
        var fds: [pollfd] = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if let signalFD { fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)) }
        let terminalIndex = fds.count
        if let terminal { fds.append(pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0)) }

        while true {
            if let code = shared.withLock({ $0.exitCode }) { return code }

            // Sleep until input, a wake-up, a signal, the next timer or the ESC delay.
            let now = Self.now()
            var (deadline, renderPending) = shared.withLock { ($0.timers.nextDeadline(), $0.needsRender) }
            if let escapeDeadline { deadline = min(deadline ?? .max, escapeDeadline) }
            if renderPending { deadline = now }
            let timeout: Int32 = deadline.map { Self.pollTimeout(from: now, to: $0) } ?? -1
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno != EINTR { return 1 }

            if fds[0].revents != 0 {
                drain(wakeRead)
                shared.withLock { $0.wakePending = false }
            }
            if signalFD != nil, fds[1].revents != 0 {
                for signal in drain(fds[1].fd) { received(Int32(signal), terminal: terminal, handle: handle) }
            }
            if let terminal {
                if fds[terminalIndex].revents != 0 {
                    deliver(terminal.readInput(), terminal: terminal, handle: handle)
                    if terminal.isInputClosed {
                        fds[terminalIndex].fd = -1
                        stop(exitCode: TerminalGuard.exitCode(for: SIGHUP))
                    }
                    escapeDeadline = terminal.pendingInputTimeoutNanoseconds.map { Self.now() + $0 }
                } else if let pending = escapeDeadline, Self.now() >= pending {
                    deliver(terminal.flushPendingInput(), terminal: terminal, handle: handle)
                    escapeDeadline = nil
                }
            }

            runDueWork()

            if shared.withLock({ $0.exitCode }) != nil { continue }
            let renderNow = shared.withLock { state in
                defer { state.needsRender = false }
                return state.needsRender
            }
            if renderNow { render() }
        }
    }

    /// Hands `events` on, except the keys that act as signals (`signalKeys`), also when they
    /// come right after an Esc (decoded as Alt + the key): the terminal sends Ctrl-C whatever
    /// came before it, and the tty used to make it SIGINT all the same.
    private func deliver<T: TerminalBackend>(_ events: [InputEvent], terminal: T, handle: (InputEvent) -> Void) {
        for event in events {
            if case .key(let key) = event, let signal = Self.signalKeys[key] {
                received(signal, terminal: terminal, handle: handle)
            } else if case .key(.alt(let key)) = event, let signal = Self.signalKeys[key] {
                received(signal, terminal: terminal, handle: handle)
            } else {
                handle(event)
            }
        }
    }

    /// Acts on `signal`, arrived through the signal pipe or typed as one of `signalKeys`.
    private func received<T: TerminalBackend>(_ signal: Int32, terminal: T?, handle: (InputEvent) -> Void) {
        switch signal {
        case SIGWINCH, SIGCONT:
            // SIGCONT comes from the Ctrl-Z handler after a resume: the screen is not ours
            // any more, and its size may have changed meanwhile.
            guard let terminal else { return }
            handle(.resize(terminal.handleResize()))
            setNeedsRender()
        case SIGINT where onInterrupt?() == true:
            setNeedsRender()
        case SIGTSTP:
            TerminalGuard.suspend()
        case _ where TerminalGuard.terminatingSignals.contains(signal) || signal == SIGQUIT:
            stop(exitCode: TerminalGuard.exitCode(for: signal))
        case _ where TerminalGuard.userSignals.contains(signal):
            onUserSignal?(signal)
        default:
            break
        }
    }

    /// Runs what was due when the turn started; work scheduled meanwhile waits for the next
    /// turn (poll returns at once), so input is never starved.
    private func runDueWork() {
        let now = Self.now()
        let mark = shared.withLock { $0.timers.sequenceMark }
        while let action = shared.withLock({ $0.timers.popDue(now: now, before: mark) }) {
            action()
        }
    }

    @discardableResult
    private func drain(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n > 0 { result += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return result
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Milliseconds for `poll`, rounded up so the loop never wakes just before a deadline.
    static func pollTimeout(from now: UInt64, to deadline: UInt64) -> Int32 {
        guard deadline > now else { return 0 }
        let ms = (deadline - now + 999_999) / 1_000_000
        return Int32(min(ms, UInt64(Int32.max)))
    }
}

/// The terminal type of the headless loop, which has none.
private final class NoTerminal: TerminalBackend {
    var size: Size { Size(columns: 0, rows: 0) }
    var inputFD: Int32 { -1 }
    var pendingInputTimeoutNanoseconds: UInt64? { nil }
    var isInputClosed: Bool { true }
    func readInput() -> [InputEvent] { [] }
    func flushPendingInput() -> [InputEvent] { [] }
    func handleResize() -> Size { size }
    func present() {}
    func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int { 0 }
    func fill(row: Int, column: Int, width: Int, style: Style) {}
    func clear() {}
}
