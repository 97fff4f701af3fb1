/// What `MainLoop` needs from a terminal: a canvas plus input, resize and present.
///
/// `CursesTerminal` is the real one; tests may implement it over a pipe to drive the loop.
public protocol TerminalBackend: Canvas {
    /// The file descriptor the loop polls for input.
    var inputFD: Int32 { get }
    /// Reads everything available without blocking and decodes it.
    func readInput() -> [InputEvent]
    /// How long an unfinished escape sequence, UTF-8 sequence or paste may wait for its next
    /// byte before `flushPendingInput()`; nil when nothing waits.
    var pendingInputTimeoutNanoseconds: UInt64? { get }
    /// Resolves the unfinished sequence (called when its timeout passed without more input).
    func flushPendingInput() -> [InputEvent]
    /// True once the input reached end of file or failed (the terminal went away).
    var isInputClosed: Bool { get }
    /// Adopts the terminal's current size (after SIGWINCH) and returns it.
    func handleResize() -> Size
    /// Sends what was drawn since the last call to the terminal.
    func present()
}
