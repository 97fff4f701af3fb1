import OpenCombine

/// One output that drives a header/footer pair (a view model's `refreshStatus` output): a view model
/// publishes these and `bind(status:header:footer:)` applies them, so no screen repeats
/// the switch.
public enum RefreshStatus: Hashable, Sendable {
    case none
    case beginHeaderRefresh
    case endHeaderRefresh
    case beginFooterRefresh
    case endFooterRefresh
    case noMoreData

    /// Applies this status to the components.
    ///
    /// `endHeaderRefresh` also lifts the footer's noMoreData: a header refresh replaces the
    /// data, so there may be more again (otherwise each screen would have to remember it).
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
