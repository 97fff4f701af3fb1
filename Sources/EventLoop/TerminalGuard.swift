import Synchronization
import CTerminalGuard
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// Process-wide terminal safety: whatever happens, the user gets their terminal back.
///
/// - `arm(ttyFD:)` saves the tty's termios (before curses changes it) and prepares a fixed byte
///   string (`restoreSequence`). A crash (SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, as from a
///   Swift `fatalError` or bounds check, which do not unwind) runs a C handler that only calls
///   `tcsetattr` and `write` (async-signal-safe), then hands the signal on to the previous
///   handler or the default action. The same restore runs from `atexit` if the app exits
///   without calling `CursesTerminal.restore()`.
/// - `signalPipe()` forwards SIGINT, SIGTERM, SIGHUP and SIGWINCH to a self-pipe that
///   `MainLoop` polls: the loop stops with `exitCode(for:)` (130, 143, 129) or resizes.
public enum TerminalGuard {
    /// Mouse reporting and bracketed paste off, attributes reset, cursor visible, keypad mode
    /// off, normal screen.
    public static let restoreSequence = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[?1049l"

    /// The signals that stop the loop.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The signals an app may ask for as events (`forwardUserSignals()`, `MainLoop.onUserSignal`):
    /// SIGUSR1, for "refresh now" from a script.
    public static let userSignals: [Int32] = [SIGUSR1]

    /// The signals after which only the emergency restore can run.
    /// SIGQUIT is one too: sent with `kill`, it still quits and dumps core, with the terminal
    /// restored (Ctrl-\ is read as a key: `MainLoop.signalKeys`).
    public static let fatalSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGQUIT]

    /// The conventional exit status for dying of `signal`: 128 + its number.
    public static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

    private static let state = Mutex(State())

    private struct State {
        var fatalHandlersInstalled = false
        var pipe: (read: Int32, write: Int32)?
    }

    /// Saves `ttyFD`'s current termios for the emergency restore and installs the crash
    /// handlers and the atexit hook (once per process).
    public static func arm(ttyFD: Int32) {
        let bytes = Array(restoreSequence.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = pf_arm_restore(ttyFD, $0.baseAddress, $0.count) }
        }
        state.withLock { state in
            guard !state.fatalHandlersInstalled else { return }
            state.fatalHandlersInstalled = true
            _ = pf_ensure_alt_stack()
            for signal in fatalSignals { _ = pf_install_fatal_handler(signal) }
            _ = pf_register_atexit()
        }
    }

    /// Makes Ctrl-Z (SIGTSTP) write `suspend` to the terminal before the process stops and
    /// `resume` after it continues, around the handler in place (ncurses' own, which leaves
    /// and re-enters the screen), then send SIGCONT through the signal pipe (`signalPipe()`),
    /// so the loop draws the screen again. Call after `newterm`; only while armed.
    public static func wrapSuspend(suspend: String, resume: String) {
        let off = Array(suspend.utf8), on = Array(resume.utf8)
        let pipe = state.withLock { $0.pipe?.write } ?? -1
        off.withUnsafeBufferPointer { offBuffer in
            on.withUnsafeBufferPointer { onBuffer in
                offBuffer.withMemoryRebound(to: CChar.self) { offChars in
                    onBuffer.withMemoryRebound(to: CChar.self) { onChars in
                        _ = pf_wrap_tstp(offChars.baseAddress, offChars.count, onChars.baseAddress, onChars.count, pipe)
                    }
                }
            }
        }
    }

    /// Ctrl-Z typed as a key (the terminal sends no SIGTSTP itself): sends SIGTSTP to the
    /// process group, as the tty would, so the handler `wrapSuspend` set up leaves the screen,
    /// stops, and on `fg` comes back and has the loop repaint. Does nothing when SIGTSTP was
    /// ignored when the terminal was opened (the parent wants no suspending).
    public static func suspend() { _ = pf_suspend() }

    /// Remembers the process group of a child the app started (a command source), so that a
    /// crash or SIGQUIT kills it too; `childGroupEnded` forgets it. At most 64 at a time.
    package static func childGroupStarted(_ group: pid_t) { _ = pf_add_child_group(group) }

    package static func childGroupEnded(_ group: pid_t) { pf_remove_child_group(group) }

    /// Forwards SIGUSR1 to the signal pipe (see `signalPipe()`), from any thread, so that
    /// `MainLoop` hands it to `onUserSignal` on the loop's thread instead of the process dying
    /// of it. The handler only writes one byte (async-signal-safe). Call it from the loop's thread.
    public static func forwardUserSignals() {
        guard let _ = signalPipe() else { return }
        state.withLock { state in
            guard let pipe = state.pipe else { return }
            for signal in userSignals { _ = pf_forward_signal(signal, pipe.write) }
        }
        var set = sigset_t()
        sigemptyset(&set)
        for signal in userSignals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Gives SIGUSR1 its default disposition back (the app is leaving).
    public static func stopForwardingUserSignals() {
        for signal in userSignals { _ = pf_default_signal(signal) }
    }

    /// Turns the emergency restore off (the terminal was restored the normal way).
    public static func disarm() { pf_disarm_restore() }

    /// Whether a crash now would restore the terminal.
    public static var isArmed: Bool { pf_restore_is_armed() != 0 }

    /// The read end of the signal self-pipe (each byte is a signal number), created and
    /// wired to SIGINT, SIGTERM, SIGHUP and SIGWINCH on first use (and SIGCONT after a
    /// Ctrl-Z, see `wrapSuspend`), which also unblocks those
    /// signals on the calling thread (call it from the loop's thread). Nil if no pipe could be made.
    public static func signalPipe() -> Int32? {
        state.withLock { state in
            if let pipe = state.pipe { return pipe.read }
            var fds: [Int32] = [0, 0]
            guard pf_make_pipe(&fds) == 0 else { return nil }
            state.pipe = (fds[0], fds[1])
            for signal in terminatingSignals + [SIGWINCH] { _ = pf_forward_signal(signal, fds[1]) }
            // A parent may have started us with these signals blocked (the mask is inherited):
            // then SIGTERM and resizes would never arrive. This thread, at least, takes them.
            var set = sigset_t()
            sigemptyset(&set)
            for signal in terminatingSignals + [SIGWINCH] { sigaddset(&set, signal) }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            return fds[0]
        }
    }
}
