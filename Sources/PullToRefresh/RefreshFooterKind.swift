/// Which footer a title is for: the auto footer and the back footer word their states differently.
public enum RefreshFooterKind: Hashable, Sendable {
    /// The footer that loads by itself at the bottom (`AutoRefreshFooter`).
    case auto
    /// The footer that loads when pulled past the bottom and released (`BackRefreshFooter`).
    case back
}
