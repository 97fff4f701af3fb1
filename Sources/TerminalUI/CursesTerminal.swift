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
/// Output goes through ncurses: `draw`/`fill`/`clear` are recorded per row (`RowCache`) and
/// `present()` hands ncurses only the rows that changed, which it sends as a difference
/// (`wnoutrefresh` + `doupdate`, one `write()`; two when the frame scrolled). When whole rows moved, `present()` scrolls the
/// terminal itself (scroll region + index, `pf_scroll_terminal`) and tells ncurses so, instead
/// of letting ncurses find the scroll by comparing every row (`idlok`, kept only for terminals
/// without those capabilities). Input does not go through ncurses: the tty is read directly, in
/// non-blocking batches, and decoded by `InputDecoder`, so a paste is absorbed in one turn.
/// Mouse reporting (SGR, `?1000h?1006h`) is on while the terminal is open.
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
    private var colorPairs: [ColorPairKey: Int16] = [:]
    private var isRestored = false
    private var rowCache: RowCache
    /// Whether `present()` scrolls the terminal itself (`pf_scroll_terminal`) rather than leave
    /// ncurses to find the scroll by comparing every moved row (it needs csr, cup, sc/rc, ind/ri
    /// and sgr0).
    private lazy var scrollsTerminal = pf_can_scroll_terminal() != 0
    /// Texts drawn lately, sanitised and measured (see `prepare`).
    private var preparedTexts: [ByteString: (safe: String, width: Int)] = [:]
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readLimit, alignment: 1)

    private struct ColorPairKey: Hashable {
        var foreground: Color
        var background: Color
    }

    private init(screen: OpaquePointer, file: UnsafeMutablePointer<FILE>, outputFD: Int32, inputFD: Int32, colors: Bool) {
        self.screen = screen
        self.file = file
        self.outputFD = outputFD
        self.inputFD = inputFD
        self.useColors = colors
        self.size = Size(columns: Int(pf_cols()), rows: Int(pf_lines()))
        rowCache = RowCache(rows: size.rows, columns: size.columns)
    }

    deinit {
        restore()
        readBuffer.deallocate()
    }

    /// Opens the terminal, or explains in one line why it cannot.
    ///
    /// Never lets ncurses print or exit: TERM is checked against terminfo first.
    public static func open(ttyPath: String = "/dev/tty", colors: Bool) throws(TerminalError) -> CursesTerminal {
        setlocale(LC_ALL, "")
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
        let terminal = CursesTerminal(screen: screen, file: file, outputFD: fd, inputFD: inFD, colors: colors && has_colors())
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
        typeahead(-1)  // never abandon an update because input is waiting
        curs_set(0)
        leaveok(window, true)  // no cursor-positioning bytes after each update
        // Scrolling is ours when the terminal allows it (`pf_scroll_terminal`); ncurses' own
        // detection would compare every row of every frame, and misread the rows we moved.
        idlok(window, !scrollsTerminal)
        scrollok(window, false)  // writing the bottom-right cell must not scroll the screen
        // Until a screen has been through endwin and back, ncurses takes it for a bare terminfo
        // user and flushes its output at every cursor move: a frame went out as one write()
        // per row. Going through it once here (before colours, so no palette reset is sent)
        // makes a frame one write().
        endwin()
        doupdate()
        if useColors {
            start_color()
            use_default_colors()
        }
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
            let n = read(inputFD, readBuffer.baseAddress! + total, Self.readLimit - total)
            if n > 0 {
                total += n
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
        return size
    }

    // MARK: Output

    /// Sends the frame: rows drawn with the same calls as last time are skipped, and rows
    /// that moved are scrolled rather than redrawn (see `RowCache`); ncurses then sends the
    /// difference.
    public func present() {
        let window = pf_stdscr()
        if let scroll = rowCache.bestScroll() {
            wsetscrreg(window, Int32(scroll.top), Int32(scroll.bottom))
            scrollok(window, true)
            wscrl(window, Int32(scroll.lines))
            scrollok(window, false)
            wsetscrreg(window, 0, Int32(size.rows - 1))
            // The moved rows then already match what the terminal shows: only the rows
            // scrolled in (drawn below) are left for doupdate to compare and send.
            if scrollsTerminal,
               pf_scroll_terminal(outputFD, Int32(scroll.top), Int32(scroll.bottom), Int32(scroll.lines), Int32(size.rows)) == 0 {
                wtouchln(window, Int32(scroll.top), Int32(scroll.bottom - scroll.top + 1), 0)
            }
            rowCache.didScroll(scroll)
        }
        for (row, ops) in rowCache.takeChangedRows() {
            for op in ops {
                switch op {
                case .fill(let column, let width, let style):
                    applyFill(row: row, column: column, width: width, style: style)
                case .text(let text, let column, let style, let limit):
                    applyText(text, row: row, column: column, style: style, limit: limit)
                }
            }
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Makes the next `present()` repaint everything (for Ctrl-L, or after other output).
    public func invalidate() {
        clearok(pf_curscr(), true)
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

    private func applyFill(row: Int, column: Int, width: Int, style: Style) {
        var cell = makeCell(" ".unicodeScalars, style: style)
        mvwhline_set(pf_stdscr(), Int32(row), Int32(column), &cell, Int32(width))
    }

    @discardableResult
    public func draw(_ text: String, row: Int, column: Int, style: Style, maxWidth: Int?) -> Int {
        guard row >= 0, row < size.rows, column < size.columns else { return 0 }
        var limit = size.columns - column
        if let maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return 0 }
        let prepared = prepare(text)
        rowCache.record(.text(prepared.safe, column: column, style: style, limit: limit), row: row)
        return min(prepared.width, limit)
    }

    /// `text` sanitised and its width, from `preparedTexts` when it was drawn lately (a
    /// scrolled list draws the same texts again, one row over).
    private func prepare(_ text: String) -> (safe: String, width: Int) {
        let key = ByteString(text: text)
        if let known = preparedTexts[key] { return known }
        let safe = TextSanitizer.sanitize(text)
        let prepared = (safe, TextWidth.of(safe))
        if preparedTexts.count >= 512 { preparedTexts.removeAll(keepingCapacity: true) }
        preparedTexts[key] = prepared
        return prepared
    }

    /// Draws sanitised text. The cells are built here and handed to ncurses in one
    /// `wadd_wchnstr` call: no per-character ncurses call and no allocation.
    @discardableResult
    private func applyText(_ safe: String, row: Int, column: Int, style: Style, limit: Int) -> Int {
        let blank = makeCell(" ".unicodeScalars, attrs: attributes(style), pair: pair(for: style))
        // Every drawn column takes at most one cell, so `limit` cells always suffice.
        return withUnsafeTemporaryAllocation(of: cchar_t.self, capacity: limit) { buffer in
            var cells = CellBuffer(base: buffer.baseAddress!)
            var used = 0
            if TextWidth.isPrintableASCII(safe) {
                var text = safe
                text.withUTF8 { bytes in
                    for byte in bytes {
                        if used == limit { break }
                        if column + used >= 0 { cells.append(Self.cell(blank, byte: byte)) }
                        used += 1
                    }
                }
            } else {
                used = Self.appendCells(of: safe, column: column, limit: limit, blank: blank, to: &cells)
            }
            if cells.count > 0 {
                _ = mvwadd_wchnstr(pf_stdscr(), Int32(row), Int32(max(0, column)), cells.base, Int32(cells.count))
            }
            return used
        }
    }

    /// Cells collected on the stack for one `draw`.
    private struct CellBuffer {
        let base: UnsafeMutablePointer<cchar_t>
        var count = 0
        mutating func append(_ cell: cchar_t) {
            base[count] = cell
            count += 1
        }
    }

    /// Appends the cells of `text` (already sanitised) from `column`, at most `limit` columns;
    /// returns the columns used.
    private static func appendCells(of text: String, column: Int, limit: Int, blank: cchar_t, to cells: inout CellBuffer) -> Int {
        var used = 0
        if TextWidth.scalarsAreCharacters(text) {
            for scalar in text.unicodeScalars {
                let width = TextWidth.of(scalar)
                if width == 0 { continue }
                if used + width > limit {
                    for c in used..<limit where column + c >= 0 { cells.append(blank) }
                    return limit
                }
                if width == 1, scalar.isASCII {
                    if column + used >= 0 { cells.append(Self.cell(blank, byte: UInt8(scalar.value))) }
                } else {
                    appendCells(for: CollectionOfOne(scalar), width: width, at: column + used, blank: blank, to: &cells)
                }
                used += width
            }
            return used
        }
        for ch in text {
            let utf8 = ch.utf8
            if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
                if used + 1 > limit { break }
                if column + used >= 0 { cells.append(Self.cell(blank, byte: byte)) }
                used += 1
                continue
            }
            let width = TextWidth.of(ch)
            if width == 0 { continue }
            if used + width > limit {
                for c in used..<limit where column + c >= 0 { cells.append(blank) }
                used = limit
                break
            }
            appendCells(for: ch.unicodeScalars, width: width, at: column + used, blank: blank, to: &cells)
            used += width
        }
        return used
    }

    private static func cell(_ template: cchar_t, byte: UInt8) -> cchar_t {
        var cell = template
        cell.chars.0 = wchar_t(byte)
        return cell
    }

    /// Appends the cells of one non-ASCII character so that it takes exactly `width` columns,
    /// whatever the C library's `wcwidth` (which ncurses uses) thinks of it. Columns left of
    /// the screen are dropped (a wide character cut there leaves a blank).
    private static func appendCells(
        for scalars: some Collection<Unicode.Scalar>, width: Int, at column: Int, blank: cchar_t, to cells: inout CellBuffer
    ) {
        if column < 0 {
            for c in column..<(column + width) where c >= 0 { cells.append(blank) }
            return
        }
        let libcWidth = Int(pf_wcwidth(scalars.first!.value))
        var cell = blank
        var padding = 0
        if libcWidth == width || (libcWidth == 1 && width == 2) {
            let maxCount = Int(pf_ccharw_max())
            withUnsafeMutableBytes(of: &cell.chars) { raw in
                let chars = raw.bindMemory(to: wchar_t.self)
                var count = 0
                for s in scalars {
                    if count > 0, !Self.joinsEverywhere(s) { break }
                    chars[count] = wchar_t(bitPattern: s.value)
                    count += 1
                    if count == maxCount { break }
                }
                for i in count..<maxCount { chars[i] = 0 }
            }
            padding = width - libcWidth
        } else {
            cell.chars.0 = 0xFFFD
            padding = width - 1
        }
        cells.append(cell)
        for _ in 0..<padding { cells.append(blank) }
    }

    /// Whether a scalar that follows a character's first scalar stays in its cell on every
    /// terminal: combining marks and variation selectors do. Zero-width joiners, skin-tone
    /// modifiers and the second half of a flag do not: terminals without emoji sequences
    /// (tmux, xterm) draw what follows them as extra wide cells and push the row past the
    /// edge, so a family emoji is drawn as its first person and a flag as its first letter.
    static func joinsEverywhere(_ scalar: Unicode.Scalar) -> Bool {
        if (0xFE00...0xFE0F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return !scalar.properties.isEmojiModifier
        default: return false
        }
    }

    private func makeCell(_ scalars: some Collection<Unicode.Scalar>, style: Style) -> cchar_t {
        makeCell(scalars, attrs: attributes(style), pair: pair(for: style))
    }

    /// A cell of at most `CCHARW_MAX` scalars, built on the stack (this runs per drawn cell).
    private func makeCell(_ scalars: some Collection<Unicode.Scalar>, attrs: attr_t, pair: Int16) -> cchar_t {
        let maxCount = Int(pf_ccharw_max())
        return withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: maxCount) { chars in
            var count = 0
            for s in scalars {
                chars[count] = wchar_t(bitPattern: s.value)
                count += 1
                if count == maxCount { break }
            }
            while count > 1, chars[count - 1] == 0x200D { count -= 1 }  // never end on a joiner
            var cell = cchar_t()
            _ = pf_setcchar(&cell, chars.baseAddress!, Int32(count), attrs, pair)
            return cell
        }
    }

    private func attributes(_ style: Style) -> attr_t {
        var a = pf_a_normal()
        if style.reverse { a |= pf_a_reverse() }
        if style.bold { a |= pf_a_bold() }
        if style.dim { a |= pf_a_dim() }
        if style.underline { a |= pf_a_underline() }
        return a
    }

    private func pair(for style: Style) -> Int16 {
        guard useColors, style.foreground != .default || style.background != .default else { return 0 }
        let key = ColorPairKey(foreground: style.foreground, background: style.background)
        if let pair = colorPairs[key] { return pair }
        let next = colorPairs.count + 1
        guard next < Int(pf_color_pairs()), next <= Int(Int16.max) else { return 0 }
        init_pair(Int16(next), Self.cursesColor(style.foreground), Self.cursesColor(style.background))
        colorPairs[key] = Int16(next)
        return Int16(next)
    }

    private static func cursesColor(_ color: Color) -> Int16 {
        switch color {
        case .default: -1
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }
}
