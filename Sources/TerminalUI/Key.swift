/// A key the user pressed, decoded from the terminal's byte stream by `InputDecoder`.
///
/// Modifiers on special keys (Ctrl-Up, Shift-F5) are not reported: the plain key is.
/// `ctrl` carries a lowercase letter (`.ctrl("c")` for Ctrl-C) or, for the few control bytes
/// that are not letters, the symbol (`"@"`, `"\\"`, `"]"`, `"^"`, `"_"`).
/// `character` is never a control character. `alt` is a key pressed with Alt, which terminals
/// send as ESC followed by the key (`ESC j` for Alt-j).
public indirect enum Key: Hashable, Sendable, CustomStringConvertible {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete, insert
    /// F1…F12.
    case function(Int)
    case ctrl(Character)
    case character(Character)
    case alt(Key)

    /// A short human-readable name: `Up`, `PgDn`, `F5`, `Ctrl-C`, `Space`, `x`.
    public var description: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .function(let n): "F\(n)"
        case .ctrl(let c): "Ctrl-\(c.uppercased())"
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .alt(let key): "Alt-\(key)"
        }
    }
}
