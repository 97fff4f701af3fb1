import OpenCombine
import Reactors

/// Owns one demo article as a list section: its text rows, its comment rows and its
/// "＋ Add a comment" row. It listens on the comment bus for comments addressed to its
/// article and appends them; the feed reactor re-emits its state through
/// `with(section:)` so the list redraws.
public final class ArticleSectionReactor: SectionReactor {
    public enum Action { case appendComment(Comment) }

    public struct State: SectionReactorState {
        public var article: Article
        public let addComment: AddCommentCellReactor

        public var sectionItems: [ArticleSectionItem] {
            article.body.map(ArticleSectionItem.text)
                + article.comments.map(ArticleSectionItem.comment)
                + [.addComment(addComment)]
        }

        /// "Article N · author · K comments" (in English).
        public var headerText: String { headerText(strings: AppStrings(language: .english)) }

        /// The header row in `strings`' language and symbols.
        public func headerText(strings: AppStrings) -> String {
            strings.articleHeader(id: article.id, author: article.author, comments: article.comments.count)
        }
    }

    public let initialState: State
    public let reactorStorage = ReactorStorage()
    private let bus: CommentEventBus

    public init(article: Article, bus: CommentEventBus) {
        self.bus = bus
        var counter = article.comments.count
        let cell = AddCommentCellReactor(articleID: article.id, bus: bus) {
            counter += 1
            return counter
        }
        initialState = State(article: article, addComment: cell)
    }

    public func transform(mutation: AnyPublisher<Action, Never>) -> AnyPublisher<Action, Never> {
        let id = initialState.article.id
        let fromBus = bus.events
            .filter { $0.articleID == id }
            .map { Action.appendComment($0.comment) }
        return merge(mutation, fromBus).eraseToAnyPublisher()
    }

    public func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .appendComment(let comment):
            state.article.comments.append(comment)
        }
        return state
    }
}
