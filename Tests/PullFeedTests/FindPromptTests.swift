@testable import PullFeed
import Testing
import TerminalUI

/// The search and filter prompt as a value: keys, Ctrl-R, what it asks of its owner, and
/// what it draws.
@Suite struct FindPromptTests {
    func typed(_ text: String, kind: FindPrompt.Kind = .filter) -> FindPrompt {
        var prompt = FindPrompt(kind: kind)
        for c in text { _ = prompt.handle(.key(.character(c))) }
        return prompt
    }

    @Test func keysSayWhatChanged() {
        var prompt = FindPrompt(kind: .filter)
        #expect(prompt.handle(.key(.character("a"))) == .patternChanged)
        #expect(prompt.handle(.key(.left)) == .none)
        #expect(prompt.handle(.key(.function(2))) == .none)
        #expect(prompt.handle(.paste("b\nc")) == .patternChanged)
        #expect(prompt.text == "b ca")
        #expect(prompt.handle(.key(.ctrl("r"))) == .patternChanged)
        #expect(prompt.literal)
        #expect(prompt.handle(.key(.enter)) == .submitted)
        #expect(prompt.handle(.key(.escape)) == .cancelled)
    }

    /// Tab and Shift-Tab in the filter prompt ask for a mark and leave the text as it is; in
    /// the search prompt they do nothing.
    @Test func tabInTheFilterPromptAsksForAMark() {
        var filter = typed("ab")
        #expect(filter.handle(.key(.tab)) == .mark(down: true))
        #expect(filter.handle(.key(.backTab)) == .mark(down: false))
        #expect(filter.text == "ab")
        var search = typed("ab", kind: .search)
        #expect(search.handle(.key(.tab)) == .none)
        #expect(search.text == "ab")
    }

    @Test func theTextIsARegularExpressionUntilCtrlR() throws {
        var prompt = typed("a.c|(x")
        #expect(prompt.parsed.error != nil)
        _ = prompt.handle(.key(.ctrl("r")))
        let pattern = try #require(prompt.parsed.pattern)
        #expect(pattern.syntax == .literal && pattern.matches("za.c|(x"))
        #expect(typed("").parsed.pattern == nil && typed("").parsed.error == nil)
    }

    @Test func drawsItsPrefixTextAndWhyItIsInvalid() {
        let screen = MemoryScreen(columns: 40, rows: 1)
        typed("ab(", kind: .search).draw(on: screen, row: 0, width: 40, strings: AppStrings(language: .english))
        #expect(screen.lines[0].hasPrefix("/ab("))
        #expect(screen.lines[0].contains("Invalid pattern:"))
        var literal = typed("ab(")
        _ = literal.handle(.key(.ctrl("r")))
        literal.draw(on: screen, row: 0, width: 40, strings: AppStrings(language: .simplifiedChinese))
        #expect(screen.lines[0].hasPrefix("原文 &ab("))
        #expect(!screen.lines[0].contains("无效"))
    }
}
