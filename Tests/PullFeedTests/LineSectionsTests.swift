import SearchEngine
import Testing
@testable import PullFeed

/// Grouping lines into sections: arrival order of sections, source order inside each, `Other`
/// last, lines that arrive later touching only their own section, and the rows they make.
@Suite struct LineSectionsTests {
    static let service = try! CapturePattern(#"^(\w+):"#)

    func batch(_ lines: [String], from first: Int = 0) -> SectionBatch {
        let list = LineList(lines)
        return SectionBatch(naming: list, range: 0..<list.count, by: Self.service, firstLine: first)
    }

    @Test func sectionsInArrivalOrderLinesInSourceOrderOtherLast() {
        var sections = LineSections()
        sections.group(batch(["b: 1", "a: 2", "nothing", "b: 3", "c: 4"]))
        #expect(sections.all.map(\.name) == ["b", "a", "c", nil])
        #expect(sections.all.map(\.lines) == [[0, 3], [1], [4], [2]])
        #expect(sections.lineCount == 5)
    }

    @Test func aLineArrivingUpdatesItsSectionOnly() {
        var sections = LineSections()
        sections.group(batch(["b: 1", "a: 2"]))
        let before = sections.all
        sections.group(batch(["a: 3"], from: 2), isNew: true)
        #expect(sections.all[0] == before[0], "b is untouched")
        #expect(sections.all[1].lines == [1, 2])
        #expect(sections.all[1].newCount == 1)
        sections.group(batch(["d: 4"], from: 3), isNew: true)
        #expect(sections.all.map(\.name) == ["b", "a", "d"])
    }

    @Test func longNamesAreCutOnACharacterBoundary() {
        let name = String(repeating: "中", count: 10_000)
        let cut = SectionBatch.cut(name)
        #expect(cut.utf8.count <= LineSections.nameLimit)
        #expect(cut.allSatisfy { $0 == "中" })
        #expect(cut.count == LineSections.nameLimit / 3)
    }

    @Test func oneSectionPerLine() {
        let lines = (0..<100_000).map { "s\($0): x" }
        var sections = LineSections()
        sections.group(batch(lines))
        #expect(sections.count == 100_000)
        let map = SectionRowMap(sections)
        #expect(map.rowCount == 200_000)
        #expect(map.row(at: 199_999) == .line(section: 99_999, number: 99_999))
    }

    @Test func rowsOfOpenAndFoldedSections() {
        var sections = LineSections()
        sections.group(batch(["b: 1", "a: 2", "nothing", "b: 3", "c: 4"]))
        var folds = SectionFolds()
        let open = SectionRowMap(sections, folds: folds)
        #expect(open.rowCount == 9)
        #expect((0..<9).map { open.row(at: $0) } == [
            .header(section: 0), .line(section: 0, number: 0), .line(section: 0, number: 3),
            .header(section: 1), .line(section: 1, number: 1),
            .header(section: 2), .line(section: 2, number: 4),
            .header(section: 3), .line(section: 3, number: 2),
        ])
        folds.toggle("b")
        folds.toggle(nil)
        let folded = SectionRowMap(sections, folds: folds)
        #expect(folded.rowCount == 6)
        #expect(folded.headerRows == [0, 1, 3, 5])
        #expect(folded.row(at: 2) == .line(section: 1, number: 1))
        folds.foldAll(sections.all.map(\.name), except: "a")
        #expect(SectionRowMap(sections, folds: folds).rowCount == 5)
        folds.unfoldAll()
        #expect(SectionRowMap(sections, folds: folds).rowCount == 9)
    }

    @Test func runsOfConsecutiveLines() {
        var sections = LineSections()
        sections.group(batch(["a: 0", "a: 1", "b: 2", "a: 3", "a: 4", "a: 5"]))
        let map = SectionRowMap(sections)
        var runs: [String] = []
        map.forEachRun(in: 0..<map.rowCount) { row, numbers in
            runs.append(numbers.map { "\(row):\($0.lowerBound)..<\($0.upperBound)" } ?? "\(row):header")
            return true
        }
        #expect(runs == ["0:header", "1:0..<2", "3:3..<6", "6:header", "7:2..<3"])
        runs = []
        map.forEachRun(in: 2..<5) { row, numbers in
            runs.append(numbers.map { "\(row):\($0.lowerBound)..<\($0.upperBound)" } ?? "\(row):header")
            return true
        }
        #expect(runs == ["2:1..<2", "3:3..<5"])
    }

    @Test func linesAStreamDroppedAreForgotten() {
        var sections = LineSections()
        sections.group(batch(["a: 0", "b: 1", "a: 2", "x", "c: 4"]))
        sections.forgetLines(before: 2)
        #expect(sections.all.map(\.name) == ["a", "c", nil], "b had only a dropped line")
        #expect(sections.all.map(\.lines) == [[2], [4], [3]])
        sections.group(batch(["c: 5", "b: 6"], from: 5))
        #expect(sections.all.map(\.name) == ["a", "c", "b", nil], "a name seen again opens a section at the end")
        #expect(sections.all[1].lines == [4, 5])
    }

    // MARK: Sections that start at a line (`--section-start`)

    static let commit = try! CapturePattern(#"^commit (\S{2})"#)

    func starts(_ lines: [String], from first: Int = 0) -> SectionBatch {
        let list = LineList(lines)
        return SectionBatch(naming: list, range: 0..<list.count, by: Self.commit, firstLine: first, starts: true)
    }

    static let gitLog = ["preamble", "commit a1", "Author: x", "", "commit b2", "diff", "+y", "commit a1 again", "tail"]

    @Test func aStartLineNamesTheLinesAfterItUntilTheNext() {
        var sections = LineSections()
        sections.group(starts(Self.gitLog))
        #expect(sections.all.map(\.name) == ["a1", "b2", nil])
        #expect(sections.all.map(\.lines) == [[1, 2, 3, 7, 8], [4, 5, 6], [0]], "a name seen before is joined; the lines before the first start are Other")
    }

    /// However the lines are cut into batches (pages, lines arriving), the sections are the
    /// ones a single batch makes: a batch's first lines go on in the section open before it.
    @Test func aSectionGoesOnAcrossBatches() {
        var whole = LineSections()
        whole.group(starts(Self.gitLog))
        let count = Self.gitLog.count
        for first in 0...count {
            for second in first...count {
                var sections = LineSections()
                for range in [0..<first, first..<second, second..<count] where !range.isEmpty {
                    sections.group(starts(Array(Self.gitLog[range]), from: range.lowerBound), isNew: range.lowerBound > 0)
                }
                #expect(sections.all.map(\.name) == whole.all.map(\.name), "cut at \(first), \(second)")
                #expect(sections.all.map(\.lines) == whole.all.map(\.lines), "cut at \(first), \(second)")
                #expect(sections.lineCount == count)
            }
        }
        // Lines that arrive later, before any start line of their own, are new in the open section.
        var sections = LineSections()
        sections.group(starts(["commit a1", "x"]))
        sections.group(starts(["y", "z"], from: 2), isNew: true)
        #expect(sections.all.map(\.count) == [4])
        #expect(sections.all[0].newCount == 2)
    }

    @Test func withoutStartsEveryLineNamesItself() {
        let list = LineList(Self.gitLog)
        let batch = SectionBatch(naming: list, range: 0..<list.count, by: Self.commit, firstLine: 0)
        #expect(batch.continued.isEmpty && batch.lastStart == nil)
        var sections = LineSections()
        sections.group(batch)
        #expect(sections.all.map(\.lines) == [[1, 7], [4], [0, 2, 3, 5, 6, 8]])
    }
}
