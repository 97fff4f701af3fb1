/// What the user asked to have loaded, kept in the source's `LoadGoals` until it is reached or
/// given up: after each request the reactor asks for the next page it needs.
package enum LoadGoal: Equatable, Sendable {
    /// End: every page, while there is more (given up when the user stops following).
    case end
    /// A search found a match on line `line` past the loaded ones: the pages through it.
    /// `askedAt` is the item count when its last page was asked for: a page that adds nothing
    /// gives the goal up (the input shrank since it was scanned).
    case line(Int, askedAt: Int)
    /// A search or a filter looks through the lines past the loaded ones: the next pages, until
    /// it stops asking or (a search's) the input is read through.
    case ahead(LoadAhead)
}
