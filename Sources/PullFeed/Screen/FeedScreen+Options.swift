#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PullToRefresh
import TerminalUI

extension FeedScreen {
    /// How the screen looks and behaves (from the command line).
    package struct Options {
        package var language: RefreshLanguage = .english
        package var footer: RefreshFooterKind = .auto
        package var releaseDelay: Double = 0.5
        /// Up presses (or wheel steps) closer together than this are one press held down or
        /// one flick: a burst that arrives at the top does not pull; only a press that begins
        /// while the selection rests at the top does.
        package var repeatGap: Double = 0.12
        package var colors = true
        package var unicode = true
        /// The time zone the last-updated time is shown in; nil: local time, as the C library
        /// sees it (`TZ`, `/etc/localtime`), for each time shown.
        package var timeZone: TimeZone?
        /// The preview pane (`--preview`, and the demo's articles); nil: none.
        package var preview: PreviewSettings?
        /// Tab and Shift-Tab mark rows, and Enter prints every marked line (`--multi`).
        package var multi = false
        /// Keys bound to actions (`--bind`); they win over the built-in keys.
        package var bindings = BindingList()
        /// Each source's `--delimiter` (several sources, from a dashboard file): the fields of
        /// a bound command's placeholders are the selected row's source's.
        package var sourceDelimiters: [String?] = []
        /// Long lines start wrapped over several rows (`--wrap`; `w` toggles).
        package var wrap = false
        /// The line-number column starts shown (`--line-numbers`; `#` toggles).
        package var lineNumbers = false
        /// `&` reads a fuzzy query, as fzf does (`--fuzzy`).
        package var fuzzy = false
        /// A fuzzy filter shows its rows best first (off with `--no-sort`: the input's order).
        package var sortsFuzzy = true
        package init() {}
    }
}
