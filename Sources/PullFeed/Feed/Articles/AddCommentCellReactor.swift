#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import OpenCombine
import Reactors

/// The "＋ Add a comment" row of an article. Activating it publishes a new comment for its
/// article on the comment bus; the article's section reactor picks it up.
package final class AddCommentCellReactor: Reactor {
    package enum Action { case create }
    package struct State { package var articleID: Int; package var created: Int }

    package let initialState: State
    package let reactorStorage = ReactorStorage()
    private let bus: CommentEventBus
    private let nextNumber: () -> Int

    init(articleID: Int, bus: CommentEventBus, nextNumber: @escaping () -> Int) {
        initialState = State(articleID: articleID, created: 0)
        self.bus = bus
        self.nextNumber = nextNumber
    }

    package func mutate(action: Action) -> AnyPublisher<Action, Never> {
        let event = CommentEvent(
            articleID: currentState.articleID,
            comment: Comment(author: "You", text: "New comment #\(nextNumber()) ✍️"))
        return Deferred { [bus] () -> Just<Action> in
            bus.events.send(event)
            return Just(.create)
        }
        .erased()
    }

    package func reduce(state: State, mutation: Action) -> State {
        var state = state
        state.created += 1
        return state
    }
}
