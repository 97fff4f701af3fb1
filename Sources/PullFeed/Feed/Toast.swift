/// A short message in the status line, shown for `FeedReactor.toastDuration` seconds.
/// The screen words it (in the user's language); the reactor only says what happened.
public struct Toast: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case refreshFailed(reason: String)
        case loadMoreFailed(reason: String)
        case noMoreData
    }

    public var id: Int
    public var kind: Kind
}
