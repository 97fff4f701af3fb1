import Foundation
import Testing
@testable import PullFeed
import PullToRefresh
import TerminalUI

/// Folds and a kept filter together on the screen: a fold or an unfold under a filter shows the
/// filter's lines in the sections as they now fold (a folded section with matches as its folded
/// header, with its count), and the title counts the lines kept, not the sections.
@Suite struct SectionFilterScreenTests {
    /// Four sections (`commit a` to `commit d`), each of 11 lines: 5 `Author` lines among them.
    static let log: [String] = ["a", "b", "c", "d"].flatMap { c in
        ["commit \(c)"] + (1...5).flatMap { i in ["Author \(c)\(i)", "body \(c)\(i)"] }
    }

    func harness(sectionBy: String = #"^\S+ (\S)"#, starts: Bool = false) -> ScreenHarness {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(Self.log)), rows: 40, sectionBy: sectionBy, sectionStarts: starts)
        h.advance(1)
        return h
    }

    func keepFilter(_ text: String, in h: ScreenHarness) {
        h.type("&" + text)
        h.press(.enter)
        h.advance(1)
    }

    /// The rows of the list (between the title and the status line), without the selection
    /// marker and the footer.
    func rows(_ h: ScreenHarness) -> [String] {
        h.lines.dropFirst().dropLast().map { String($0.dropFirst()) }.filter { !$0.isEmpty && !$0.contains("No more data") }
    }

    @Test func foldingUnderAKeptFilterFoldsTheSectionInTheFilteredRows() {
        let h = harness(sectionBy: #"^commit (\S+)"#, starts: true)
        keepFilter("Author", in: h)
        h.press(.character("o"))
        h.advance(1)
        #expect(Array(rows(h).prefix(3)) == ["▸ a · 5 of 11 lines", "▾ b · 5 of 11 lines", "Author b1"], "\(h.lines)")
        #expect(h.selectedRow == "▸ a · 5 of 11 lines")
        #expect(!h.lines.contains { $0.contains("body") || $0.contains("Author a") })
        #expect(rows(h).count == 1 + 3 * 6, "\(h.lines)")
        #expect(h.lines[0].contains("20 of 44 items"), "\(h.lines[0])")
    }

    @Test func foldOthersUnderAKeptFilter() {
        let h = harness()
        keepFilter("Author", in: h)
        h.press(.down, times: 5)
        #expect(h.selectedRow == "Author b1")
        h.press(.character("z"))
        h.advance(1)
        #expect(rows(h) == ["▸ a · 5 of 11 lines", "▾ b · 5 of 11 lines"] + (1...5).map { "Author b\($0)" }
                + ["▸ c · 5 of 11 lines", "▸ d · 5 of 11 lines"], "\(h.lines)")
        #expect(h.selectedRow == "Author b1")
        h.press(.character("Z"))
        h.advance(1)
        #expect(rows(h).count == 4 * 6)
        #expect(!h.lines.contains { $0.contains("body") || $0.contains("commit") })
    }

    @Test func aFilterKeepsAFoldedSectionWithMatchesAndUnfoldingShowsOnlyItsMatches() {
        let h = harness()
        h.press(.character("o"))
        #expect(h.selectedRow == "▸ a · 11 lines")
        keepFilter("Author", in: h)
        #expect(Array(rows(h).prefix(3)) == ["▸ a · 5 of 11 lines", "▾ b · 5 of 11 lines", "Author b1"], "\(h.lines)")
        h.press(.character("Z"))
        h.advance(1)
        #expect(Array(rows(h).prefix(7)) == ["▾ a · 5 of 11 lines"] + (1...5).map { "Author a\($0)" } + ["▾ b · 5 of 11 lines"],
                "\(h.lines)")
        #expect(!h.lines.contains { $0.contains("body") || $0.contains("commit") })
        #expect(h.lines[0].contains("20 of 44 items"), "\(h.lines[0])")
        h.press(.home)
        h.press(.enter)
        #expect(h.chosen.count == 1 && h.chosen.allSatisfy { $0.hasPrefix("Author ") }, "\(h.chosen)")
    }

    @Test func aRankedFilterHidesTheLinesOfAFoldedSectionAndShowsThemAgain() {
        let h = ScreenHarness(source: LiveFeedScreenTests.source(.init(Self.log)), rows: 40, sectionBy: #"^\S+ (\S)"#) { $0.fuzzy = true }
        h.advance(1)
        keepFilter("'b3", in: h)
        #expect(Set(rows(h).prefix(2)) == ["Author b3", "body b3"], "\(h.lines)")
        #expect(h.lines[0].hasSuffix("2 of 44 items"), "\(h.lines[0])")
        h.press(.character("o"))
        h.advance(1)
        #expect(!h.lines.contains { $0.contains(" b3") }, "section b folded: \(h.lines)")
        h.press(.character("Z"))
        h.advance(1)
        #expect(Set(rows(h).prefix(2)) == ["Author b3", "body b3"], "\(h.lines)")
    }

    @Test func theTitleCountsTheLinesAFilterKeepsNotTheSections() {
        let h = harness(sectionBy: #"^commit (\S+)"#, starts: true)
        keepFilter("Author", in: h)
        #expect(h.lines[0].contains("20 of 44 items"), "\(h.lines[0])")
        #expect(h.lines.filter { $0.contains("5 of 11 lines") }.count == 4)
        keepFilter("a3", in: h)
        #expect(h.lines[0].contains("2 of 44 items"), "Author a3 and body a3: \(h.lines[0])")
    }
}
