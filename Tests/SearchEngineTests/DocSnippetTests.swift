import SearchEngine
import Testing

/// The code of the SearchEngine DocC catalog, verbatim (Scripts/check-doc-snippets.py checks
/// it), run: what it prints is recorded by a local `print` and checked.
@Suite struct DocSnippetTests {
    @Test func findAndFuzzyFilter() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let snapshot = StringsTextSnapshot(texts: ["Sources/main.swift", "README.md", "\u{1B}[31mmain\u{1B}[0m.c"])
        let pattern = try TextPattern("^main", syntax: .regularExpression)!
        print(ListFinder.matchingRows(pattern, in: snapshot, range: 0..<snapshot.rowCount)!)  // [2]: what the line shows
        let query = FuzzyQuery("rdme")!
        let found = ListFinder.fuzzyFilter(query, in: snapshot, range: 0..<snapshot.rowCount)!
        print(found.ranking.rows)  // [1]

        #expect(printed == ["[2]", "[1]"])
        #expect(Array(found.matches) == [1])
    }
}
