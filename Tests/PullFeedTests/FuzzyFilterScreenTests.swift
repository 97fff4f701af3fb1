@testable import PullFeed
import Testing
import PullToRefresh
import TerminalUI

/// The fuzzy filter on the feed screen, in virtual time: the `Fuzzy &` prompt (`--fuzzy`, or
/// Ctrl-R), rows ranked best first as fzf ranks them (or in the input's order with
/// `--no-sort`), the matched characters highlighted, and rows that arrive ranked into place.
@Suite struct FuzzyFilterScreenTests {
    static let paths = ["src/fuzzyfinder.swift", "docs/guide.md", "src/fuzzy-finder.swift", "README.md", "Makefile", "ff"]

    func screen(_ items: [String], fuzzy: Bool = true, sorts: Bool = true) -> ScreenHarness {
        let source = ScriptedSource { _ in .success(Page(items: items.map(FeedItem.line), hasMore: false)) }
        let h = ScreenHarness(source: source) {
            $0.fuzzy = fuzzy
            $0.sortsFuzzy = sorts
        }
        h.advance(1.5)
        return h
    }

    /// The rows of the list as shown, without the selection mark.
    func rows(_ h: ScreenHarness, count: Int) -> [String] {
        h.lines[1...count].map { String($0.dropFirst()).trimmingTrailingSpaces }
    }

    @Test func fuzzyRanksTheRowsBestFirstAndSelectsTheBest() {
        let h = screen(Self.paths)
        h.press(.character("&"))
        #expect(h.lines[23].hasPrefix("Fuzzy &"))
        h.type("ff")
        // A word start after `-` beats the hump-less `finder`; the whole line `ff` beats both;
        // rows without two f's in order (`Makefile`) are gone.
        #expect(rows(h, count: 3) == ["ff", "src/fuzzy-finder.swift", "src/fuzzyfinder.swift"])
        #expect(h.lines[0].hasSuffix("3 of 6 items"))
        #expect(h.selectedRow?.trimmingTrailingSpaces == "ff")
        h.press(.enter)
        h.press(.down)
        h.press(.enter)
        #expect(h.chosen == ["src/fuzzy-finder.swift"])
    }

    @Test func fzfsExtendedSyntaxNarrowsAndBackspaceGoesBack() {
        let h = screen(Self.paths)
        h.type("&src !fuzzy-")
        #expect(rows(h, count: 1) == ["src/fuzzyfinder.swift"])
        #expect(h.lines[0].hasSuffix("1 of 6 items"))
        h.press(.backspace, times: 8)
        #expect(h.lines[23].hasPrefix("Fuzzy &src"))
        #expect(h.lines[0].hasSuffix("2 of 6 items"))
        h.press(.ctrl("u"))
        h.type("^READ | make")
        // Both score the same (a word start, then consecutive letters): the shorter goes first.
        #expect(rows(h, count: 2) == ["Makefile", "README.md"])
        h.press(.ctrl("u"))
        h.type(".md$")
        #expect(h.lines[0].hasSuffix("2 of 6 items"))
    }

    @Test func noSortKeepsTheInputsOrder() {
        let h = screen(Self.paths, sorts: false)
        h.type("&ff")
        #expect(rows(h, count: 3) == ["src/fuzzyfinder.swift", "src/fuzzy-finder.swift", "ff"])
    }

    @Test func ctrlRGoesRoundRegularExpressionLiteralAndFuzzy() {
        let h = screen(["a.c", "abc", "a-b-c"], fuzzy: false)
        h.type("&a.c")
        #expect(h.lines[23].hasPrefix("&a.c"))
        #expect(h.lines[0].hasSuffix("2 of 3 items"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Literal &a.c"))
        #expect(h.lines[0].hasSuffix("1 of 3 items"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Fuzzy &a.c"))
        #expect(h.lines[0].hasSuffix("1 of 3 items"))
        h.press(.backspace, .backspace, .backspace)
        h.type("ac")
        #expect(h.lines[0].hasSuffix("3 of 3 items"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("&ac"))
        // The search prompt has no fuzzy step.
        h.press(.escape)
        h.type("/x")
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("Literal /x"))
        h.press(.ctrl("r"))
        #expect(h.lines[23].hasPrefix("/x"))
    }

    @Test func theMatchedCharactersAreHighlighted() {
        let h = screen(["docs", "README.md"])
        h.type("&rdme")
        let line = Array(h.lines[1])
        #expect(String(line).hasPrefix("›README.md"))
        let marked = (1..<10).filter { h.canvas.style(row: 1, column: $0).underline }.map { String(line[$0]) }
        #expect(marked.joined() == "RDME")
    }

    @Test func aRowThatArrivesIsRankedIntoPlaceAndTheSelectionStaysOnItsLine() {
        let source = LiveSource(lines: ["L19", "L29", "x", "L39"])
        let h = ScreenHarness(source: source) { $0.fuzzy = true }
        h.advance(0)
        h.type("&l9")
        #expect(rows(h, count: 3) == ["L19", "L29", "L39"])
        h.press(.enter)
        h.press(.down)
        #expect(h.selectedRow?.trimmingTrailingSpaces == "L29")
        let line = h.lines.firstIndex { $0.hasPrefix("›L29") }
        source.arrive(["L9", "y", "L49"])
        h.advance(0)
        // `L9` (a word start and its digit right after) goes first, `L49` after the others.
        #expect(h.lines[0].contains("5 of 7 items"))
        #expect(h.selectedRow?.trimmingTrailingSpaces == "L29")
        // The list is shorter than the screen: the selected row moves down by the row ranked above it.
        #expect(h.lines.firstIndex { $0.hasPrefix("›L29") } == line.map { $0 + 1 })
        h.press(.home)
        #expect(rows(h, count: 5) == ["L9", "L19", "L29", "L39", "L49"])
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
