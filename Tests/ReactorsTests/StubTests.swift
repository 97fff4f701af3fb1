import Testing
@testable import Reactors

@Suite("Stub")
struct StubTests {
    @Test func stubbedActionIsTheStubsSubjectAndIsLogged() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        #expect(reactor.action === reactor.stub.action)
        reactor.action.send(.increase)
        reactor.action.send(.decrease)
        #expect(reactor.stub.actions == [.increase, .decrease])
        #expect(reactor.reduceCount == 0)
        #expect(reactor.currentState.count == 0)
        #expect(reactor.reactorStorage.core == nil)
    }

    @Test func stubbedStateEmitsTheStubsValueAndUpdatesCurrentState() {
        let reactor = TaggingReactor()
        reactor.isStubEnabled = true
        #expect(reactor.currentState == [])
        let states = Recorder(reactor.state)
        reactor.stub.state.value = ["stubbed"]
        #expect(reactor.currentState == ["stubbed"])
        #expect(states.values == [[], ["stubbed"]])
        #expect(reactor.hookCalls.isEmpty)
    }

    @Test func stubIsTheSameObjectEachTime() {
        let reactor = CounterReactor()
        #expect(reactor.stub === reactor.stub)
        #expect(!reactor.isStubEnabled)
    }

    @Test func stubStateStartsFromTheRawInitialState() {
        let reactor = CounterReactor(count: 7)
        reactor.isStubEnabled = true
        #expect(reactor.stub.state.value.count == 7)
        let late = Recorder(reactor.state.map(\.count))
        #expect(late.values == [7])
    }
}
