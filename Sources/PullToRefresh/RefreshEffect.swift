/// What a header's or footer's model asks its shell to do after an event: the timers, the
/// request, a redraw. The model itself never touches a scheduler or a publisher.
enum RefreshEffect: Hashable, Sendable {
    /// (Re)start the release timer: no pull input for the release delay counts as letting go.
    case armReleaseTimer
    /// Stop the release timer.
    case cancelReleaseTimer
    /// Start the park timer; when it fires, feed `RefreshEvent.parkTimerFired`.
    case armParkTimer
    /// Stop the park timer.
    case cancelParkTimer
    /// Send the request: a refresh for a header, the next page for a footer.
    case request
    /// Something drawn changed that the state does not tell (the rows pulled, the footer's
    /// visibility, its waiting title): redraw. State changes are seen by comparing
    /// `RefreshDisplay.state` before and after.
    case changed
}
