import Testing
import Reactors

@Suite("ReactorView")
struct ReactorViewTests {
    @Test func assigningAReactorBindsIt() {
        let view = CounterView()
        let reactor = CounterReactor(count: 3)
        view.reactor = reactor
        #expect(view.bindCount == 1)
        #expect(view.rendered == [3])
        view.tap()
        #expect(view.rendered == [3, 4])
        #expect(view.reactor === reactor)
    }

    @Test func reassigningCancelsTheOldBindings() {
        let view = CounterView()
        let old = CounterReactor()
        let new = CounterReactor(count: 10)
        view.reactor = old
        view.reactor = new
        old.action.send(.increase)
        #expect(view.rendered == [0, 10])
        #expect(view.bindCount == 2)
        #expect(view.cancellables.count == 1)
    }

    @Test func assigningNilOnlyCancels() {
        let view = CounterView()
        let reactor = CounterReactor()
        view.reactor = reactor
        view.reactor = nil
        reactor.action.send(.increase)
        #expect(view.rendered == [0])
        #expect(view.bindCount == 1)
        #expect(view.reactor == nil)
        #expect(view.cancellables.isEmpty)
    }

    @Test func aStubbedReactorDrivesTheView() {
        let view = CounterView()
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        view.reactor = reactor
        reactor.stub.state.value = .init(count: 42)
        view.tap()
        #expect(view.rendered == [0, 42])
        #expect(reactor.stub.actions == [.increase])
    }
}

private final class CounterView: ReactorView {
    let reactorViewStorage = ReactorViewStorage<CounterReactor>()
    private(set) var rendered: [Int] = []
    private(set) var bindCount = 0

    func bind(reactor: CounterReactor) {
        bindCount += 1
        reactor.state
            .map(\.count)
            .sink { [unowned self] in self.rendered.append($0) }
            .store(in: &cancellables)
    }

    func tap() {
        reactor?.action.send(.increase)
    }
}
