/// The state of a refresh component, as in MJRefresh's `MJRefreshState`.
///
/// `noMoreData` only ever applies to footers; a header ignores it.
public enum RefreshState: Hashable, Sendable, CaseIterable {
    /// At rest (or pulled less than the threshold).
    case idle
    /// Pulled past the threshold: releasing now starts a refresh.
    case pulling
    /// Refreshing: the indicator is shown and a request is (or is about to be) in flight.
    case refreshing
    /// `beginRefreshing()` was called before the first render; promoted to `refreshing`
    /// by the first `didRender()`.
    case willRefresh
    /// A footer that has loaded everything; it triggers nothing until `resetNoMoreData()`.
    case noMoreData

    /// Whether the component is refreshing or about to.
    public var isRefreshing: Bool { self == .refreshing || self == .willRefresh }
}
