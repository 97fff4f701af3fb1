import OpenCombine

/// One output that drives a header/footer pair: a view model
/// publishes these and `bind(status:header:footer:)` applies them, so no screen repeats
/// the switch.
public enum RefreshStatus: Hashable, Sendable {
    /// Nothing to do: the components are left as they are.
    case none
    /// Start a header refresh (`RefreshHeader.beginRefreshing()`).
    case beginHeaderRefresh
    /// End the header refresh as a success (the last-updated time moves to now if the request
    /// had gone out), and lift the footer's noMoreData.
    case endHeaderRefresh
    /// Start loading more (`RefreshFooter.beginRefreshing()`); a no-op while the footer has
    /// no more data.
    case beginFooterRefresh
    /// End loading more: the footer goes back to idle, ready for the next page (a footer
    /// with no more data keeps it).
    case endFooterRefresh
    /// End loading more with nothing left to load: the footer shows "No more data" and
    /// triggers nothing until a header refresh ends.
    case noMoreData

    /// Applies this status to the components.
    ///
    /// `endHeaderRefresh` also lifts the footer's noMoreData: a header refresh replaces the
    /// data, so there may be more again (rather than leaving that to each screen).
    public func apply(header: RefreshHeader?, footer: RefreshFooter?) {
        switch self {
        case .none: break
        case .beginHeaderRefresh: header?.beginRefreshing()
        case .endHeaderRefresh:
            header?.endRefreshing()
            footer?.resetNoMoreData()
        case .beginFooterRefresh: footer?.beginRefreshing()
        case .endFooterRefresh: footer?.endRefreshing()
        case .noMoreData: footer?.endRefreshingWithNoMoreData()
        }
    }
}

/// Drives `header` and `footer` from `status` until the returned cancellable is cancelled.
/// The components are held weakly.
public func bind<P: Publisher>(
    status: P, header: RefreshHeader?, footer: RefreshFooter?
) -> AnyCancellable where P.Output == RefreshStatus, P.Failure == Never {
    status.sink { [weak header, weak footer] value in
        value.apply(header: header, footer: footer)
    }
}
