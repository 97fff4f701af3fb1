import Testing
@testable import PullFeed
import TerminalUI

/// `FeedRows` keeps the lines it fetched lately (a frame asks for the same rows again); a
/// refresh that replaces the lines must not show the old ones.
@Suite struct FeedRowsTests {
    static let strings = AppStrings(language: .english)

    static func state(_ lines: [String], generation: Int) -> FeedState {
        var state = FeedState()
        state.lines = LineList(lines)
        state.generation = generation
        return state
    }

    @Test func aRefreshReplacesTheLinesShown() {
        let rows = FeedRows()
        rows.update(from: Self.state(["old 0", "old 1"], generation: 1), strings: Self.strings)
        #expect(rows.row(at: 0).text == "old 0")
        #expect(rows.row(at: 1).text == "old 1")
        rows.update(from: Self.state(["new 0", "new 1"], generation: 2), strings: Self.strings)
        #expect(rows.row(at: 0).text == "new 0")
        #expect(rows.row(at: 1).text == "new 1")
    }

    @Test func appendedLinesKeepTheOnesShown() {
        let rows = FeedRows()
        rows.update(from: Self.state(["a"], generation: 1), strings: Self.strings)
        #expect(rows.row(at: 0).text == "a")
        rows.update(from: Self.state(["a", "b"], generation: 1), strings: Self.strings)
        #expect(rows.rowCount == 2)
        #expect(rows.row(at: 0).text == "a")
        #expect(rows.row(at: 1).text == "b")
    }
}
