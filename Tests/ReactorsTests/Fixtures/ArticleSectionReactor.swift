import Reactors

/// A section reactor: an article's rows, to which comments can be added.
final class ArticleSectionReactor: SectionReactor {
    enum Action {
        case addComment(String)
    }

    struct State: SectionReactorState {
        var sectionItems: [String]
    }

    let initialState: State
    let reactorStorage = ReactorStorage()

    init(title: String) {
        initialState = State(sectionItems: [title])
    }

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case let .addComment(text): state.sectionItems.append(text)
        }
        return state
    }
}

/// A list state holding section reactors in every shape `with(section:)` accepts.
struct ListState {
    var sections: [ArticleSectionReactor] = []
    var optionalSections: [ArticleSectionReactor]?
    var header: ArticleSectionReactor?
    var footer: ArticleSectionReactor

    init(sections: [ArticleSectionReactor] = [], footer: ArticleSectionReactor = ArticleSectionReactor(title: "footer")) {
        self.sections = sections
        self.footer = footer
    }
}

/// A list reactor whose state re-emits whenever one of its sections changes.
final class ArticleListReactor: Reactor {
    enum Action {
        case setSections([ArticleSectionReactor])
    }

    let initialState: ListState
    let reactorStorage = ReactorStorage()

    init(sections: [ArticleSectionReactor]) {
        initialState = ListState(sections: sections)
    }

    func reduce(state: ListState, mutation: Action) -> ListState {
        var state = state
        switch mutation {
        case let .setSections(sections): state.sections = sections
        }
        return state
    }

    func transform(state: AnyPublisher<ListState, Never>) -> AnyPublisher<ListState, Never> {
        state.with(section: \.sections)
    }
}
