/// A demo article: a section of the feed with its text and comments.
public struct Article: Sendable, Equatable, Identifiable {
    public var id: Int
    public var author: String
    public var title: String
    public var body: [String]
    public var comments: [Comment]

    public init(id: Int, author: String, title: String, body: [String], comments: [Comment]) {
        self.id = id
        self.author = author
        self.title = title
        self.body = body
        self.comments = comments
    }
}

/// A comment under a demo article.
public struct Comment: Sendable, Equatable {
    public var author: String
    public var text: String

    public init(author: String, text: String) {
        self.author = author
        self.text = text
    }
}
