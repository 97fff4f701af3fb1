import CombineSchedulers
import Dispatch
import Testing
import Reactors

@Suite("Cancellation with prefix(untilOutputFrom:)")
struct StopwatchTests {
    @Test func stopsExactlyAtStopAndRestartsOnStart() {
        let scheduler = DispatchQueue.test
        let reactor = StopwatchReactor(scheduler: scheduler.eraseToAnyScheduler())
        let seconds = Recorder(reactor.state.map(\.seconds))

        reactor.action.send(.start)
        scheduler.advance(by: .milliseconds(3500))
        #expect(reactor.currentState.seconds == 3)

        reactor.action.send(.stop)
        scheduler.advance(by: .seconds(10))
        #expect(reactor.currentState.seconds == 3)

        reactor.action.send(.start)
        scheduler.advance(by: .seconds(2))
        #expect(reactor.currentState.seconds == 5)
        reactor.action.send(.stop)
        scheduler.advance(by: .seconds(5))
        #expect(seconds.values == [0, 1, 2, 3, 4, 5])
    }
}
