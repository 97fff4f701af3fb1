import TerminalUI

/// What a key does in the feed. The key table is data (`FeedCommand.keyMap`), so the
/// status line's help is derived from the same table the input handler uses.
public enum FeedCommand: Hashable, Sendable {
    case move(ListCommand)
    case refresh
    case activate
    case quit
    /// Repaint the whole terminal (Ctrl-L), after another program wrote over the screen.
    case redraw

    /// The feed's keys (DESIGN §3); `unicode: false` words the help without arrows.
    public static func keyMap(unicode: Bool = true) -> KeyMap<FeedCommand> {
        KeyMap([
            KeyBinding([.up, .character("k")], help: unicode ? "↑↓ move" : "Up/Down move", action: .move(.up)),
            KeyBinding([.down, .character("j")], action: .move(.down)),
            KeyBinding([], help: unicode ? "↑ at top: pull to refresh" : "Up at top: pull to refresh", action: .move(.up)),
            KeyBinding([.pageUp, .character("b")], action: .move(.pageUp)),
            KeyBinding([.pageDown, .character(" ")], action: .move(.pageDown)),
            KeyBinding([.home, .character("g")], action: .move(.home)),
            KeyBinding([.end, .character("G")], action: .move(.end)),
            KeyBinding([.character("r"), .function(5)], help: "r refresh", action: .refresh),
            KeyBinding([.enter], help: "Enter open", action: .activate),
            KeyBinding([.character("q"), .escape], help: "q quit", action: .quit),
            KeyBinding([.ctrl("l")], action: .redraw),
        ])
    }
}
