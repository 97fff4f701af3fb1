@testable import TerminalUI

/// A small xterm model that understands exactly the sequences of `TerminalCodes.ansi`: cursor
/// address, scroll region, LF / reverse index scrolling, erase to end of line, clear, SGR, and
/// UTF-8 text with wide characters (overwriting half of one blanks the other half) and
/// deferred wrap. Tests feed it `ScreenWriter`'s bytes and read the screen back.
struct VirtualTerminal {
    struct Cell: Equatable {
        /// The character's text; nil for the right half of a wide character.
        var text: String?
        var style: UInt64
        static let blank = Cell(text: " ", style: 0)
    }

    let rows: Int
    let columns: Int
    let width: (UInt32) -> Int
    private(set) var cells: [[Cell]]
    private var row = 0, column = 0
    private var pendingWrap = false
    private var pen: UInt64 = 0
    private var top = 0, bottom: Int
    /// Something the model does not expect (a wrap, an unknown sequence); nil when all went well.
    private(set) var problem: String?

    init(rows: Int, columns: Int, width: @escaping (UInt32) -> Int) {
        self.rows = rows
        self.columns = columns
        self.width = width
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
    }

    /// The text of a row, wide characters once, trailing blanks dropped.
    func line(_ r: Int) -> String {
        var s = ""
        for cell in cells[r] { if let text = cell.text { s += text } }
        while s.last == " " { s.removeLast() }
        return s
    }

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                i = escape(bytes, from: i)
            } else if b == 0x0A {
                lineFeed()
                i += 1
            } else if b < 0x20 {
                problem = problem ?? "control byte \(b)"
                i += 1
            } else {
                var end = i + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                for scalar in String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars { put(scalar) }
                i = end
            }
        }
    }

    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start + 1 < bytes.count else { problem = "cut escape"; return bytes.count }
        if bytes[start + 1] == UInt8(ascii: "M") {
            pendingWrap = false
            if row == top { scrollDown() } else if row > 0 { row -= 1 }
            return start + 2
        }
        guard bytes[start + 1] == UInt8(ascii: "[") else { problem = "unknown escape"; return start + 2 }
        var i = start + 2
        var params: [Int] = []
        var current: Int?
        while i < bytes.count, let scalar = Optional(bytes[i]), scalar < 0x40 {
            if scalar == UInt8(ascii: ";") {
                params.append(current ?? 0)
                current = nil
            } else {
                current = (current ?? 0) * 10 + Int(scalar - 0x30)
            }
            i += 1
        }
        if let current { params.append(current) }
        guard i < bytes.count else { problem = "cut CSI"; return i }
        let final = bytes[i]
        switch final {
        case UInt8(ascii: "H"):
            row = max(0, (params.first ?? 1) - 1)
            column = max(0, (params.count > 1 ? params[1] : 1) - 1)
            pendingWrap = false
        case UInt8(ascii: "r"):
            top = (params.first ?? 1) - 1
            bottom = (params.count > 1 ? params[1] : rows) - 1
            row = 0
            column = 0
            pendingWrap = false
        case UInt8(ascii: "J"):
            for r in 0..<rows { for c in 0..<columns { cells[r][c] = Cell(text: " ", style: pen & Self.backgroundBits) } }
        case UInt8(ascii: "K"):
            if column > 0, cells[row][column].text == nil { cells[row][column - 1] = Cell(text: " ", style: cells[row][column - 1].style) }
            for c in column..<columns { cells[row][c] = Cell(text: " ", style: pen & Self.backgroundBits) }
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

    private mutating func setColor(_ packed: UInt64, background: Bool) {
        let shift = background ? PackedStyle.backgroundShift : PackedStyle.foregroundShift
        pen = pen & ~(PackedStyle.colorMask << shift) | packed << shift
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let w = width(scalar.value)
        if w == 0 {
            // It joins the character before the cursor (the left half, after a wide one).
            var c = pendingWrap ? column : column - 1
            if c > 0, cells[row][c].text == nil { c -= 1 }
            if c >= 0, let text = cells[row][c].text { cells[row][c].text = text + String(scalar) }
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
        blankHalves(at: column, width: w)
        cells[row][column] = Cell(text: String(scalar), style: pen)
        if w == 2 { cells[row][column + 1] = Cell(text: nil, style: pen) }
        if column + w >= columns {
            column = columns - 1
            pendingWrap = true
        } else {
            column += w
        }
    }

    /// Writing over half of a wide character blanks its other half.
    private mutating func blankHalves(at c: Int, width w: Int) {
        if cells[row][c].text == nil, c > 0 { cells[row][c - 1] = Cell(text: " ", style: cells[row][c - 1].style) }
        let after = c + w
        if after < columns, cells[row][after].text == nil { cells[row][after] = Cell(text: " ", style: cells[row][after].style) }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row == bottom { scrollUp() } else if row < rows - 1 { row += 1 }
    }

    private mutating func scrollUp() {
        for r in top..<bottom { cells[r] = cells[r + 1] }
        cells[bottom] = Array(repeating: Cell(text: " ", style: pen & Self.backgroundBits), count: columns)
    }

    private mutating func scrollDown() {
        var r = bottom
        while r > top { cells[r] = cells[r - 1]; r -= 1 }
        cells[top] = Array(repeating: Cell(text: " ", style: pen & Self.backgroundBits), count: columns)
    }
}
