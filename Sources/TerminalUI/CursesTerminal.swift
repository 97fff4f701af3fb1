import CNcurses
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The real terminal: ncursesw on `/dev/tty` (so stdin and stdout may be pipes).
///
/// ncurses sets the terminal up (terminfo, tty modes, the alternate screen) and gives it back
/// (`endwin`, Ctrl-Z). Frames do not go through its `doupdate`: `draw`/`fill`/`clear` are
/// recorded per row (`RowCache`), and `present()` hands only the rows whose calls changed to
/// `ScreenWriter`, which keeps what the terminal shows cell by cell and sends just the cells
/// that differ, with terminfo's sequences, in one `write()`. When whole rows moved, it scrolls
/// them with the terminal's scroll region (csr + ind/ri), as `less` does. (ncurses' refresh
/// cost ~20 K instructions per row sent and copied every scrolled row three times; the
/// writer sends the same bytes for a fraction.) Input does not go through ncurses either: the
/// tty is read directly, in non-blocking batches, and decoded by `InputDecoder`, so a paste is
/// absorbed in one turn. Mouse reporting (SGR, `?1000h?1006h`) is on while the terminal is open.
///
/// Call `restore()` before exiting; `TerminalGuard` restores the terminal anyway on crashes,
/// signals and `exit`.
public final class CursesTerminal: TerminalBackend {
    /// Bytes that turn on click and wheel reporting in the SGR encoding.
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1000l\u{1B}[?1006l"
    /// The most bytes one `readInput()` takes, so one turn stays short under a flood.
    public static let readLimit = 64 * 1024

    public private(set) var size: Size
    public let inputFD: Int32
    public private(set) var isInputClosed = false
    private let outputFD: Int32
    private let file: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let useColors: Bool
    private var decoder = InputDecoder()
    private var isRestored = false
    private var rowCache: RowCache
    private let codes: TerminalCodes
    private var writer: ScreenWriter
    /// The next `present()` starts by clearing the screen (first frame, resize, Ctrl-L, resume).
    private var needsClear = true
    /// Texts drawn lately, sanitised and measured (see `prepare`).
    private var preparedTexts: [ByteString: SanitizedText] = [:]
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readLimit, alignment: 1)

    private init(screen: OpaquePointer, file: UnsafeMutablePointer<FILE>, outputFD: Int32, inputFD: Int32, colors: Bool, codes: TerminalCodes) {
        self.screen = screen
        self.file = file
        self.outputFD = outputFD
        self.inputFD = inputFD
        self.useColors = colors
        self.codes = codes
        let size = Size(columns: Int(pf_cols()), rows: Int(pf_lines()))
        self.size = size
        rowCache = RowCache(rows: size.rows, columns: size.columns)
        writer = Self.makeWriter(size: size, codes: codes, colors: colors)
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
    /// Never lets ncurses print or exit: TERM is checked against terminfo first.
    public static func open(ttyPath: String = "/dev/tty", colors: Bool) throws(TerminalError) -> CursesTerminal {
        setlocale(LC_CTYPE, "")  // what wide-character widths need; LC_ALL would load ten more files
        guard let term = ProcessInfo.processInfo.environment["TERM"], !term.isEmpty else { throw .termUnset }
        if term == "dumb" { throw .termUnsupported(term) }

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
        switch pf_check_term(term, fd) {
        case 1: break
        case -2: close(fd); throw .termUnsupported(term)
        default: close(fd); throw .termUnknown(term)
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
        guard let screen = newterm(term, file, file) else {
            fclose(file); close(inFD)
            TerminalGuard.disarm()
            throw .cursesFailed(term)
        }
        set_term(screen)
        guard let codes = TerminalCodes.terminfo() else {
            endwin(); delscreen(screen); fclose(file); close(inFD)
            TerminalGuard.disarm()
            throw .termUnsupported(term)
        }
        let terminal = CursesTerminal(screen: screen, file: file, outputFD: fd, inputFD: inFD,
                                      colors: colors && codes.foreground != nil, codes: codes)
        terminal.configure()
        return terminal
    }

    private func configure() {
        let window = pf_stdscr()
        set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        typeahead(-1)  // ncurses' own updates (start, Ctrl-Z resume) never stop for waiting input
        curs_set(0)
        leaveok(window, true)
        // newterm has entered the alternate screen; the first present() clears it. (No
        // endwin/doupdate round: ncurses draws no frame, and each round drains the tty.)
        writeRaw(Self.mouseOn)
        TerminalGuard.wrapSuspend(suspend: Self.mouseOff, resume: Self.mouseOn)
    }

    /// Gives the terminal back: mouse off, ncurses ended (normal screen, saved modes), cursor
    /// visible. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        writeRaw(Self.mouseOff)
        endwin()
        writeRaw("\u{1B}[?25h")
        TerminalGuard.disarm()
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

    public var hasPendingInput: Bool { decoder.hasPending }

    public func flushPendingInput() -> [InputEvent] { decoder.flushPending() }

    public func handleResize() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        if pf_get_winsize(outputFD, &rows, &cols) == 0, rows > 0, cols > 0 {
            resizeterm(rows, cols)
        }
        size = Size(columns: Int(pf_cols()), rows: Int(pf_lines()))
        rowCache = RowCache(rows: size.rows, columns: size.columns)
        writer = Self.makeWriter(size: size, codes: codes, colors: useColors)
        needsClear = true
        return size
    }

    // MARK: Output

    /// Sends the frame: rows drawn with the same calls as last time are skipped, rows that
    /// moved are scrolled rather than redrawn (see `RowCache`), and of the rest only the cells
    /// that changed go out (see `ScreenWriter`), in one `write()`.
    public func present() {
        if needsClear {
            writer.clear()
            needsClear = false
        }
        if codes.canScroll, let scroll = rowCache.bestScroll(), writer.scroll(scroll) {
            rowCache.didScroll(scroll)
        }
        for (row, ops) in rowCache.takeChangedRows() {
            writer.draw(row: row, ops: ops)
        }
        writer.sendOutput { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = pf_write_all(outputFD, $0.baseAddress, $0.count) }
        }
    }

    /// Makes the next `present()` repaint everything (for Ctrl-L, or after other output).
    public func invalidate() {
        needsClear = true
        rowCache.forgetShown()
    }

    public func clear() {
        rowCache.clearAll()
    }

    public func fill(row: Int, column: Int, width: Int, style: Style) {
        guard row >= 0, row < size.rows else { return }
        let start = max(0, column)
        let end = min(size.columns, column + width)
        guard start < end else { return }
        rowCache.record(.fill(column: start, width: end - start, style: style), row: row)
    }

    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        return draw(prepare(text), row: row, column: column, style: style, maxWidth: maxWidth)
    }

    @discardableResult
    public func draw(_ text: SanitizedText, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        var limit = size.columns - column
        if let maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return 0 }
        rowCache.record(.text(text.text, column: column, style: style, limit: limit), row: row)
        return min(text.width, limit)
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
