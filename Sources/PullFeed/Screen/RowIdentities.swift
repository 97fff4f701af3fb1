/// A demo row's identity: its article and its place in the article's rows.
struct ArticleRow: Hashable {
    var id: Int
    var offset: Int
}

/// A section header row's identity (for keeping the place on a folded section).
struct SectionHeaderIdentity: Hashable {
    var name: String?
}
