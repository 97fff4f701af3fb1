import CNcurses
import CTerminalGuard
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TerminalText
import TerminalUI

/// The real terminal: ncursesw on `/dev/tty` (so stdin and stdout may be pipes).
///
/// ncurses sets the terminal up (terminfo, tty modes, the alternate screen) and gives it back
/// (`endwin`, Ctrl-Z). Frames do not go through its `doupdate`: `draw`/`fill`/`clear` are
/// recorded per row (`RowCache`), and `present()` hands only the rows whose calls changed to
/// `ScreenWriter`, which keeps what the terminal shows cell by cell and sends just the cells
/// that differ, with terminfo's sequences, in one `write()`. When whole rows moved, it scrolls
/// them with the terminal's scroll region (csr + ind/ri), as `less` does. Input does not go
/// through ncurses either: the tty is read directly, in non-blocking batches, and decoded by
/// `InputDecoder`, so a paste is absorbed in one turn. The tty is in raw mode: Ctrl-C, Ctrl-\
/// and Ctrl-Z arrive as keys, which `MainLoop` turns into what their signals would do, and
/// Ctrl-S/Ctrl-Q do not stop and start output. While the terminal is open, mouse
/// reporting (SGR, `?1000h?1006h`, unless opened with `mouse: false`) and bracketed paste
/// (`?2004h`) are on.
///
/// Call `restore()` before exiting; `TerminalGuard` restores the terminal anyway on crashes,
/// signals and `exit`.
public final class CursesTerminal: TerminalBackend {
    /// Bytes that turn on click and wheel reporting in the SGR encoding.
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1000l\u{1B}[?1006l"
    /// Bytes that turn bracketed paste on and off.
    static let pasteOn = "\u{1B}[?2004h"
    static let pasteOff = "\u{1B}[?2004l"
    /// What every modern terminal emulator understands: the stand-in for a TERM that has no
    /// terminfo entry on this machine.
    public static let fallbackTerm = "xterm-256color"
    /// The most bytes one `readInput()` takes, so one turn stays short under a flood.
    public static let readLimit = 64 * 1024

    public private(set) var size: Size
    public let inputFD: Int32
    public private(set) var isInputClosed = false
    /// Whether text goes out as UTF-8 (the character type in force is UTF-8). When it does not,
    /// every non-ASCII character is drawn as `?`, one per column it would take.
    public let isUnicode: Bool
    /// The TERM the environment named, when it had no terminfo entry and the terminal runs as
    /// `fallbackTerm` instead (printable characters only); nil when TERM was used as it is.
    public let substitutedTerm: String?
    private let outputFD: Int32
    private let file: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let useColors: Bool
    private let usesMouse: Bool
    /// Whether the terminal has an alternate screen (terminfo smcup): without one the last
    /// frame stays, and restoring must leave a clean last line for the shell's prompt.
    private let hasAlternateScreen: Bool
    private var decoder: InputDecoder
    private var isRestored = false
    private let codes: TerminalCodes
    /// The frame's calls per row and the writer that turns them into bytes.
    private var frame: FrameRecorder
    /// The next `present()` starts by clearing the screen (first frame, resize, Ctrl-L, resume).
    private var needsClear = true
    /// Texts drawn lately, sanitised and measured (see `prepare`).
    private var preparedTexts: [ByteString: SanitizedText] = [:]
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readLimit, alignment: 1)

    private init(screen: OpaquePointer, file: UnsafeMutablePointer<FILE>, outputFD: Int32, inputFD: Int32,
                 colors: Bool, mouse: Bool, unicode: Bool, substitutedTerm: String?, escapeDelay: UInt64,
                 codes: TerminalCodes) {
        self.screen = screen
        self.file = file
        self.outputFD = outputFD
        self.inputFD = inputFD
        self.useColors = colors
        self.usesMouse = mouse
        self.isUnicode = unicode
        self.substitutedTerm = substitutedTerm
        self.codes = codes
        hasAlternateScreen = pf_cap("smcup") != nil
        decoder = InputDecoder(x10Mouse: mouse, escapeDelayNanoseconds: escapeDelay)
        let size = Size(columns: Int(pf_cols()), rows: Int(pf_lines()))
        self.size = size
        frame = FrameRecorder(writer: Self.makeWriter(size: size, codes: codes, colors: colors),
                              rows: size.rows, columns: size.columns)
    }

    private static func makeWriter(size: Size, codes: TerminalCodes, colors: Bool) -> ScreenWriter {
        ScreenWriter(rows: size.rows, columns: size.columns, codes: codes, usesColors: colors,
                     libcWidth: { Int(pf_wcwidth($0)) })
    }

    deinit {
        restore()
        readBuffer.deallocate()
    }

    /// Opens the terminal, or explains in one line why it cannot.
    ///
    /// Never lets ncurses print or exit: TERM is checked against terminfo first. A TERM with no
    /// entry on this machine (a modern terminal's, over ssh) runs as `fallbackTerm`, and
    /// `substitutedTerm` says so; `dumb` and terminals that cannot address the cursor are
    /// refused. The size comes from the terminal itself, never from exported `COLUMNS`/`LINES`.
    /// `ESCDELAY` (milliseconds) sets how long a lone Esc waits, as in ncurses.
    public static func open(
        ttyPath: String = "/dev/tty", colors: Bool = true, mouse: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> CursesTerminal {
        let unicode = TerminalLocale.configure(environment: environment)
        guard let requested = environment["TERM"], !requested.isEmpty else { throw .termUnset }
        if requested == "dumb" { throw .termUnsupported(requested) }

        let fd = Glibc.open(ttyPath, O_RDWR | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENXIO || code == ENODEV || (code == ENOENT && ttyPath == "/dev/tty") { throw .noTerminal }
            throw .cannotOpen(path: ttyPath, reason: String(cString: strerror(code)))
        }
        guard isatty(fd) != 0 else {
            close(fd)
            throw .cannotOpen(path: ttyPath, reason: "not a terminal")
        }
        var term = requested
        var substituted: String?
        // A name with a slash or a control character is no terminfo name: never hand it to ncurses.
        let plausible = requested.utf8.count <= 128 && requested.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }
        switch plausible ? pf_check_term(requested, fd) : 0 {
        case 1: break
        case -2: close(fd); throw .termUnsupported(requested)
        case -1: close(fd); throw .termUnknown(printable(requested))
        default:
            guard pf_check_term(fallbackTerm, fd) == 1 else { close(fd); throw .termUnknown(printable(requested)) }
            term = fallbackTerm
            substituted = printable(requested)
        }
        let inFD = Glibc.open(ttyPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if inFD < 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotOpen(path: ttyPath, reason: reason)
        }
        // Before newterm, so ncurses sees our handlers and installs none of its own.
        TerminalGuard.arm(ttyFD: fd)
        _ = TerminalGuard.signalPipe()

        guard let file = fdopen(fd, "r+") else {
            close(fd); close(inFD)
            TerminalGuard.disarm()
            throw .cannotOpen(path: ttyPath, reason: "fdopen failed")
        }
        // The size from the terminal (TIOCGWINSZ), not from COLUMNS/LINES a shell exported:
        // use_env(false) alone would take terminfo's fixed size instead.
        use_env(false)
        use_tioctl(true)
        guard let screen = newterm(term, file, file) else {
            fclose(file); close(inFD)
            TerminalGuard.disarm()
            throw .cursesFailed(term)
        }
        set_term(screen)
        guard let codes = TerminalCodes.terminfo(environment: environment) else {
            endwin(); delscreen(screen); fclose(file); close(inFD)
            TerminalGuard.disarm()
            throw .termUnsupported(term)
        }
        let terminal = CursesTerminal(
            screen: screen, file: file, outputFD: fd, inputFD: inFD,
            colors: colors && codes.foreground != nil, mouse: mouse, unicode: unicode,
            substitutedTerm: substituted, escapeDelay: InputDecoder.escapeDelay(environment: environment),
            codes: codes)
        terminal.configure()
        return terminal
    }

    /// `text` with every character outside printable ASCII as `?`, for messages that quote it.
    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.prefix(64).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }

    /// The modes the app turns on with raw bytes, and off again on every way out (restore,
    /// Ctrl-Z, the emergency restore's fixed string turns off all of them).
    private var modesOn: String { (usesMouse ? Self.mouseOn : "") + Self.pasteOn }
    private var modesOff: String { (usesMouse ? Self.mouseOff : "") + Self.pasteOff }

    private func configure() {
        // Each call changes the tty or what ncurses sends; keys never go through ncurses
        // (InputDecoder reads the tty), so no call here configures ncurses' own key reading.
        let window = pf_stdscr()
        // tty: keys arrive at once, and as keys: no signals (ISIG off: Ctrl-C reaches the app
        // alone, not the shell around it; MainLoop.signalKeys acts on Ctrl-C, Ctrl-\ and
        // Ctrl-Z) and no flow control (IXON off: Ctrl-S does not freeze the screen), as fzf does.
        raw()
        noecho()  // tty: typed keys are not echoed over the frame
        nonl()  // tty: Enter stays \r (no ICRNL), which InputDecoder reads as Enter
        keypad(window, true)  // smkx: arrows in application mode, which InputDecoder reads too
        typeahead(-1)  // ncurses' own updates (start, Ctrl-Z resume) never stop for waiting input
        curs_set(0)  // civis: the cursor is hidden while the app runs
        leaveok(window, true)  // ncurses' own updates leave the hidden cursor where it is
        // newterm has entered the alternate screen; the first present() clears it. (No
        // endwin/doupdate round: ncurses draws no frame, and each round drains the tty.)
        writeRaw(modesOn)
        TerminalGuard.wrapSuspend(suspend: modesOff, resume: modesOn)
    }

    /// Gives the terminal back, once: mouse reporting and bracketed paste off, ncurses ended
    /// (normal screen, saved modes), cursor visible, and input the app has not read discarded,
    /// so nothing typed or pasted into it reaches the shell. A terminal without an alternate
    /// screen keeps the last frame, as `less` leaves it: the cursor goes to the start of a
    /// cleared last line, where the shell's prompt comes. Safe to call more than once; later
    /// calls do nothing.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        var bytes = modesOff
        if !hasAlternateScreen, size.rows > 0 {
            bytes += String(decoding: codes.resetAttributes + codes.cursorAddress(size.rows - 1, 0) + (codes.clearToEndOfLine ?? []), as: UTF8.self)
        }
        writeRaw(bytes)
        endwin()
        writeRaw("\u{1B}[?25h")
        tcflush(inputFD, TCIFLUSH)
        TerminalGuard.disarm()
    }

    /// Hands the terminal to another program for the time `body` runs, as `less` does for `v`:
    /// mouse reporting and bracketed paste off, the normal screen and the tty modes the shell
    /// had (cooked: echo, line editing, signals), cursor visible. `body` gets the terminal's file
    /// descriptor (for the program's stdin, stdout and stderr). Afterwards the app's tty modes
    /// are set again whatever the program changed, the alternate screen and the modes come
    /// back, and the next `present()` repaints everything; the caller asks for the size again
    /// (`handleResize()`), which may have changed meanwhile.
    public func runOutside<R>(_ body: (_ terminalFD: Int32) -> R) -> R {
        writeRaw(modesOff)
        def_prog_mode()
        endwin()
        writeRaw("\u{1B}[?25h")
        let result = body(outputFD)
        reset_prog_mode()
        // Out of endwin: ncurses puts its terminal set-up back (the alternate screen, keypad
        // mode) and clears the screen.
        doupdate()
        curs_set(0)
        writeRaw(modesOn)
        invalidate()
        return result
    }

    private func writeRaw(_ string: String) {
        fflush(file)
        writeAll(outputFD, string)
    }

    // MARK: Input

    public func readInput() -> [InputEvent] {
        var total = 0
        var events: [InputEvent] = []
        while total < Self.readLimit {
            let room = Self.readLimit - total
            let n = read(inputFD, readBuffer.baseAddress! + total, room)
            if n > 0 {
                total += n
                // Less than asked for: the tty had no more just now (no second read to hear EAGAIN).
                if n < room { break }
            } else if n == 0 {
                isInputClosed = true
                break
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN && errno != EWOULDBLOCK { isInputClosed = true }
                break
            }
        }
        if total > 0 { events = decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<total])) }
        return events
    }

    public var pendingInputTimeoutNanoseconds: UInt64? { decoder.pendingTimeoutNanoseconds }

    public func flushPendingInput() -> [InputEvent] { decoder.flushPending() }

    public func handleResize() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        if pf_get_winsize(outputFD, &rows, &cols) == 0, rows > 0, cols > 0 {
            resizeterm(rows, cols)
        }
        size = Size(columns: Int(pf_cols()), rows: Int(pf_lines()))
        frame = FrameRecorder(writer: Self.makeWriter(size: size, codes: codes, colors: useColors),
                              rows: size.rows, columns: size.columns)
        needsClear = true
        return size
    }

    // MARK: Output

    /// Sends the frame: rows drawn with the same calls as last time are skipped, rows that
    /// moved are scrolled rather than redrawn (see `RowCache`), and of the rest only the cells
    /// that changed go out (see `ScreenWriter`), in one `write()`.
    public func present() {
        if needsClear {
            frame.writer.clear()
            needsClear = false
        }
        frame.present(canScroll: codes.canScroll) { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = pf_write_all(outputFD, $0.baseAddress, $0.count) }
        }
    }

    /// Rings the terminal's bell (BEL): the terminal beeps, flashes or marks its window, as the
    /// user set it up.
    public func bell() {
        writeRaw("\u{07}")
    }

    /// Makes the next `present()` repaint everything (for Ctrl-L, or after other output).
    public func invalidate() {
        needsClear = true
        frame.forgetShown()
    }

    public func clear() {
        frame.clear()
    }

    public func fill(row: Int, column: Int, width: Int, style: Style) {
        frame.fill(row: row, column: column, width: width, style: style)
    }

    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        return draw(prepare(text), row: row, column: column, style: style, maxWidth: maxWidth)
    }

    @discardableResult
    public func draw(_ text: SanitizedText, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        guard text.runs.isEmpty else {
            return text.drawRuns(over: style, maxWidth: maxWidth) { run, offset, runStyle, limit in
                draw(run, row: row, column: column + offset, style: runStyle, maxWidth: limit)
            }
        }
        let shown = isUnicode || TextWidth.isPrintableASCII(text.text) ? text : Self.asciiOnly(text)
        return frame.text(shown.text, width: text.width, row: row, column: column, style: style, maxWidth: maxWidth) ?? 0
    }

    /// `text` for a terminal that is not UTF-8: each non-ASCII character becomes `?`, once per
    /// column it takes, so nothing reaches the terminal as bytes it would misread, and the
    /// layout measured for the text still holds.
    static func asciiOnly(_ text: SanitizedText) -> SanitizedText {
        var result = ""
        for character in text.text {
            if character.isASCII {
                result.append(character)
            } else if character == "…" {
                result.append(".")  // the ellipsis of a cut text still reads as one
            } else {
                result += String(repeating: "?", count: max(1, TextWidth.of(character)))
            }
        }
        return SanitizedText(checked: result, width: TextWidth.of(result))
    }

    /// `text` sanitised and measured, from `preparedTexts` when it was drawn lately (a
    /// scrolled list draws the same texts again, one row over).
    private func prepare(_ text: String) -> SanitizedText {
        // Printable ASCII is safe as it is and one column a byte: checking is cheaper than
        // looking it up.
        if TextWidth.isPrintableASCII(text) { return SanitizedText(checked: text, width: text.utf8.count) }
        let key = ByteString(text: text)
        if let known = preparedTexts[key] { return known }
        let prepared = SanitizedText(text)
        if preparedTexts.count >= 512 { preparedTexts.removeAll(keepingCapacity: true) }
        preparedTexts[key] = prepared
        return prepared
    }
}
