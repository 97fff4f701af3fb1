/// One row of an article section, below its header row.
package enum ArticleSectionItem {
    case text(String)
    case comment(Comment)
    case addComment(AddCommentCellReactor)
}
