import PullToRefresh
import TerminalText
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
    /// Pause or resume refreshing by itself (`--every`): the selected row's source when there
    /// are several.
    case togglePause
    /// Refresh every source keeping the place (`R`), pause or resume every source (`P`).
    case refreshAll, togglePauseAll
    /// Go to the first row of the next (`}`) or previous (`{`) source.
    case nextSource, previousSource
    /// Show or hide the preview pane (`v`).
    case togglePreview
    /// Scroll the preview pane by this many lines (Shift-↑/↓).
    case scrollPreview(Int)
    /// Mark or unmark the selected row, then move down (Tab) or up (Shift-Tab) (`--multi`).
    case toggleMark(down: Bool)
    /// What a key bound with `--bind` runs.
    case bound([BoundAction])
    /// Fold or unfold the selected row's section (`o`), fold every other section (`z`),
    /// unfold them all (`Z`) (`--section-by`).
    case fold, foldOthers, unfoldAll
    /// Wrap long lines over several rows, or cut them again (`w`).
    case toggleWrap
    /// Show or hide the line-number column (`#`).
    case toggleLineNumbers
    /// Show the selected row's source's previous (`[`) or next (`]`) kept result.
    case stepHistory(back: Bool)
    /// Show or hide the rows the shown result removed (`d`).
    case toggleRemoved

    /// The feed's keys, with help texts in `strings`' language. `enterHelp` names what Enter
    /// does here (`.helpPrint`, `.helpComment`, `.helpLoadMore`), or nil to leave Enter out of
    /// the help line where it does nothing worth saying. Every binding has a long help text:
    /// `keyList` is the full list of keys (`?`, `--help`). `live` (refreshing by itself) adds `p`
    /// to the help line; `preview` (a preview pane can be shown) adds `v`. `multi` (`--multi`)
    /// binds Tab and Shift-Tab to marking; `bindings` (`--bind`) come first, so a bound key wins
    /// over the built-in one, which loses that key. `sources` (the list shows several) names
    /// `r R` and `} {` in the help line; `history` (results are kept) names `[ ]`.
    package static func keyMap(strings: AppStrings = AppStrings(language: .english), enterHelp: AppText? = nil,
                              sideways: Bool = false, live: Bool = false, preview: Bool = false, multi: Bool = false,
                              sources: Bool = false, history: Bool = false, bindings: BindingList = BindingList()) -> KeyMap<FeedCommand> {
        let t = { (key: AppText) in strings.text(key) }
        let bound = bindings.keys
        let builtIn = builtInBindings(t, enterHelp: enterHelp, sideways: sideways, live: live, preview: preview, multi: multi,
                                      sources: sources, history: history)
            .compactMap { binding -> KeyBinding<FeedCommand>? in
                guard !bound.isEmpty, !binding.keys.isEmpty else { return binding }
                var binding = binding
                binding.keys.removeAll { bound.contains($0) }
                return binding.keys.isEmpty ? nil : binding
            }
        return KeyMap(bindings.bindings.map { userBinding($0, strings: strings) } + builtIn)
    }

    /// A key bound with `--bind`: in the help line as the key and what it runs (cut short),
    /// in the list of keys as the key and the whole chain.
    private static func userBinding(_ binding: BindingList.Binding, strings: AppStrings) -> KeyBinding<FeedCommand> {
        let actions = binding.actions
        let what = actions.first?.command ?? actions.map(\.name).joined(separator: "+")
        let help = binding.keyName + " " + TextLayout.truncate(what, toWidth: 20)
        return KeyBinding([binding.key], help: help, longHelp: strings.text(.keyBound, binding.actionsText),
                          keyNames: binding.keyName, helpPriority: 1, action: .bound(actions))
    }

    private static func builtInBindings(_ t: (AppText) -> String, enterHelp: AppText?, sideways: Bool, live: Bool,
                                        preview: Bool, multi: Bool, sources: Bool, history: Bool) -> [KeyBinding<FeedCommand>] {
        let marking: [KeyBinding<FeedCommand>] = multi ? [
            KeyBinding([.tab], help: t(.helpMark), longHelp: t(.keyMark), helpPriority: 1, action: .toggleMark(down: true)),
            KeyBinding([.backTab], longHelp: t(.keyMarkUp), action: .toggleMark(down: false)),
        ] : []
        var table: [KeyBinding<FeedCommand>] = [
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
            KeyBinding([.character("w")], longHelp: t(.keyWrap), action: .toggleWrap),
            KeyBinding([.character("#")], longHelp: t(.keyLineNumbers), action: .toggleLineNumbers),
            KeyBinding([.character("r"), .function(5)], help: t(sources ? .helpRefreshSource : .helpRefresh), longHelp: t(.keyRefresh), helpPriority: 1, action: .refresh),
            KeyBinding([.character("R")], longHelp: t(.keyRefreshAll), action: .refreshAll),
            KeyBinding([.character("p")], help: live ? t(.helpPause) : "", longHelp: t(.keyPause), helpPriority: 2, action: .togglePause),
            KeyBinding([.character("P")], longHelp: t(.keyPauseAll), action: .togglePauseAll),
            KeyBinding([.character("[")], help: history ? t(.helpHistory) : "", longHelp: t(.keyHistoryBack), helpPriority: 3, action: .stepHistory(back: true)),
            KeyBinding([.character("]")], longHelp: t(.keyHistoryForward), action: .stepHistory(back: false)),
            KeyBinding([.character("d")], longHelp: t(.keyRemoved), action: .toggleRemoved),
            KeyBinding([.character("}")], help: sources ? t(.helpSources) : "", longHelp: t(.keyNextSource), helpPriority: 1, action: .nextSource),
            KeyBinding([.character("{")], longHelp: t(.keyPreviousSource), action: .previousSource),
            KeyBinding([.character("v")], help: preview ? t(.helpPreview) : "", longHelp: t(.keyPreview), helpPriority: 2, action: .togglePreview),
            KeyBinding([.shift(.up)], longHelp: t(.keyPreviewScroll), keyNames: t(.keyNamePreviewScroll), action: .scrollPreview(-1)),
            KeyBinding([.shift(.down)], longHelp: "", action: .scrollPreview(1)),
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
        ]
        // Marking comes with Enter, which prints what is marked.
        if let enter = table.firstIndex(where: { $0.action == .activate }) { table.insert(contentsOf: marking, at: enter + 1) }
        return table
    }
}
