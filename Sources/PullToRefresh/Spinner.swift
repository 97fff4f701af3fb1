/// A spinner's clock as a value: `tick` counts the frames since `start()`, one each
/// `interval`, and stays put when stopped. Its component times it (a repeating timer on its
/// runtime, while it shows refreshing). Which frame a tick shows is the view's business
/// (`RefreshGlyphs.spinnerFrame(_:)`), so the same spinner serves braille and ASCII.
struct Spinner: Hashable, Sendable {
    /// About 80 ms per frame.
    static var defaultInterval: Double { 0.08 }

    /// Seconds between ticks.
    let interval: Double
    /// Ticks since the last `start()` (0 right after it); kept when stopped.
    private(set) var tick = 0
    /// Whether the spinner turns: between `start()` and `stop()`.
    private(set) var isSpinning = false

    /// A stopped spinner that ticks every `interval` seconds once started.
    init(interval: Double = Spinner.defaultInterval) {
        self.interval = interval
    }

    /// Starts from the first frame; no-op while spinning.
    mutating func start() {
        guard !isSpinning else { return }
        tick = 0
        isSpinning = true
    }

    /// Stops turning (the tick is kept).
    mutating func stop() {
        isSpinning = false
    }

    /// One interval passed: the next frame, while spinning.
    mutating func advance() {
        guard isSpinning else { return }
        tick &+= 1
    }
}
