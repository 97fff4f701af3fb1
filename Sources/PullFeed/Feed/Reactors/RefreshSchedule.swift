/// Refreshing by itself (`--every`) as the feed's state shows it: the title's `every 2s` or
/// `paused`, and the `p` key in the help line.
package struct RefreshSchedule: Equatable, Sendable {
    /// Seconds from the end of one refresh to the start of the next.
    package var interval: Double
    /// The user paused it (`p`).
    package var isPaused = false
    /// A prompt is open (a search or a filter): a turn that comes waits until it closes.
    package var isHeld = false

    package init(interval: Double) {
        self.interval = interval
    }
}
