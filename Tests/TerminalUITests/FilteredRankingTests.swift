import SearchEngine
import Testing
@testable import TerminalUI

/// A filtered list shown in a ranked order: rows by rank, the row of a base row, a snapshot in
/// the order shown, and rows appended ranked into place.
@Suite struct FilteredRankingTests {
    static let texts = ["xx-rdme", "docs", "README.md", "rd me", "notes", "rdme"]

    func ranked(_ query: String, texts: [String] = texts) throws -> (FilteredListSource, FuzzyQuery) {
        let source = FilteredListSource(base: ArrayListDataSource(rows: texts.map { ListRow(text: $0) }))
        let pattern = try #require(try TextPattern(query, syntax: .fuzzy))
        let query = try #require(pattern.fuzzy)
        let snapshot = source.base.makeTextSnapshot()
        let matches = try #require(ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<snapshot.rowCount))
        let ranking = try #require(ListFinder.rank(query, in: snapshot, rows: matches))
        source.setFilter(pattern, matches: matches, ranking: ranking, through: snapshot.rowCount)
        return (source, query)
    }

    @Test func rowsAreShownBestFirstAndFoundByTheirBaseRow() throws {
        let (source, _) = try ranked("rdme")
        #expect((0..<source.rowCount).map { Self.texts[source.baseIndex(of: $0)] } == ["rdme", "rd me", "xx-rdme", "README.md"])
        #expect(source.index(ofBase: 2) == 3)
        #expect(source.index(ofBase: 1) == nil)
        #expect(source.firstShown(atOrAfter: 1) == 3)
        #expect(source.sectionHeader(forRow: 0) == nil)
        var shown: [String] = []
        source.textSnapshot().forEachRowText(in: 0..<source.rowCount) { _, bytes in
            shown.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
        #expect(shown == ["rdme", "rd me", "xx-rdme", "README.md"])
    }

    @Test func appendedRowsAreRankedIntoPlace() throws {
        var texts = Self.texts
        let base = ArrayListDataSource(rows: texts.map { ListRow(text: $0) })
        let source = FilteredListSource(base: base)
        let pattern = try #require(try TextPattern("rdme", syntax: .fuzzy))
        let snapshot = base.makeTextSnapshot()
        let matches = try #require(ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<snapshot.rowCount))
        source.setFilter(pattern, matches: matches, ranking: try #require(ListFinder.rank(pattern.fuzzy!, in: snapshot, rows: matches)),
                         through: snapshot.rowCount)
        texts += ["r-d-m-e", "RDME", "zz"]
        base.rows = texts.map { ListRow(text: $0) }
        let grown = base.makeTextSnapshot()
        source.appendRanked(ListFinder.rankKeys(pattern.fuzzy!, in: grown, range: source.coveredCount..<grown.rowCount), through: grown.rowCount)
        #expect(source.coveredCount == 9)
        // `RDME` ties `rdme` and goes after it (a later row); `r-d-m-e`'s gaps cost more than
        // its word starts give (as `fzf -f rdme` orders them).
        #expect((0..<source.rowCount).map { texts[source.baseIndex(of: $0)] } == ["rdme", "RDME", "rd me", "xx-rdme", "r-d-m-e", "README.md"])
        #expect(source.index(ofBase: 7) == 1)
        #expect(source.index(ofBase: 6) == 4)
    }
}
