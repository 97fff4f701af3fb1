/// What a header or footer shows: a pure function of its model's phase and the owner's
/// `RefreshActivity` (`RefreshHeaderModel.display(activity:)`,
/// `RefreshFooterModel.display(activity:)`). Titles and glyphs follow from `state`.
struct RefreshDisplay: Hashable, Sendable {
    /// The state drawn (and published by the component).
    var state: RefreshState
    /// Rows pulled past the edge (0 unless pulled).
    var pulledRows: Int
    /// Rows the component occupies: a header's pull or its parked height, a footer's row plus
    /// the rows pulled past it; 0 while hidden or at rest.
    var visibleHeight: Int
    /// A footer under an empty list is hidden (a header never is).
    var isHidden: Bool
    /// A footer with no more data whose input is still open: it says "Waiting for more...".
    var isWaitingForMore: Bool
}
