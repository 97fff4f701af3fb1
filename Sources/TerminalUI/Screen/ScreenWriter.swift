import TerminalText


/// What the terminal shows, cell by cell, and the bytes that change it: the output half of
/// `CursesTerminal`, in pure Swift (no ncurses), so tests can read exactly what would be sent.
///
/// `draw(row:ops:)` applies a row's drawing calls to a copy of the row as shown and sends
/// only the cells that differ (a run of equal cells in between is jumped over when that is
/// shorter), clearing a blank tail with `el`; `scroll(_:)` moves rows with the terminal's own
/// scroll region, as `less` does. Bytes collect in `output` until `sendOutput(_:)`, so a frame
/// is one `write()`.
///
/// Cells in a hyperlink (`Style.link`) are written inside an OSC 8 sequence of the writer's
/// own (`Hyperlink.sequence(for:)`), on a terminal that takes them (`TerminalCodes.hyperlinks`)
/// and with colours on; the link is closed again before anything else is written, a line is
/// erased or scrolled, and at the end of each row, so no link is ever left open.
///
/// It assumes it is the only writer between `clear()`s: after anything else drew on the
/// terminal (a suspend, a resize), call `clear()`.
package struct ScreenWriter {
    /// One cell: the UTF-8 bytes of its character (at most 8, little-endian; 0 for a
    /// continuation, a column covered by the character before it) and its packed style
    /// (`PackedStyle`, whose `wide` bit marks a character followed by one continuation, or
    /// a stored one). A longer character, one over more than two columns, or an emoji
    /// sequence is kept in the writer's `ClusterStore` and its cell holds `ClusterStore.marker`
    /// and the entry's index.
    struct Cell: Equatable {
        var bytes: UInt64
        var style: UInt64

        static let blank = Cell(bytes: 0x20, style: 0)

        var isContinuation: Bool { bytes == 0 }
    }

    let rows: Int
    let columns: Int
    private let codes: TerminalCodes
    /// The colours cells are packed with.
    private let depth: ColorDepth
    /// The C library's width of a scalar: what the terminal will advance for it.
    private let libcWidth: (UInt32) -> Int
    /// Whether cells in a hyperlink are sent inside one.
    private let showsLinks: Bool
    /// The cells as the terminal shows them.
    private(set) var screen: [[Cell]]
    private(set) var output: [UInt8] = []
    /// The style the terminal draws with now, its link too; nil when its attributes and
    /// colours are unknown (it is then in no link).
    private var pen: UInt64?
    /// Where the cursor is; nil when unknown (after a scroll region change, or at the right edge).
    private var cursor: (row: Int, column: Int)?
    private var cursorAddresses: [Int: [UInt8]] = [:]
    private var scrollRegions: [Int: [UInt8]] = [:]
    private var styleCodes: [UInt64: [UInt8]] = [:]
    /// The style `pack` packed last, and its packing (rows mostly draw in one style).
    private var lastPacked: (style: Style, packed: UInt64) = (.plain, 0)
    /// The buffer `draw` builds a row in; it holds the storage of the row last replaced.
    private var scratch: [Cell] = []
    /// The characters `screen` holds that do not fit in a cell.
    private(set) var clusters = ClusterStore()
    /// The hyperlinks `screen`'s cells are in.
    private(set) var links = LinkStore()
    /// Whether each row of `screen` may hold a character that is not one column packed in its
    /// cell (`PackedStyle.wide`); rows that do not, and are drawn over with none, need no repair.
    private var wideRows: [Bool]

    package init(rows: Int, columns: Int, codes: TerminalCodes, usesColors: Bool, libcWidth: @escaping (UInt32) -> Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        self.codes = codes
        self.depth = usesColors ? codes.colorDepth : .none
        self.showsLinks = usesColors && codes.hyperlinks
        self.libcWidth = libcWidth
        screen = Array(repeating: Array(repeating: .blank, count: self.columns), count: self.rows)
        wideRows = Array(repeating: false, count: self.rows)
    }

    /// Blanks the terminal and the model (default colours).
    package mutating func clear() {
        setPen(0)
        output += codes.clearScreen
        cursor = (0, 0)
        for r in screen.indices { blankRow(r) }
    }

    /// Hands the bytes collected since the last call to `send` and starts over.
    package mutating func sendOutput(_ send: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !output.isEmpty else { return }
        output.withUnsafeBufferPointer(send)
        output.removeAll(keepingCapacity: true)
    }


    // MARK: Scrolling

    /// Scrolls rows `top ... bottom` by `lines` (positive: content moves up) with the scroll
    /// region; the rows scrolled in are blank. Returns false (sending nothing) if the
    /// terminal cannot.
    @discardableResult
    package mutating func scroll(_ scroll: RowCache.Scroll) -> Bool {
        guard let region = codes.scrollRegion, let forward = codes.scrollForward, let reverse = codes.scrollReverse,
              scroll.lines != 0, scroll.top >= 0, scroll.bottom < rows, scroll.top < scroll.bottom,
              abs(scroll.lines) <= scroll.bottom - scroll.top
        else { return false }
        setPen(0)  // lines scrolled in take the current background
        output += scrollRegion(scroll.top, scroll.bottom, region)
        if scroll.lines > 0 {
            output += cursorAddress(scroll.bottom, 0)
            for _ in 0..<scroll.lines { output += forward }
        } else {
            output += cursorAddress(scroll.top, 0)
            for _ in 0..<(-scroll.lines) { output += reverse }
        }
        output += scrollRegion(0, rows - 1, region)
        cursor = nil  // csr homes the cursor on some terminals
        // Rows follow their content; the ones scrolled in (left at the far end) are blank.
        if scroll.lines > 0 {
            for r in scroll.top...(scroll.bottom - scroll.lines) {
                screen.swapAt(r, r + scroll.lines)
                wideRows.swapAt(r, r + scroll.lines)
            }
            for r in (scroll.bottom - scroll.lines + 1)...scroll.bottom { blankRow(r) }
        } else {
            var r = scroll.bottom
            while r >= scroll.top - scroll.lines {
                screen.swapAt(r, r + scroll.lines)
                wideRows.swapAt(r, r + scroll.lines)
                r -= 1
            }
            for r in scroll.top..<(scroll.top - scroll.lines) { blankRow(r) }
        }
        return true
    }

    private mutating func blankRow(_ r: Int) {
        wideRows[r] = false
        screen[r].withUnsafeMutableBufferPointer { cells in
            for c in cells.indices { cells[c] = .blank }
        }
    }

    private mutating func scrollRegion(_ top: Int, _ bottom: Int, _ make: (Int, Int) -> [UInt8]) -> [UInt8] {
        let key = top &* 65_536 &+ bottom
        if let known = scrollRegions[key] { return known }
        let bytes = make(top, bottom)
        scrollRegions[key] = bytes
        return bytes
    }

    // MARK: Drawing

    /// Draws `ops` over row `row` as shown and sends the cells that changed.
    package mutating func draw(row: Int, ops: [RowCache.Op]) {
        guard row >= 0, row < rows, columns > 0 else { return }
        // Only `screen` refers to stored characters between draws: drop the ones it no longer shows.
        if clusters.count > 2 * rows * columns + 256 { clusters.compact(keeping: &screen) }
        if links.needsCompaction {
            links.compact(keeping: &screen)
            lastPacked = (.plain, 0)  // its link's index may have changed
        }
        // The row is built in a buffer kept between calls (moved out and back, never copied).
        var cells = scratch
        scratch = []
        if cells.count != columns { cells = Array(repeating: .blank, count: columns) }
        Self.copy(screen[row], into: &cells)
        var mayBreak = wideRows[row]
        for op in ops {
            switch op {
            case .fill(let column, let width, let style):
                let packed = pack(style)
                let start = max(0, column), end = min(columns, column + width)
                if start < end {
                    cells.withUnsafeMutableBufferPointer { buffer in
                        for c in start..<end { buffer[c] = Cell(bytes: 0x20, style: packed) }
                    }
                }
            case .text(let text, let column, let style, let limit):
                let packed = pack(style)
                let placedWide = CellBuilder.place(
                    text, column: column, limit: min(limit, columns - column), style: packed,
                    libcWidth: libcWidth, clusters: &clusters, into: &cells)
                mayBreak = mayBreak || placedWide
            }
        }
        let hasWide = mayBreak && CellBuilder.repairWideCharacters(&cells, clusters: clusters)
        // A terminal that wraps at once may keep the old row's last cells (see `send`).
        wideRows[row] = hasWide || (wideRows[row] && row == rows - 1 && !codes.deferredWrap)
        send(row: row, cells: &cells)
        if let pen, pen & PackedStyle.linkMask != 0 { setPen(pen & ~PackedStyle.linkMask) }
        scratch = cells
    }

    private static func copy(_ source: [Cell], into target: inout [Cell]) {
        source.withUnsafeBufferPointer { from in
            target.withUnsafeMutableBufferPointer { to in
                to.baseAddress!.update(from: from.baseAddress!, count: min(from.count, to.count))
            }
        }
    }

    /// Sends the difference between `screen[row]` and `cells`, and makes `cells` the row shown
    /// (`cells` gets the old row's storage back, for the next row).
    private mutating func send(row: Int, cells: inout [Cell]) {
        let old = screen[row]
        var first = 0, last = columns - 1
        let changed = old.withUnsafeBufferPointer { old in
            cells.withUnsafeBufferPointer { new in
                while first < columns, old[first] == new[first] { first += 1 }
                guard first < columns else { return false }
                while old[last] == new[last] { last -= 1 }
                return true
            }
        }
        guard changed else { return }
        // Rows hold whole characters (`repairWideCharacters`), so the first and last cells that
        // differ are never continuations; a character that ends the range takes its
        // continuations along.
        while last + 1 < columns, cells[last + 1].isContinuation { last += 1 }
        // Writing the bottom-right cell would scroll a terminal that wraps at once: that
        // character stays as it was, and so does the one shown there (from a column where both
        // rows start a character, so that the cells kept are whole characters).
        if row == rows - 1, last == columns - 1, !codes.deferredWrap {
            var kept = columns - 1
            while kept > 0, cells[kept].isContinuation || old[kept].isContinuation { kept -= 1 }
            for c in kept..<columns { cells[c] = old[c] }
            CellBuilder.repairWideCharacters(&cells, clusters: clusters)
            last = kept - 1
            while last >= first, cells[last] == old[last] { last -= 1 }
            if last < first {
                swap(&screen[row], &cells)
                return
            }
        }
        // A blank tail in the default style goes with one `el` when that is shorter.
        var end = last + 1
        if let el = codes.clearToEndOfLine {
            var tail = columns
            while tail > first, cells[tail - 1] == .blank { tail -= 1 }
            if tail <= last, columns - tail > el.count + resetLength { end = tail }
        }

        output.reserveCapacity(output.count + (end - first) * 4 + 64)
        old.withUnsafeBufferPointer { old in
            cells.withUnsafeBufferPointer { new in
                var c = first
                while c < end {
                    if new[c] == old[c] {
                        var run = c
                        while run < end, new[run] == old[run] { run += 1 }
                        // Jump over equal cells when the jump is shorter than writing them.
                        if run == end || run - c > 8 {
                            c = run
                            continue
                        }
                    }
                    if cursor?.row != row || cursor?.column != c { output += cursorAddress(row, c) }
                    let cell = new[c]
                    let style = cell.style & PackedStyle.styleMask
                    if pen != style { setPen(style) }
                    var bytes = cell.bytes
                    if cell.style & PackedStyle.wide == 0 {
                        while bytes != 0 {
                            output.append(UInt8(truncatingIfNeeded: bytes))
                            bytes >>= 8
                        }
                        c += 1
                    } else if !ClusterStore.isStored(bytes) {
                        while bytes != 0 {
                            output.append(UInt8(truncatingIfNeeded: bytes))
                            bytes >>= 8
                        }
                        c += 2
                    } else if sendStored(bytes, row: row, column: c) {
                        c += clusters.columns(of: bytes)
                        cursor = nil
                        continue
                    } else {
                        c += clusters.columns(of: bytes)
                    }
                    cursor = c < columns ? (row, c) : nil
                }
            }
        }
        if end <= last {
            if cursor?.row != row || cursor?.column != end { output += cursorAddress(row, end) }
            setPen(0)
            output += codes.clearToEndOfLine!
        }
        swap(&screen[row], &cells)
    }

    private var resetLength: Int { codes.resetAttributes.count }

    /// Sends a stored character at (`row`, `column`), where the cursor is. One drawn over
    /// blanks (an emoji sequence, `ClusterStore`) blanks its columns first and goes back;
    /// then, returning true, it leaves the cursor where the terminal put it, which the caller
    /// must forget.
    @inline(never)
    private mutating func sendStored(_ cellBytes: UInt64, row: Int, column: Int) -> Bool {
        let overBlanks = clusters.isOverBlanks(cellBytes)
        if overBlanks {
            output += repeatElement(0x20, count: clusters.columns(of: cellBytes))
            output += cursorAddress(row, column)
        }
        output += clusters.bytes(of: cellBytes)
        return overBlanks
    }

    /// The UTF-8 a cell sends (nothing for a continuation).
    func bytes(of cell: Cell) -> [UInt8] {
        if ClusterStore.isStored(cell.bytes) { return clusters.bytes(of: cell.bytes) }
        var result: [UInt8] = []
        var bytes = cell.bytes
        while bytes != 0 {
            result.append(UInt8(truncatingIfNeeded: bytes))
            bytes >>= 8
        }
        return result
    }

    private mutating func cursorAddress(_ row: Int, _ column: Int) -> [UInt8] {
        cursor = (row, column)
        let key = row &* 65_536 &+ column
        if let known = cursorAddresses[key] { return known }
        let bytes = codes.cursorAddress(row, column)
        cursorAddresses[key] = bytes
        return bytes
    }

    /// Sets the terminal's attributes, colours and link to `style`'s, sending only what changes.
    private mutating func setPen(_ style: UInt64) {
        guard pen != style else { return }
        let old = pen
        pen = style
        let sgr = style & PackedStyle.sgrMask
        if old.map({ $0 & PackedStyle.sgrMask }) != sgr {
            if let known = styleCodes[sgr] {
                output += known
            } else {
                let bytes = PackedStyle.codes(for: sgr, using: codes)
                styleCodes[sgr] = bytes
                output += bytes
            }
        }
        let link = style & PackedStyle.linkMask
        if (old ?? 0) & PackedStyle.linkMask != link {
            output += Hyperlink.sequence(for: links.uri(ofPacked: link))
        }
    }

    private mutating func pack(_ style: Style) -> UInt64 {
        if style == lastPacked.style { return lastPacked.packed }
        var packed = PackedStyle.pack(style, depth: depth)
        if showsLinks, let link = style.link { packed |= links.index(of: link) << PackedStyle.linkShift }
        lastPacked = (style, packed)
        return packed
    }

    /// The hyperlink a cell is in, as sent to the terminal; nil for none.
    func link(of cell: Cell) -> String? { links.uri(ofPacked: cell.style) }
}
