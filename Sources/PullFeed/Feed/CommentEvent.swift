import OpenCombine

/// A comment created by a cell, addressed to one article (carried on a global event stream that every section reactor listens to).
public struct CommentEvent: Sendable, Equatable {
    public var articleID: Int
    public var comment: Comment
}

/// The stream comment events travel on: cells publish, section reactors listen for their
/// own article. One bus per feed, injected, so tests get a private one.
public final class CommentEventBus {
    public let events = PassthroughSubject<CommentEvent, Never>()
    public init() {}
}
