/// Which footer a list uses, by name (`auto`, `back`): the auto footer and the back footer
/// also word their states differently.
public enum RefreshFooterKind: String, CaseIterable, Hashable, Sendable {
    /// The footer that loads by itself at the bottom (`AutoRefreshFooter`).
    case auto
    /// The footer that loads when pulled past the bottom and released (`BackRefreshFooter`).
    case back
}
