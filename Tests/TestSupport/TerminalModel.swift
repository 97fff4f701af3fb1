import TerminalUI

/// A small xterm model that understands exactly the sequences of `TerminalCodes.ansi`: cursor
/// address, scroll region, LF / reverse index scrolling, erase to end of line, clear, SGR, OSC 8
/// hyperlinks (ended by `ESC \`; the cells written meanwhile are in the link, erased ones in
/// none), and UTF-8 text with deferred wrap. It is the tests' oracle of what a terminal does
/// with `ScreenWriter`'s bytes, written apart from the writer: a test feeds it the bytes and
/// compares its cells with the cells the writer believes the terminal has. Something it does
/// not expect (a wrap, an unknown sequence) is kept in `problem`, for the test to report.
///
/// Characters follow the grapheme clusters, as terminals that cluster do: a scalar that
/// continues the character just written (by Swift's rules) joins its cell, taking its own
/// columns as continuations, so an Indic conjunct sent as three one-column letters is one
/// cell and two continuations. Without `clustersCharacters`, as on most terminals, each
/// scalar that takes columns starts a cell and only zero-width ones join the cell before.
/// With `joinsAfterJoiner` (by default as `clustersCharacters`), as in tmux 3.3, a scalar other
/// than ASCII right after a zero-width joiner joins the character before it and takes no
/// columns (a family emoji is two columns); without it, as in xterm and VTE, it takes its own
/// (a family of four is eight). Writing over part of a character blanks the rest of it.
public struct TerminalModel {
    public struct Cell: Equatable, Sendable {
        /// The character's text; nil for a column covered by the character before it.
        public var text: String?
        public var style: UInt64
        /// The hyperlink's URI the cell was written in; nil for none.
        public var link: String?
        public static let blank = Cell(text: " ", style: 0)

        public init(text: String?, style: UInt64, link: String? = nil) {
            self.text = text
            self.style = style
            self.link = link
        }
    }

    public let rows: Int
    public let columns: Int
    public let width: (UInt32) -> Int
    /// Whether a scalar that continues the character before joins its cell.
    public let clustersCharacters: Bool
    /// Whether a scalar after a zero-width joiner joins the character before, taking no columns.
    public let joinsAfterJoiner: Bool
    public private(set) var cells: [[Cell]]
    /// Rows changed since `takeChangedRows()`.
    private var changed: [Bool]
    private var row = 0, column = 0
    private var pendingWrap = false
    private var pen: UInt64 = 0
    /// The hyperlink cells are written in now.
    private var link: String?
    private var top = 0, bottom: Int
    /// Where the character written last starts, while the cursor is right after it.
    private var lastStart: Int?
    /// Whether the scalar written last is a zero-width joiner.
    private var afterJoiner = false
    /// Something the model does not expect (a wrap, an unknown sequence); nil when all went well.
    public private(set) var problem: String?

    public init(rows: Int, columns: Int, width: @escaping (UInt32) -> Int, clustersCharacters: Bool = true,
         joinsAfterJoiner: Bool? = nil) {
        self.clustersCharacters = clustersCharacters
        self.joinsAfterJoiner = joinsAfterJoiner ?? clustersCharacters
        self.rows = rows
        self.columns = columns
        self.width = width
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
        changed = Array(repeating: false, count: rows)
    }

    /// The text of a row, each character once, trailing blanks dropped.
    public func line(_ r: Int) -> String {
        var s = ""
        for cell in cells[r] { if let text = cell.text { s += text } }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The rows changed since the last call, in order.
    public mutating func takeChangedRows() -> [Int] {
        var result: [Int] = []
        for r in changed.indices where changed[r] {
            result.append(r)
            changed[r] = false
        }
        return result
    }

    public mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                lastStart = nil
                afterJoiner = false
                i = escape(bytes, from: i)
            } else if b == 0x0A {
                lastStart = nil
                afterJoiner = false
                lineFeed()
                i += 1
            } else if b < 0x20 {
                problem = problem ?? "control byte \(b)"
                i += 1
            } else {
                var end = i + 1
                while end < bytes.count, bytes[end] >= 0x20 { end += 1 }
                for scalar in String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars { put(scalar) }
                i = end
            }
        }
    }

    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start + 1 < bytes.count else { problem = "cut escape"; return bytes.count }
        if bytes[start + 1] == UInt8(ascii: "]") { return operatingSystemCommand(bytes, from: start) }
        if bytes[start + 1] == UInt8(ascii: "M") {
            pendingWrap = false
            if row == top { scrollDown() } else if row > 0 { row -= 1 }
            return start + 2
        }
        guard bytes[start + 1] == UInt8(ascii: "[") else { problem = "unknown escape"; return start + 2 }
        var i = start + 2
        var params: [Int] = []
        var current: Int?
        while i < bytes.count, bytes[i] < 0x40 {
            if bytes[i] == UInt8(ascii: ";") {
                params.append(current ?? 0)
                current = nil
            } else {
                current = (current ?? 0) * 10 + Int(bytes[i] &- 0x30)
            }
            i += 1
        }
        if let current { params.append(current) }
        guard i < bytes.count else { problem = "cut CSI"; return i }
        let final = bytes[i]
        switch final {
        case UInt8(ascii: "H"):
            row = min(rows - 1, max(0, (params.first ?? 1) - 1))
            column = min(columns - 1, max(0, (params.count > 1 ? params[1] : 1) - 1))
            pendingWrap = false
        case UInt8(ascii: "r"):
            top = (params.first ?? 1) - 1
            bottom = (params.count > 1 ? params[1] : rows) - 1
            row = 0
            column = 0
            pendingWrap = false
        case UInt8(ascii: "J"):
            for r in 0..<rows {
                for c in 0..<columns { cells[r][c] = Cell(text: " ", style: pen & Self.backgroundBits) }
                changed[r] = true
            }
        case UInt8(ascii: "K"):
            guard row < rows, column < columns else { break }
            blankBefore(column)
            for c in column..<columns { cells[row][c] = Cell(text: " ", style: pen & Self.backgroundBits) }
            changed[row] = true
        case UInt8(ascii: "m"):
            let list = params.isEmpty ? [0] : params
            var k = 0
            while k < list.count {
                let p = list[k]
                k += 1
                switch p {
                case 0: pen = 0
                case 1: pen |= 1
                case 2: pen |= 2
                case 3: pen |= 16
                case 4: pen |= 8
                case 7: pen |= 4
                case 30...37: setColor(UInt64(p - 30) + 1, background: false)
                case 40...47: setColor(UInt64(p - 40) + 1, background: true)
                case 90...97: setColor(UInt64(p - 90) + 9, background: false)
                case 100...107: setColor(UInt64(p - 100) + 9, background: true)
                case 38, 48:
                    if k + 1 < list.count, list[k] == 5 {
                        setColor(UInt64(list[k + 1]) + 1, background: p == 48)
                        k += 2
                    } else if k + 3 < list.count, list[k] == 2 {
                        let rgb = UInt64(list[k + 1]) << 16 | UInt64(list[k + 2]) << 8 | UInt64(list[k + 3])
                        setColor(PackedStyle.direct | rgb, background: p == 48)
                        k += 4
                    } else {
                        problem = problem ?? "SGR \(p)"
                    }
                default: problem = problem ?? "SGR \(p)"
                }
            }
        default:
            problem = problem ?? "CSI \(Character(Unicode.Scalar(final)))"
        }
        return i + 1
    }

    private static let backgroundBits = PackedStyle.colorMask << PackedStyle.backgroundShift

    /// `ESC ] 8 ; params ; URI ESC \`: the cells written next are in the link to URI, or in
    /// none when it is empty. Any other OSC, or one ended otherwise, is a problem.
    private mutating func operatingSystemCommand(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 2
        while i < bytes.count, bytes[i] != 0x1B, bytes[i] != 0x07 { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "\\") else {
            problem = problem ?? "OSC not ended by ST"
            return min(i + 1, bytes.count)
        }
        let body = bytes[(start + 2)..<i]
        let fields = body.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].elementsEqual([UInt8(ascii: "8")]) else {
            problem = problem ?? "OSC other than 8"
            return i + 2
        }
        if fields[2].contains(where: { $0 < 0x21 || $0 > 0x7E }) { problem = problem ?? "URI with a byte outside printable ASCII" }
        link = fields[2].isEmpty ? nil : String(decoding: fields[2], as: UTF8.self)
        return i + 2
    }

    private mutating func setColor(_ packed: UInt64, background: Bool) {
        let shift = background ? PackedStyle.backgroundShift : PackedStyle.foregroundShift
        pen = pen & ~(PackedStyle.colorMask << shift) | packed << shift
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        guard row < rows, columns > 0 else { return }
        let joined = joinsAfterJoiner && afterJoiner && !scalar.isASCII
        afterJoiner = scalar.value == 0x200D
        let w = joined ? 0 : width(scalar.value)
        if w <= 0 {
            // It joins the character before the cursor.
            var c = pendingWrap ? column : column - 1
            while c > 0, cells[row][c].text == nil { c -= 1 }
            if c >= 0, let text = cells[row][c].text { cells[row][c].text = text + String(scalar) }
            changed[row] = true
            return
        }
        if clustersCharacters, let start = lastStart, let text = cells[row][start].text, Self.joins(text, scalar) {
            // It continues the character written last: its columns become continuations.
            let from = pendingWrap ? columns : column
            guard from + w <= columns else { problem = problem ?? "wide character past the edge"; return }
            cells[row][start].text = text + String(scalar)
            let style = cells[row][start].style
            let startLink = cells[row][start].link
            blankAfter(from + w)
            for c in from..<(from + w) { cells[row][c] = Cell(text: nil, style: style, link: startLink) }
            advance(to: from + w)
            changed[row] = true
            return
        }
        if pendingWrap {
            problem = problem ?? "wrapped at row \(row)"
            return
        }
        if column + w > columns {
            problem = problem ?? "wide character past the edge"
            return
        }
        blankBefore(column)
        blankAfter(column + w)
        cells[row][column] = Cell(text: String(scalar), style: pen, link: link)
        for c in (column + 1)..<(column + w) { cells[row][c] = Cell(text: nil, style: pen, link: link) }
        lastStart = column
        advance(to: column + w)
        changed[row] = true
    }

    /// Whether `scalar` after `text` stays one character.
    private static func joins(_ text: String, _ scalar: Unicode.Scalar) -> Bool {
        var joined = text
        joined.unicodeScalars.append(scalar)
        return joined.count == 1
    }

    private mutating func advance(to end: Int) {
        if end >= columns {
            column = columns - 1
            pendingWrap = true
        } else {
            column = end
        }
    }

    /// Writing from column `c` on blanks the start of a character it cuts.
    private mutating func blankBefore(_ c: Int) {
        guard c < columns, cells[row][c].text == nil else { return }
        var k = c - 1
        while k >= 0 {
            let isStart = cells[row][k].text != nil
            cells[row][k] = Cell(text: " ", style: cells[row][k].style, link: cells[row][k].link)
            if isStart { break }
            k -= 1
        }
    }

    /// Writing up to column `end` blanks the rest of a character it cuts.
    private mutating func blankAfter(_ end: Int) {
        var k = end
        while k < columns, cells[row][k].text == nil {
            cells[row][k] = Cell(text: " ", style: cells[row][k].style, link: cells[row][k].link)
            k += 1
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == bottom { scrollUp() } else if row < rows - 1 { row += 1 }
    }

    private mutating func scrollUp() {
        for r in top..<bottom { cells[r] = cells[r + 1] }
        cells[bottom] = Array(repeating: Cell(text: " ", style: pen & Self.backgroundBits), count: columns)
        for r in top...bottom { changed[r] = true }
    }

    private mutating func scrollDown() {
        var r = bottom
        while r > top { cells[r] = cells[r - 1]; r -= 1 }
        cells[top] = Array(repeating: Cell(text: " ", style: pen & Self.backgroundBits), count: columns)
        for r in top...bottom { changed[r] = true }
    }
}
