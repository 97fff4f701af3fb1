import Testing
import Reactors

/// A reactor whose storage is shared with a reactor of another type (a misuse: each reactor needs
/// its own `let reactorStorage = ReactorStorage()`).
private final class BorrowingReactor: Reactor {
    enum Action { case ping }
    struct State { var text = "" }
    let initialState = State()
    let reactorStorage: ReactorStorage
    init(borrowing storage: ReactorStorage) { reactorStorage = storage }
}

/// Misusing `reactorStorage` is a clear crash with a message, never undefined behaviour.
@Suite struct StorageMisuseTests {
    @Test func sharingStorageBetweenReactorTypesCrashesClearly() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let counter = CounterReactor()
            counter.action.send(.increase)
            let borrower = BorrowingReactor(borrowing: counter.reactorStorage)
            _ = borrower.currentState
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("give each reactor its own `let reactorStorage = ReactorStorage()`"), "\(message)")
    }

    @Test func eachReactorWithItsOwnStorageWorks() {
        let counter = CounterReactor()
        counter.action.send(.increase)
        let borrower = BorrowingReactor(borrowing: ReactorStorage())
        #expect(borrower.currentState.text == "")
        #expect(counter.currentState.count == 1)
    }
}
