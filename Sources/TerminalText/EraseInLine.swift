/// `ESC [ K` and `ESC [ 0 K` (erase to the end of the line), which `grep --color=always`,
/// `git grep` and `gcc -fdiagnostics-color` write after each colour: with
/// `EscapeHandling.styles` or `.removed` they are dropped (no columns, nothing shown), as
/// `less -R` and `fzf --ansi` do, since a row is cleared to its end anyway.
enum EraseInLine {
    /// The index after the sequence whose ESC is at `start`, or nil when there is none there.
    static func parse(_ text: String, at start: String.Index) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.index(after: start)
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "[") else { return nil }
        index = utf8.index(after: index)
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "0") { index = utf8.index(after: index) }
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "K") else { return nil }
        return utf8.index(after: index)
    }
}
