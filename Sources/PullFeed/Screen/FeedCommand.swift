import PullToRefresh
import TerminalUI

/// What a key does in the feed. The key table is data (`FeedCommand.keyMap`), so the
/// status line's help is derived from the same table the input handler uses.
package enum FeedCommand: Hashable, Sendable {
    case move(ListCommand)
    case refresh
    case activate
    case quit
    /// Repaint the whole terminal (Ctrl-L), after another program wrote over the screen.
    case redraw
    /// Open the search prompt (`/`).
    case search
    /// Go to the next (`n`) or previous (`N`) match of the last search.
    case nextMatch, previousMatch
    /// Open the filter prompt (`&`).
    case filter
    /// Show every key binding (`?`).
    case showKeys
    /// Pause or resume refreshing by itself (`--every`).
    case togglePause
    /// Fold or unfold the selected row's section (`o`), fold every other section (`z`),
    /// unfold them all (`Z`) (`--section-by`).
    case fold, foldOthers, unfoldAll

    /// The feed's keys, with help texts in `strings`' language. `enterHelp` names what Enter
    /// does here (`.helpPrint`, `.helpComment`, `.helpLoadMore`), or nil to leave Enter out of
    /// the help line where it does nothing worth saying. Every binding has a long help text:
    /// `keyList` is the full list of keys (`?`, `--help`). `live` (refreshing by itself) adds `p`
    /// to the help line.
    package static func keyMap(strings: AppStrings = AppStrings(language: .english), enterHelp: AppText? = nil,
                              sideways: Bool = false, live: Bool = false) -> KeyMap<FeedCommand> {
        let t = { (key: AppText) in strings.text(key) }
        return KeyMap([
            KeyBinding([.up, .character("k"), .ctrl("p")], help: t(.helpMove), longHelp: t(.keyUp), action: .move(.up)),
            KeyBinding([.down, .character("j"), .ctrl("n")], longHelp: t(.keyDown), action: .move(.down)),
            KeyBinding([.character("/")], help: t(.helpSearch), longHelp: t(.keySearch), helpPriority: 1, action: .search),
            KeyBinding([.character("n")], longHelp: t(.keyNext), action: .nextMatch),
            KeyBinding([.character("N")], longHelp: t(.keyPrevious), action: .previousMatch),
            KeyBinding([.character("&")], help: t(.helpFilter), longHelp: t(.keyFilter), helpPriority: 1, action: .filter),
            KeyBinding([], help: t(.helpPull), helpPriority: 4, action: .move(.up)),
            KeyBinding([.pageUp, .character("b"), .ctrl("b")], longHelp: t(.keyPageUp), action: .move(.pageUp)),
            KeyBinding([.pageDown, .character(" "), .ctrl("f")], longHelp: t(.keyPageDown), action: .move(.pageDown)),
            KeyBinding([.ctrl("u")], longHelp: t(.keyHalfPageUp), action: .move(.halfPageUp)),
            KeyBinding([.ctrl("d")], longHelp: t(.keyHalfPageDown), action: .move(.halfPageDown)),
            KeyBinding([.home, .character("g")], longHelp: t(.keyHome), action: .move(.home)),
            KeyBinding([.end, .character("G")], longHelp: t(.keyEnd), action: .move(.end)),
            KeyBinding([.left], longHelp: t(.keyLeft), action: .move(.scrollLeft)),
            KeyBinding([.right], help: sideways ? t(.helpScroll) : "", longHelp: t(.keyRight), helpPriority: 3, action: .move(.scrollRight)),
            KeyBinding([.character("0")], longHelp: t(.keyLineStart), action: .move(.lineStart)),
            KeyBinding([.character("r"), .function(5)], help: t(.helpRefresh), longHelp: t(.keyRefresh), helpPriority: 1, action: .refresh),
            KeyBinding([.character("p")], help: live ? t(.helpPause) : "", longHelp: t(.keyPause), helpPriority: 2, action: .togglePause),
            KeyBinding([.character("o")], longHelp: t(.keyFold), action: .fold),
            KeyBinding([.character("z")], longHelp: t(.keyFoldOthers), action: .foldOthers),
            KeyBinding([.character("Z")], longHelp: t(.keyUnfoldAll), action: .unfoldAll),
            KeyBinding([.enter], help: enterHelp.map { t($0) } ?? "", longHelp: t(.keyEnter), action: .activate),
            KeyBinding([.character("?")], help: t(.helpKeys), longHelp: t(.keyHelp), helpPriority: 2, action: .showKeys),
            KeyBinding([.character("q")], help: t(.helpQuit), longHelp: t(.keyQuit), action: .quit),
            KeyBinding([.escape], longHelp: t(.keyEscape), action: .quit),
            // Ctrl-C (taken by the main loop as an interrupt) and the mouse (mouse events) never
            // reach the key map: these rows only name them in the list of keys.
            KeyBinding([], longHelp: t(.keyInterrupt), keyNames: "Ctrl-C", action: .quit),
            KeyBinding([.ctrl("l")], longHelp: t(.keyRedraw), action: .redraw),
            KeyBinding([], longHelp: t(.keyWheel), keyNames: t(.keyNameWheel), action: .move(.wheelDown(1))),
            KeyBinding([], longHelp: t(.keyClick), keyNames: t(.keyNameClick), action: .move(.click(screenRow: 0))),
        ])
    }
}
