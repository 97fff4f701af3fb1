@testable import PullFeed
import Testing
import TerminalUI

/// Frames are asked for after the events the screen and its parts handle, and after nothing
/// else: a screen at rest asks for none (a frame that asked for another would draw without end),
/// and work that ends off the loop's thread asks for the frame that shows its result.
@Suite struct FrameRequestScreenTests {
    @Test func aScreenAtRestAsksForNoFrame() {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(LiveFeedScreenTests.hundred)))
        h.advance(2)
        #expect(h.lines.contains { $0.contains("L1") })
        var frames = 0
        h.screen.onRender = { frames += 1 }
        h.render()
        h.advance(5)
        #expect(frames == 0)
        h.screen.handle(.key(.character("j")))
        #expect(frames >= 1, "a key asks for a frame")
        frames = 0
        h.render()
        h.advance(5)
        #expect(frames == 0)
    }

    /// A search over so many rows that it walks in the background: its match arrives in a later
    /// turn, and asks for the frame that shows it.
    @Test func aSearchFoundInTheBackgroundAsksForItsFrame() {
        let total = FindModel.syncRows + 10_000
        let lines = (0..<total).map { "L\($0)" }
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(lines)), pageSize: total)
        h.advance(2)
        for c in "/L7" { h.press(.character(c)) }
        h.press(.enter)
        var frames = 0
        h.screen.onRender = { frames += 1 }
        h.screen.find.runtime.waitForBackgroundWork()
        #expect(frames == 0)
        h.advance(0)
        #expect(frames >= 1)
        #expect(h.selectedRow?.contains("L7") == true)
    }
}
