import OpenCombine

extension RefreshComponent {
    /// The two-way state property (see `RefreshStateProperty`). Each access makes a new one.
    public var stateProperty: RefreshStateProperty { RefreshStateProperty(self) }

    /// Starts a refresh for every value received (e.g. a toolbar button's taps bound into the header).
    public var beginRefreshingSubscriber: AnySubscriber<Void, Never> {
        AnySubscriber(RefreshBinder(self) { component, _ in component.beginRefreshing() })
    }
}

extension RefreshHeader {
    /// Ends the refresh (successfully) for every value received.
    public var endRefreshingSubscriber: AnySubscriber<Void, Never> {
        AnySubscriber(RefreshBinder(self) { header, _ in header.endRefreshing() })
    }

    /// Ends the refresh for every value received; `false` is a failed refresh, which does
    /// not update `lastUpdated`.
    public var endRefreshingSuccessSubscriber: AnySubscriber<Bool, Never> {
        AnySubscriber(RefreshBinder(self) { header, success in header.endRefreshing(success: success) })
    }
}

extension RefreshFooter {
    /// Ends loading for every value received: `true` ("has more") ends normally, `false`
    /// ends with no more data.
    public var endRefreshingSubscriber: AnySubscriber<Bool, Never> {
        AnySubscriber(RefreshBinder(self) { footer, hasMore in footer.endRefreshing(hasMore: hasMore) })
    }
}
