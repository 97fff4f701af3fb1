import PullToRefresh
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
    /// Pause or resume refreshing by itself (`--every`).
    case togglePause

    /// The feed's keys, with help texts in `strings`' language. `enterHelp` names what Enter
    /// does here (`.helpPrint`, `.helpComment`, `.helpLoadMore`), or nil to leave Enter out of
    /// the help line where it does nothing worth saying. `live` (refreshing by itself) adds `p`
    /// to the help line.
    public static func keyMap(strings: AppStrings = AppStrings(language: .english), enterHelp: AppText? = nil,
                              sideways: Bool = false, live: Bool = false) -> KeyMap<FeedCommand> {
        KeyMap([
            KeyBinding([.up, .character("k"), .ctrl("p")], help: strings.text(.helpMove), action: .move(.up)),
            KeyBinding([.down, .character("j"), .ctrl("n")], action: .move(.down)),
            KeyBinding([], help: strings.text(.helpPull), action: .move(.up)),
            KeyBinding([.pageUp, .character("b"), .ctrl("b")], action: .move(.pageUp)),
            KeyBinding([.pageDown, .character(" "), .ctrl("f")], action: .move(.pageDown)),
            KeyBinding([.ctrl("u")], action: .move(.halfPageUp)),
            KeyBinding([.ctrl("d")], action: .move(.halfPageDown)),
            KeyBinding([.home, .character("g")], action: .move(.home)),
            KeyBinding([.end, .character("G")], action: .move(.end)),
            KeyBinding([.left], action: .move(.scrollLeft)),
            KeyBinding([.right], help: sideways ? strings.text(.helpScroll) : "", action: .move(.scrollRight)),
            KeyBinding([.character("0")], action: .move(.lineStart)),
            KeyBinding([.character("r"), .function(5)], help: strings.text(.helpRefresh), action: .refresh),
            KeyBinding([.character("p")], help: live ? strings.text(.helpPause) : "", action: .togglePause),
            KeyBinding([.enter], help: enterHelp.map { strings.text($0) } ?? "", action: .activate),
            KeyBinding([.character("q"), .escape], help: strings.text(.helpQuit), action: .quit),
            KeyBinding([.ctrl("l")], action: .redraw),
        ])
    }
}
