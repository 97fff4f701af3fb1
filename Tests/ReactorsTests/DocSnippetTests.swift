import Testing
import Reactors

/// The Reactors code of the README and of the DocC articles, verbatim (Scripts/check-doc-snippets.py
/// checks it), run: what each snippet prints is recorded by a local `print` and checked.
@Suite struct DocSnippetTests {
    /// The README's and the catalog's `CounterReactor`, and what the README says it prints.
    @Test func counter() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        final class CounterReactor: Reactor {
            enum Action { case increase, decrease }
            struct State { var count = 0 }

            let initialState = State()
            let reactorStorage = ReactorStorage()   // the only boilerplate: holds this reactor's streams

            func reduce(state: State, mutation: Action) -> State {
                var state = state
                switch mutation {
                case .increase: state.count += 1
                case .decrease: state.count -= 1
                }
                return state
            }
        }

        let counter = CounterReactor()
        let subscription = counter.state.map(\.count).sink { print("count:", $0) }   // count: 0
        counter.action.send(.increase)                                              // count: 1, before send returns
        print(counter.currentState.count)                                           // 1

        #expect(printed == ["count: 0", "count: 1", "1"])
        counter.action.send(.decrease)
        #expect(printed.last == "count: 0")
        subscription.cancel()
    }

    /// The README's section reactors (and `transform(state:)` of "Section reactors and cell
    /// events"): a comment added to one section re-emits the list.
    @Test func sections() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        final class ArticleSectionReactor: SectionReactor {
            enum Action { case addComment(String) }
            struct State: SectionReactorState { var sectionItems: [String] }

            let initialState: State
            let reactorStorage = ReactorStorage()
            init(title: String) { initialState = State(sectionItems: [title]) }

            func reduce(state: State, mutation: Action) -> State {
                var state = state
                if case let .addComment(text) = mutation { state.sectionItems.append(text) }
                return state
            }
        }

        final class ArticleListReactor: Reactor {
            enum Action { case load([String]) }
            struct State { var sections: [ArticleSectionReactor] = [] }

            let initialState = State()
            let reactorStorage = ReactorStorage()

            func reduce(state: State, mutation: Action) -> State {
                var state = state
                if case let .load(titles) = mutation { state.sections = titles.map(ArticleSectionReactor.init) }
                return state
            }

            func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
                state.with(section: \.sections)   // re-emit the list whenever a section changes
            }
        }

        let list = ArticleListReactor()
        let rows = list.state
            .map { $0.sections.flatMap(\.currentState.sectionItems) }
            .sink { print($0) }                                              // []
        list.action.send(.load(["Hello", "你好"]))                            // ["Hello", "你好"]
        list.currentState.sections[0].action.send(.addComment("Nice!"))     // ["Hello", "Nice!", "你好"]

        #expect(printed == [#"[]"#, #"["Hello", "你好"]"#, #"["Hello", "Nice!", "你好"]"#])
        rows.cancel()
    }
}
