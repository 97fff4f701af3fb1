import OpenCombine

/// A comment created by a cell, addressed to one article (carried on a global event stream that every section reactor listens to).
package struct CommentEvent: Sendable, Equatable {
    package var articleID: Int
    package var comment: Comment
}

/// The stream comment events travel on: cells publish, section reactors listen for their
/// own article. One bus per feed, injected, so tests get a private one.
package final class CommentEventBus {
    package let events = PassthroughSubject<CommentEvent, Never>()
    package init() {}
}
