import OpenCombine
import Reactors

/// Owns one demo article as a list section: its text rows, its comment rows and its
/// "＋ Add a comment" row. It listens on the comment bus for comments addressed to its
/// article and appends them; the feed reactor re-emits its state through
/// `with(section:)` so the list redraws.
package final class ArticleSectionReactor: SectionReactor {
    package enum Action { case appendComment(Comment) }

    package struct State: SectionReactorState {
        package var article: Article
        package let addComment: AddCommentCellReactor

        package var sectionItems: [ArticleSectionItem] {
            article.body.map(ArticleSectionItem.text)
                + article.comments.map(ArticleSectionItem.comment)
                + [.addComment(addComment)]
        }

        /// "Article N · author · K comments" (in English).
        package var headerText: String { headerText(strings: AppStrings(language: .english)) }

        /// The header row in `strings`' language and symbols.
        package func headerText(strings: AppStrings) -> String {
            strings.articleHeader(id: article.id, author: article.author, comments: article.comments.count)
        }
    }

    package let initialState: State
    package let reactorStorage = ReactorStorage()
    private let bus: CommentEventBus

    package init(article: Article, bus: CommentEventBus) {
        self.bus = bus
        var counter = article.comments.count
        let cell = AddCommentCellReactor(articleID: article.id, bus: bus) {
            counter += 1
            return counter
        }
        initialState = State(article: article, addComment: cell)
    }

    package func transform(mutation: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        let id = initialState.article.id
        let fromBus = bus.events
            .filter { $0.articleID == id }
            .map { Action.appendComment($0.comment) }
        return merge(mutation, fromBus).erased()
    }

    package func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .appendComment(let comment):
            state.article.comments.append(comment)
        }
        return state
    }
}
