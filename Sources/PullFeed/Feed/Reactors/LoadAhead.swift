/// A search or a filter looking through the lines past the loaded ones: the goal
/// `LoadGoal.ahead`. The source loads the next page, then the next, as long as each brings
/// lines, until the one who asked stops it (a match found, the screen filled, Esc) or, for a
/// search, the input is read through.
package struct LoadAhead: Equatable, Sendable {
    /// Who asked, and so what ends the goal when the lines stop coming.
    package enum Purpose: Equatable, Sendable {
        /// A search reads the input through: the goal is given up once there is no more, or an
        /// open input had nothing `emptyPagesBeforeEnd` times in a row (the search then goes on
        /// with the rows before its start).
        case search
        /// A filter fills the screen: the goal waits for lines that come by themselves (a
        /// stream's, a file's as it is counted) when a page brought none, and goes only when
        /// there can be no more or the filter stops it.
        case filter
    }

    package var purpose: Purpose
    /// The lines loaded (`FeedState.loadedThrough`) when the last page was asked for; nil
    /// before the first.
    package var askedAt: Int?
    /// The wait for an empty input is over: the next step asks it again, whatever it brought.
    package var asksAgain = false
    /// Pages in a row that brought nothing from an input that is still open.
    package var emptyPages = 0
    /// Waits `retryMilliseconds` to ask such an input again.
    package var isWaiting = false

    /// How often an open input that had nothing more is asked again before a search takes it
    /// as read through: a pipe is empty for a moment between a fast writer's writes, and only a
    /// pause of `emptyPagesBeforeEnd` asks `retryMilliseconds` apart ends the goal (an input
    /// that never pauses is searched until the match, as `less` does, or until Esc).
    package static let emptyPagesBeforeEnd = 3
    package static let retryMilliseconds = 40

    package init(_ purpose: Purpose) {
        self.purpose = purpose
    }
}
