import Foundation
import Testing

/// Shrinking and growing the terminal again and again (down to 1×1, up to 300×100), also
/// while refreshing and loading more: the app keeps working and the selection stays on the
/// same item.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct HardeningResizeTests {
    static let sizes: [(Int, Int)] = [(1, 1), (300, 100), (2, 2), (40, 10), (1, 1), (20, 3), (120, 40), (5, 1), (80, 24)]

    /// Waits until the app has drawn for the new size: the title bar fills the first row
    /// (or, below 3 rows, the screen simply settles).
    func waitForLayout(_ session: HardeningSession, columns: Int, rows: Int) throws {
        if rows >= 3, columns >= 30 {
            try session.tmux.waitUntil(timeout: 5, "the \(columns)×\(rows) layout") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.first?.hasPrefix(" PullFeed") == true && lines.first.map(displayWidth) ?? 0 > columns - 3
            }
        } else {
            usleep(150_000)
        }
    }

    /// Where the `›` marker is and what it marks: two rows with the same text still differ.
    func selectedPlace(_ session: HardeningSession) -> String {
        let lines = session.screenLines()
        let row = lines.firstIndex { $0.hasPrefix("›") }
        return "\(row ?? -1) \(row.map { lines[$0] } ?? "")"
    }

    func expectFits(_ session: HardeningSession, columns: Int, rows: Int, _ context: String) {
        let lines = session.screenLines()
        #expect(lines.count == rows, "\(context): \(lines.count) rows")
        for (i, line) in lines.enumerated() {
            #expect(displayWidth(line) <= columns, "\(context): row \(i) overflows: \(line)")
        }
    }

    @Test func resizingKeepsTheSelectionAndTheAppWorking() throws {
        let session = try HardeningSession(["--latency", "1", "--release-delay", "0.1"])
        let app = try session.appPID()
        try session.tmux.waitFor("Article 1 ·", timeout: 15)
        // One Down at a time, each seen on screen: a Down still in flight when the first resize
        // comes would move the selection the test then says the resize moved.
        for step in 1...6 {
            let before = selectedPlace(session)
            session.tmux.sendKeys("Down")
            try session.tmux.waitUntil(timeout: 5, "Down \(step)") { _ in selectedPlace(session) != before }
        }
        let selected = try #require(session.selectedText())
        #expect(selected.hasPrefix("Article") == false)

        for (columns, rows) in Self.sizes {
            session.resize(columns: columns, rows: rows)
            try waitForLayout(session, columns: columns, rows: rows)
            #expect(ProcessProbe(pid: app).isAlive, "died at \(columns)×\(rows)")
            expectFits(session, columns: columns, rows: rows, "\(columns)×\(rows)")
            if rows >= 5, columns >= 60 {
                #expect(session.selectedText() == selected, "\(columns)×\(rows): selection moved")
            }
        }
        #expect(session.selectedText() == selected)

        // During a refresh (1 s) and a load (1 s): resize all the way down and up.
        session.tmux.sendKeys("r")
        try session.tmux.waitFor("Loading...")
        for (columns, rows) in Self.sizes { session.resize(columns: columns, rows: rows); usleep(40_000) }
        try session.tmux.waitFor("(edition 2)", timeout: 10)
        try waitForLayout(session, columns: 80, rows: 24)
        expectFits(session, columns: 80, rows: 24, "after the refresh")

        session.tmux.sendKeys("End")
        try session.tmux.waitFor("Loading more...")
        for (columns, rows) in Self.sizes.reversed() + Self.sizes { session.resize(columns: columns, rows: rows); usleep(40_000) }
        try waitForLayout(session, columns: 80, rows: 24)
        try session.tmux.waitFor("20+ items", timeout: 10)
        expectFits(session, columns: 80, rows: 24, "after loading more")

        // Still responsive: moves, and quits cleanly.
        let before = session.selectedText()
        session.tmux.sendKeys("Home")
        try session.tmux.waitUntil(timeout: 5, "Home") { _ in session.selectedText() != before }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
        session.expectTerminalRestored("after resizing")
    }

    /// A source that answers at once (before the first frame) still shows the list from its
    /// top: the first section header is on screen.
    @Test func anInstantFirstPageShowsTheTop() throws {
        for (columns, rows) in [(80, 24), (40, 8)] {
            let session = try HardeningSession(["--latency", "0"], columns: columns, rows: rows)
            let screen = try session.tmux.waitFor("10+ items")
            #expect(screen.components(separatedBy: "\n")[1].hasPrefix("  Article 1 ·"), "\(columns)×\(rows):\n\(screen)")
            session.tmux.sendKeys("q")
            #expect(try session.exitStatus() == 0)
        }
    }
}
