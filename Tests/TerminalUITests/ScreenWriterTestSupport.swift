@testable import TerminalUI

extension TerminalCodes {
    /// xterm's sequences (ECMA-48), with colours.
    static let ansi = TerminalCodes(
        cursorAddress: { row, column in csi("\(row + 1);\(column + 1)H") },
        scrollRegion: { top, bottom in csi("\(top + 1);\(bottom + 1)r") },
        scrollForward: [0x0A], scrollReverse: [0x1B, 0x4D],
        clearToEndOfLine: csi("K"), clearScreen: csi("H") + csi("2J"), resetAttributes: csi("0m"),
        bold: csi("1m"), dim: csi("2m"), reverse: csi("7m"), underline: csi("4m"),
        foreground: { color($0, base: 3) }, background: { color($0, base: 4) },
        deferredWrap: true, italic: csi("3m"), colors: 256)

    private static func color(_ n: Int, base: Int) -> [UInt8] {
        if n < 8 { return csi("\(base)\(n)m") }
        if n < 16 { return csi("\(base == 3 ? 9 : 10)\(n - 8)m") }
        return csi("\(base)8;5;\(n)m")
    }

    private static func csi(_ tail: String) -> [UInt8] { [0x1B, 0x5B] + Array(tail.utf8) }
}

extension ScreenWriter {
    /// The bytes collected since the last call.
    mutating func takeOutput() -> [UInt8] {
        var taken: [UInt8] = []
        sendOutput { taken = Array($0) }
        return taken
    }
}
