import TerminalUI

/// A line source's lines grouped into sections by a pattern (`--section-by`): sections in the
/// order their first line arrived, lines in source order inside each, lines that name no
/// section in a last section, `Other`.
///
/// Grouping is incremental: `group(_:)` takes the lines that arrived and touches only their
/// sections (one dictionary look-up per line), never regrouping what is there. Naming the
/// lines (the regular expression) is the costly part; it is done by `SectionBatch`, which may
/// run on any thread.
package struct LineSections: Equatable, Sendable {
    /// Bytes of a section name kept (a longer name is cut on a character boundary; the row
    /// cuts it again to the width).
    package static let nameLimit = 256

    /// The named sections, in the order their first line arrived.
    package private(set) var named: [LineSection] = []
    /// Lines that name no section.
    package private(set) var other = LineSection(name: nil)
    /// Where each name is in `named`.
    private var position: [String: Int] = [:]
    /// How many source lines are grouped (the next line's number).
    package private(set) var lineCount = 0

    package init() {}

    /// The sections as shown: the named ones, then `Other` if it has lines.
    package var all: [LineSection] { other.lines.isEmpty ? named : named + [other] }

    /// How many sections are shown.
    package var count: Int { named.count + (other.lines.isEmpty ? 0 : 1) }

    /// Section `index` as shown (`named`, then `Other`).
    package subscript(index: Int) -> LineSection { index < named.count ? named[index] : other }

    /// Adds the lines `batch` named; they follow the lines grouped so far. `isNew` marks them
    /// new. `firstLine` numbers the batch's first line (by default, as the batch does).
    package mutating func group(_ batch: SectionBatch, firstLine: Int? = nil, isNew: Bool = false) {
        let first = firstLine ?? batch.firstLine
        precondition(first >= lineCount, "lines are grouped in order")
        let shift = UInt32(truncatingIfNeeded: first - batch.firstLine)
        for (name, numbers) in zip(batch.names, batch.lines) {
            let lines = shift == 0 ? numbers : numbers.map { $0 &+ shift }
            if let name {
                if let at = position[name] {
                    named[at].lines += lines
                    if isNew { named[at].newCount += lines.count }
                } else {
                    position[name] = named.count
                    var section = LineSection(name: name)
                    section.lines = lines
                    if isNew { section.newCount = lines.count }
                    named.append(section)
                }
            } else {
                other.lines += lines
                if isNew { other.newCount += lines.count }
            }
        }
        lineCount = first + batch.lineCount
    }

    /// Forgets the lines numbered below `line` (a stream dropped them from its front); a
    /// section left with no line goes. Rare (a stream drops lines in large batches): it walks
    /// every section.
    package mutating func forgetLines(before line: Int) {
        let limit = UInt32(truncatingIfNeeded: max(0, line))
        func trim(_ section: inout LineSection) {
            var low = 0, high = section.lines.count
            while low < high {
                let mid = (low + high) / 2
                if section.lines[mid] < limit { low = mid + 1 } else { high = mid }
            }
            let cut = low
            guard cut > 0 else { return }
            section.lines.removeFirst(cut)
            section.newCount = min(section.newCount, section.lines.count)
        }
        for i in named.indices { trim(&named[i]) }
        trim(&other)
        guard named.contains(where: { $0.lines.isEmpty }) else { return }
        named.removeAll { $0.lines.isEmpty }
        position = Dictionary(uniqueKeysWithValues: named.enumerated().compactMap { i, s in s.name.map { ($0, i) } })
    }

    /// Marks the lines whose numbers `isNew` says are new (after a refresh replaced them all).
    package mutating func countNew(_ isNew: (Int) -> Bool) {
        for i in named.indices { named[i].newCount = named[i].lines.reduce(0) { $0 + (isNew(Int($1)) ? 1 : 0) } }
        other.newCount = other.lines.reduce(0) { $0 + (isNew(Int($1)) ? 1 : 0) }
    }
}

/// Lines named by a pattern, ready to be grouped: each name found (nil for none) in the order
/// of its first line and the numbers of its lines. Made from lines without touching the
/// sections, so it can run off the UI thread.
package struct SectionBatch: Sendable, Equatable {
    package var firstLine: Int
    package var lineCount: Int
    package var names: [String?] = []
    package var lines: [[UInt32]] = []

    /// Names lines `range` of `list`, numbered from `firstLine`.
    package init(naming list: LineList, range: Range<Int>, by pattern: CapturePattern, firstLine: Int) {
        self.firstLine = firstLine
        lineCount = range.count
        var slot: [String?: Int] = [:]
        let offset = firstLine - range.lowerBound
        list.forEachLineText(in: range) { index, bytes in
            let name = pattern.name(inLine: bytes).map(Self.cut)
            let at: Int
            if let known = slot[name] {
                at = known
            } else {
                at = names.count
                slot[name] = at
                names.append(name)
                lines.append([])
            }
            lines[at].append(UInt32(truncatingIfNeeded: index + offset))
            return true
        }
    }

    /// `name` cut to `LineSections.nameLimit` bytes, on a character boundary.
    static func cut(_ name: String) -> String {
        guard name.utf8.count > LineSections.nameLimit else { return name }
        var result = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            if bytes > LineSections.nameLimit { break }
            result.append(character)
        }
        return result
    }
}
