import Testing
import Reactors

@Suite("ActionSubject")
struct ActionSubjectTests {
    @Test func deliversToEverySubscriberAndIgnoresCompletion() {
        let subject = ActionSubject<Int>()
        let first = Recorder(subject)
        subject.send(1)
        let second = Recorder(subject)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(first.values == [1, 2])
        #expect(second.values == [2])
    }

    @Test func cancelledSubscriberStopsReceiving() {
        let subject = ActionSubject<Int>()
        let recorder = Recorder(subject)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        #expect(recorder.values == [1])
    }

    @Test func reentrantSendsReachEverySubscriberInOrder() {
        let subject = ActionSubject<Int>()
        let echo = subject.sink { if $0 == 1 { subject.send(2) } }
        let later = Recorder(subject)
        subject.send(1)
        #expect(later.values == [1, 2])
        echo.cancel()
    }

    @Test func honoursDemand() {
        let subject = ActionSubject<Int>()
        var received: [Int] = []
        var subscription: Subscription?
        subject.subscribe(AnySubscriber<Int, Never>(
            receiveSubscription: { subscription = $0; $0.request(.max(1)) },
            receiveValue: { received.append($0); return .none },
            receiveCompletion: { _ in }
        ))
        subject.send(1)
        subject.send(2)
        subscription?.request(.max(1))
        subject.send(3)
        #expect(received == [1, 3])
    }
}
