/// Which footer a title is for: the auto footer and the back footer word their states differently.
public enum RefreshFooterKind: Hashable, Sendable {
    case auto
    case back
}
