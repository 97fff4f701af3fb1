import SearchEngine
import Testing
@testable import PullFeed

/// A filter of grouped lines kept in the rows with every section open, projected onto the rows
/// as the sections fold: a folded section with matches is its header alone, an open one its
/// header and matching lines (a header that matches brings its first line), a ranked filter
/// drops headers and folded lines and keeps its order; each section counts the lines kept.
@Suite struct SectionFilterTests {
    /// Open rows: 0 `a` header, 1-3 its lines; 4 `b` header, 5-6; 7 `c` header, 8-9.
    static var sections: LineSections {
        let list = LineList(["a: 1", "a: 2", "b: 3", "a: 4", "c: 5", "b: 6", "c: 7"])
        var sections = LineSections()
        sections.group(SectionBatch(naming: list, range: 0..<list.count, by: try! CapturePattern(#"^(\w+):"#), firstLine: 0))
        return sections
    }

    static func map(folding names: [String] = []) -> SectionRowMap {
        var folds = SectionFolds()
        for name in names { folds.toggle(name) }
        return SectionRowMap(sections, folds: folds)
    }

    @Test func openSectionsShowTheirMatchesUnderTheirHeaders() {
        let filter = SectionFilter(matches: RowSet([2, 3, 8]), covered: 10, ranking: nil)
        let projection = filter.project(onto: Self.map())
        #expect(Array(projection.rows) == [0, 2, 3, 7, 8])
        #expect(projection.kept == [2, 0, 1])
        #expect(projection.keptLines == 3)
    }

    @Test func aFoldedSectionWithMatchesIsItsHeaderAndStillCountsThem() {
        let filter = SectionFilter(matches: RowSet([2, 3, 8]), covered: 10, ranking: nil)
        // Folded a: 0 `a` header; 1 `b` header, 2-3; 4 `c` header, 5-6.
        let projection = filter.project(onto: Self.map(folding: ["a"]))
        #expect(Array(projection.rows) == [0, 4, 5])
        #expect(projection.kept == [2, 0, 1])
        #expect(projection.keptLines == 3)
    }

    @Test func aMatchInAHeaderKeepsTheSectionsFirstLine() {
        let filter = SectionFilter(matches: RowSet([4, 9]), covered: 10, ranking: nil)
        let projection = filter.project(onto: Self.map())
        #expect(Array(projection.rows) == [4, 5, 7, 9])
        #expect(projection.kept == [0, 1, 1])
    }

    @Test func aRankedFilterDropsHeadersAndFoldedLinesAndKeepsItsOrder() {
        let keys = [(9, 8), (1, 2), (3, 9), (5, 0), (2, 4)].map { FuzzyQuery.rankKey(score: $0.0, length: 5, row: $0.1) }
        let ranking = FilterRanking(keys: keys)
        let filter = SectionFilter(matches: RowSet([0, 2, 4, 8, 9]), covered: 10, ranking: ranking)
        let open = filter.project(onto: Self.map())
        #expect(open.ranking?.rows == ranking.rows.filter { ![0, 4].contains($0) })
        #expect(Array(open.rows) == [2, 8, 9])
        // Folded a: 0 `a` header; 1 `b` header, 2-3; 4 `c` header, 5-6.
        let folded = filter.project(onto: Self.map(folding: ["a"]))
        #expect(folded.ranking?.rows == ranking.rows.filter { [8, 9].contains($0) }.map { $0 - 3 })
        #expect(Array(folded.rows) == [5, 6])
    }

    @Test func rowsAppendedAreAddedPastTheRowsCovered() {
        var filter = SectionFilter(matches: RowSet([2]), covered: 5, ranking: nil)
        filter.append([1, 2, 6, 8], through: 10)
        #expect(Array(filter.matches) == [2, 6, 8])
        #expect(filter.covered == 10)
    }
}
