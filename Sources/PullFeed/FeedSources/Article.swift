/// A demo article: a section of the feed with its text and comments.
package struct Article: Sendable, Equatable, Identifiable {
    package var id: Int
    package var author: String
    package var title: String
    package var body: [String]
    package var comments: [Comment]

    package init(id: Int, author: String, title: String, body: [String], comments: [Comment]) {
        self.id = id
        self.author = author
        self.title = title
        self.body = body
        self.comments = comments
    }
}

/// A comment under a demo article.
package struct Comment: Sendable, Equatable {
    package var author: String
    package var text: String

    package init(author: String, text: String) {
        self.author = author
        self.text = text
    }
}
