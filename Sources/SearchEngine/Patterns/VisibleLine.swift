import TerminalText

/// What a line shows once drawn, for matching: search and filter match the text the user
/// sees, not the bytes of escape sequences they cannot see.
///
/// The visible text is `TextWalker.visible(_:escapes: .removed)`: SGR sequences (and the
/// sequences the renderer drops) taken out, every other control byte or sequence as its
/// picture (`␛[2J`), tabs as the spaces they become, C1 controls as `␛` and a letter. Most
/// lines have none of these, and their bytes are their visible text: `isShownAsIs` tells
/// them apart with one vectorised pass (`LineBytes.hasSpecialBytes`), so only the others are converted.
enum VisibleLine {
    /// Whether `line` (one line, without its end) is drawn as its own bytes: no C0 control
    /// (tabs included), no DEL and no C1 control (`C2 80`…`C2 9F`).
    static func isShownAsIs(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard LineBytes.hasSpecialBytes(line) else { return true }
        return !hasControls(line, from: 0, to: line.count)
    }

    /// Whether any line of `block` (lines ended by `\n`) might not be drawn as its bytes:
    /// false means every line is. A cheap superset test (any `C2` byte counts).
    static func blockMayNeedConversion(_ block: UnsafeBufferPointer<UInt8>) -> Bool {
        LineBytes.hasSpecialBytes(block)
    }

    /// The visible text of `line`, as UTF-8.
    static func visibleText(of line: UnsafeBufferPointer<UInt8>) -> String {
        TextWalker.visible(TextSanitizer.decode(line), escapes: .removed).text
    }

    private static func hasControls(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Bool {
        var i = from
        while i < end {
            let byte = bytes[i]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, i + 1 < end, bytes[i + 1] &- 0x80 < 0x20 { return true }
            i += 1
        }
        return false
    }
}
