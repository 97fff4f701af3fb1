/// Something that happened to a header or footer, fed to its model
/// (`RefreshHeaderModel.handle(_:activity:)`, `RefreshFooterModel.handle(_:activity:)`).
///
/// User input (pulls, releases, moves, Enter), the timers the model asked for, the list's
/// content and frames, the component's own begin and end commands, and the owner's activity
/// changing. Each model ignores the events that are not its own (a header is never reached),
/// and the spinner's tick, which is its shell's.
enum RefreshEvent: Equatable, Sendable {
    /// Over-scroll past the edge by `rows` (negative: pushed back).
    case pull(by: Int)
    /// The user let go of a pull (any input that is not a pull).
    case release
    /// No pull input for the release delay: counts as letting go.
    case releaseTimerFired
    /// The park step ended: the request may go out.
    case parkTimerFired
    /// The view moved: `visibleFraction` of the footer row is on screen (0…1), and the move
    /// went down or not.
    case viewDidMove(visibleFraction: Double, movingDown: Bool)
    /// Enter on the footer row.
    case activate
    /// The list gained or lost its rows (the footer hides while there are none).
    case contentChanged(hasContent: Bool)
    /// The owner's activity changed from the given one to the one passed with the event.
    case activityChanged(from: RefreshActivity)
    /// A programmatic request (`beginRefreshing()`, a toolbar button): it parks and asks, like
    /// a gesture, unless the work already shows.
    case begin
    /// The component's own end command: a request not yet answered is dropped.
    case end
    /// A turn after the request went out to a bound owner: if the owner's activity still does
    /// not show the work, the owner dropped the request (a guard of its own), and the
    /// component stops waiting for it rather than show "Loading..." for good.
    case requestSettled
    /// A frame was drawn (the first one lets a refresh begun before it park).
    case rendered
    /// The spinner's interval passed while the component shows refreshing: its shell turns
    /// the spinner (the models have nothing to decide).
    case spinnerTicked

    /// The view moved, for a one-row footer: fully visible when the view is at the bottom.
    static func viewDidMove(atBottom: Bool, movingDown: Bool) -> RefreshEvent {
        .viewDidMove(visibleFraction: atBottom ? 1 : 0, movingDown: movingDown)
    }
}
