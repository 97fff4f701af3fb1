/// What a header's or footer's model asks its shell to do after an event: the timers and the
/// request. The model itself never touches a scheduler or a publisher; the shell's runtime
/// asks for a render after every event, whatever changed.
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
}
