import Testing
@testable import Reactors

@Suite("Pulse")
struct PulseTests {
    @Test func countRisesOnEveryAssignmentIncludingEqualValues() {
        var pulse = Pulse(wrappedValue: "a")
        #expect(pulse.valueUpdatedCount == 0)
        pulse.wrappedValue = "a"
        pulse.wrappedValue = "a"
        pulse.wrappedValue = "b"
        #expect(pulse.valueUpdatedCount == 3)
        #expect(pulse.projectedValue.wrappedValue == "b")
    }

    @Test func countWrapsFromMaxToZero() {
        var pulse = Pulse(wrappedValue: 1)
        pulse.valueUpdatedCount = .max
        pulse.wrappedValue = 2
        #expect(pulse.valueUpdatedCount == 0)
        #expect(pulse.value == 2)
    }

    @Test func reactorPulseEmitsOnAssignmentOnly() {
        let reactor = ToastReactor()
        let toasts = Recorder(reactor.pulse(\.$toast))
        #expect(toasts.values == [nil])
        reactor.action.send(.show("saved"))
        reactor.action.send(.show("saved"))
        reactor.action.send(.touch)
        reactor.action.send(.show("failed"))
        #expect(toasts.values == [nil, "saved", "saved", "failed"])
    }

    @Test func lateSubscriberGetsTheCurrentValueOnce() {
        let reactor = ToastReactor()
        reactor.action.send(.show("saved"))
        let toasts = Recorder(reactor.pulse(\.$toast))
        reactor.action.send(.touch)
        #expect(toasts.values == ["saved"])
    }
}

private final class ToastReactor: Reactor {
    enum Action {
        case show(String)
        case touch
    }

    struct State {
        @Pulse var toast: String? = nil
        var touches = 0
    }

    let initialState = State()
    let reactorStorage = ReactorStorage()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case let .show(text): state.toast = text
        case .touch: state.touches += 1
        }
        return state
    }
}
