/// A key the user pressed, decoded from the terminal's byte stream by `InputDecoder`.
///
/// Modifiers on special keys (Ctrl-Up, Shift-F5) are not reported: the plain key is, except
/// Shift with an arrow key (`.shift(.up)`).
/// `ctrl` carries a lowercase letter (`.ctrl("c")` for Ctrl-C) or, for the few control bytes
/// that are not letters, the symbol (`"@"`, `"\\"`, `"]"`, `"^"`, `"_"`).
/// `character` is never a control character. `alt` is a key pressed with Alt, which terminals
/// send as ESC followed by the key (`ESC j` for Alt-j).
public indirect enum Key: Hashable, Sendable, CustomStringConvertible {
    /// The up arrow key.
    case up
    /// The down arrow key.
    case down
    /// The left arrow key.
    case left
    /// The right arrow key.
    case right
    /// The Page Up key.
    case pageUp
    /// The Page Down key.
    case pageDown
    /// The Home key.
    case home
    /// The End key.
    case end
    /// The Return or Enter key; carriage return and line feed both decode to it.
    case enter
    /// The Esc key. ESC also starts escape sequences and Alt keys, so a lone ESC is reported
    /// only once the escape delay passes with no byte after it.
    case escape
    /// The Tab key (also Ctrl-I, which sends the same byte).
    case tab
    /// Shift-Tab (`CSI Z`).
    case backTab
    /// The Backspace key, whether the terminal sends DEL (0x7F) or BS (0x08).
    case backspace
    /// The Delete key (forward delete, `CSI 3 ~`), not Backspace.
    case delete
    /// The Insert key.
    case insert
    /// F1…F12.
    case function(Int)
    /// A control key: Ctrl with a lowercase letter (`.ctrl("c")` for Ctrl-C) or one of the
    /// symbols `@`, `\`, `]`, `^`, `_`. Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M send the bytes of
    /// Backspace, Tab and Enter, and arrive as those keys.
    case ctrl(Character)
    /// A printable character, typed or decoded from UTF-8 (never a control character; an
    /// invalid byte becomes U+FFFD).
    case character(Character)
    /// A key pressed with Alt, which terminals send as ESC followed by the key.
    case alt(Key)
    /// An arrow key pressed with Shift (`.shift(.up)`); Shift with other special keys is not
    /// reported (the plain key is).
    case shift(Key)

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
        case .shift(let key): "Shift-\(key)"
        }
    }
}
