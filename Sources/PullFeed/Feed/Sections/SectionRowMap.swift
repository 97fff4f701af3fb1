/// The rows of a grouped line source: each section's header row, then its lines unless it is
/// folded. Built in O(sections) from the sections and the folds; finding a row's section is a
/// binary search, so a frame costs the same with 10 sections or 100,000.
package struct SectionRowMap: Sendable {
    /// What a row shows.
    package enum Row: Equatable, Sendable {
        /// Section `section`'s header.
        case header(section: Int)
        /// Source line `number` (counting lines a stream dropped), of section `section`.
        case line(section: Int, number: Int)
    }

    package let sections: [LineSection]
    /// Whether each section is folded.
    package let folded: [Bool]
    /// The row of each section's header, ascending.
    private let starts: [Int]
    package let rowCount: Int
    /// How many rows there are with every section open.
    package let openRowCount: Int

    package init(_ sections: LineSections = LineSections(), folds: SectionFolds = SectionFolds()) {
        self.init(sections: sections.all, folded: sections.all.map { folds.isFolded($0.name) })
    }

    private init(sections: [LineSection], folded: [Bool]) {
        self.sections = sections
        self.folded = folded
        var starts: [Int] = []
        starts.reserveCapacity(self.sections.count)
        var row = 0, openRow = 0
        for (section, isFolded) in zip(self.sections, folded) {
            starts.append(row)
            row += 1 + (isFolded ? 0 : section.count)
            openRow += 1 + section.count
        }
        self.starts = starts
        rowCount = row
        openRowCount = openRow
    }

    /// What row `index` (in `0 ..< rowCount`) shows.
    package func row(at index: Int) -> Row {
        let section = section(ofRow: index)
        let offset = index - starts[section]
        return offset == 0 ? .header(section: section) : .line(section: section, number: Int(sections[section].lines[offset - 1]))
    }

    /// The section row `index` belongs to.
    package func section(ofRow index: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The same sections with none folded: the rows a search walks, so that it finds lines in
    /// folded sections too.
    package var unfolded: SectionRowMap {
        SectionRowMap(sections: sections, folded: Array(repeating: false, count: sections.count))
    }

    /// Where `other` (the same sections, folded otherwise) shows what row `row` here shows: the
    /// same line, or its section's header when `other` folds the section.
    package func row(_ row: Int, in other: SectionRowMap) -> Int {
        let section = section(ofRow: row)
        let offset = row - starts[section]
        return offset == 0 || other.folded[section] ? other.starts[section] : other.starts[section] + offset
    }

    /// The row of section `section`'s header.
    package func headerRow(of section: Int) -> Int { starts[section] }

    /// The header rows, ascending.
    package var headerRows: [Int] { starts }

    /// Runs of rows that show consecutive source lines, in `range`: each run's first row, and
    /// the source numbers of its lines; header rows are runs of their own with no lines.
    /// (Reading lines in runs is what makes search over grouped lines quick.)
    package func forEachRun(in range: Range<Int>, _ body: (Int, Range<Int>?) -> Bool) {
        let range = range.clamped(to: 0..<rowCount)
        guard !range.isEmpty else { return }
        var row = range.lowerBound
        var section = self.section(ofRow: row)
        while row < range.upperBound {
            let offset = row - starts[section]
            if offset == 0 {
                if !body(row, nil) { return }
                row += 1
            } else {
                let lines = sections[section].lines
                let sectionEnd = starts[section] + 1 + (folded[section] ? 0 : lines.count)
                let end = min(range.upperBound, sectionEnd)
                // The longest stretch of consecutive numbers from here: the rest of its run.
                let length = min(lines.consecutiveCount(from: offset - 1), end - row)
                let first = Int(lines[offset - 1])
                if !body(row, first..<first + length) { return }
                row += length
            }
            while section + 1 < starts.count, starts[section + 1] <= row { section += 1 }
        }
    }
}
