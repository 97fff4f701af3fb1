import CombineSchedulers
import Dispatch
import Testing
import Reactors

@Suite("SectionReactor and with(section:)")
struct SectionReactorTests {
    @Test func eachChildStateChangeReEmitsTheParentOnce() {
        let first = ArticleSectionReactor(title: "first")
        let second = ArticleSectionReactor(title: "second")
        let parent = PassthroughSubject<ListState, Never>()
        let emissions = Recorder(parent.with(section: \.sections).map { $0.sections.count })
        parent.send(ListState(sections: [first, second]))
        #expect(emissions.values == [2])

        first.action.send(.addComment("hi"))
        #expect(emissions.values == [2, 2])
        second.action.send(.addComment("yo"))
        second.action.send(.addComment("yo again"))
        #expect(emissions.values == [2, 2, 2, 2])
    }

    @Test func subscribingDoesNotReEmitForReplayedChildStates() {
        let sections = (0..<3).map { ArticleSectionReactor(title: "article \($0)") }
        for section in sections {
            section.action.send(.addComment("before"))
        }
        let parent = CurrentValueSubject<ListState, Never>(ListState(sections: sections))
        let withSections = parent.with(section: \.sections)
        let first = Recorder(withSections)
        #expect(first.values.count == 1)
        let second = Recorder(withSections)
        #expect(second.values.count == 1)
        #expect(first.values.count == 1)

        let list = ArticleListReactor(sections: sections)
        var emissions = 0
        let counting = list.transform(state: Just(ListState(sections: sections)).eraseToAnyPublisher())
            .sink { _ in emissions += 1 }
        #expect(emissions == 1)
        counting.cancel()
    }

    @Test func aListReactorRedrawsWhenASectionChanges() {
        let section = ArticleSectionReactor(title: "article")
        let list = ArticleListReactor(sections: [section])
        let rows = Recorder(list.state.map { $0.sections.flatMap(\.currentState.sectionItems) })
        section.action.send(.addComment("a comment"))
        #expect(rows.values == [["article"], ["article", "a comment"]])
        #expect(list.currentState.sections.first === section)
    }

    @Test func replacingTheChildrenStopsListeningToTheOldOnes() {
        let old = ArticleSectionReactor(title: "old")
        let new = ArticleSectionReactor(title: "new")
        let list = ArticleListReactor(sections: [old])
        let emissions = Recorder(list.state.map { $0.sections.map(\.currentState.sectionItems) })
        list.action.send(.setSections([new]))
        old.action.send(.addComment("ignored"))
        #expect(emissions.values == [[["old"]], [["new"]]])
        new.action.send(.addComment("seen"))
        #expect(emissions.values == [[["old"]], [["new"]], [["new", "seen"]]])
    }

    @Test func nilAndEmptyPassTheParentThrough() {
        let parent = PassthroughSubject<ListState, Never>()
        let viaOptional = Recorder(parent.with(section: \.optionalSections).map(\.sections.count))
        let viaArray = Recorder(parent.with(section: \.sections).map(\.sections.count))
        let viaClosure = Recorder(parent.with(section: { _ -> [ArticleSectionReactor]? in nil }).map(\.sections.count))
        parent.send(ListState())
        parent.send(ListState())
        #expect(viaOptional.values == [0, 0])
        #expect(viaArray.values == [0, 0])
        #expect(viaClosure.values == [0, 0])
    }

    @Test func everyOverloadFollowsItsSections() {
        let header = ArticleSectionReactor(title: "header")
        let footer = ArticleSectionReactor(title: "footer")
        let item = ArticleSectionReactor(title: "item")
        var state = ListState(sections: [item], footer: footer)
        state.header = header
        state.optionalSections = [item]
        let parent = CurrentValueSubject<ListState, Never>(state)

        let closureArray = Recorder(parent.with(section: { $0.sections }))
        let closureSingle = Recorder(parent.with(section: { $0.header }))
        let keyPathOptionalArray = Recorder(parent.with(section: \.optionalSections))
        let keyPathArray = Recorder(parent.with(section: \.sections))
        let keyPathOptional = Recorder(parent.with(section: \.header))
        let keyPathSingle = Recorder(parent.with(section: \.footer))

        item.action.send(.addComment("item changed"))
        header.action.send(.addComment("header changed"))
        footer.action.send(.addComment("footer changed"))

        #expect(closureArray.values.count == 2)
        #expect(closureSingle.values.count == 2)
        #expect(keyPathOptionalArray.values.count == 2)
        #expect(keyPathArray.values.count == 2)
        #expect(keyPathOptional.values.count == 2)
        #expect(keyPathSingle.values.count == 2)
    }

    @Test func chainedWithCallsBothWork() {
        let header = ArticleSectionReactor(title: "header")
        let item = ArticleSectionReactor(title: "item")
        var state = ListState(sections: [item])
        state.header = header
        let parent = CurrentValueSubject<ListState, Never>(state)
        let emissions = Recorder(parent.with(section: \.sections).with(section: \.header))
        #expect(emissions.values.count == 1)
        item.action.send(.addComment("a"))
        #expect(emissions.values.count == 2)
        header.action.send(.addComment("b"))
        #expect(emissions.values.count == 3)
        item.action.send(.addComment("c"))
        #expect(emissions.values.count == 4)
    }

    @Test func aStubbedSectionDrivesTheParent() {
        let section = ArticleSectionReactor(title: "article")
        section.isStubEnabled = true
        let parent = CurrentValueSubject<ListState, Never>(ListState(sections: [section]))
        let emissions = Recorder(parent.with(section: \.sections))
        section.stub.state.value = .init(sectionItems: ["stubbed"])
        #expect(emissions.values.count == 2)
    }

    @Test func aChildWithNothingToReplayStillCounts() {
        let scheduler = DispatchQueue.test
        let child = DelayedSectionReactor(scheduler: scheduler.eraseToAnyScheduler())
        let parent = CurrentValueSubject<[DelayedSectionReactor], Never>([child])
        let emissions = Recorder(parent.with(section: { $0 }))
        #expect(emissions.values.count == 1)
        scheduler.advance()
        #expect(emissions.values.count == 2)
        child.action.send(.addComment("late"))
        scheduler.advance()
        #expect(emissions.values.count == 3)
    }
}

/// A section reactor whose states arrive on a scheduler, so it has nothing to replay at first.
private final class DelayedSectionReactor: SectionReactor {
    enum Action {
        case addComment(String)
    }

    struct State: SectionReactorState {
        var sectionItems: [String] = []
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()
    private let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
    }

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        if case let .addComment(text) = mutation {
            state.sectionItems.append(text)
        }
        return state
    }

    func transform(state: AnyPublisher<State, Never>) -> AnyPublisher<State, Never> {
        state.receive(on: scheduler).eraseToAnyPublisher()
    }
}
