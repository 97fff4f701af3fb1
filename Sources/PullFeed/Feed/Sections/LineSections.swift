import SearchEngine

/// A line source's lines grouped into sections by a pattern: sections in the order their first
/// line arrived, lines in source order inside each, lines that name no section in a last
/// section, `Other`. With `--section-by` each line names its own section; with
/// `--section-start` a line the pattern names starts a section, and the lines after it belong
/// to it until the next such line (those before the first go to `Other`). Lines that name a
/// section seen before join it.
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
    /// With `--section-start`: the section the last start line named, which the lines after
    /// it join (nil: none yet, they go to `Other`).
    private var openSection: String?

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
        let shifted = { (numbers: [UInt32]) in shift == 0 ? numbers : numbers.map { $0 &+ shift } }
        // The batch's first lines, before any start line in it, go on in the section open
        // before it: they come before the batch's other lines, so every section stays in order.
        if !batch.continued.isEmpty { add(shifted(batch.continued), to: openSection, isNew: isNew) }
        for (name, numbers) in zip(batch.names, batch.lines) {
            add(shifted(numbers), to: name, isNew: isNew)
        }
        if let lastStart = batch.lastStart { openSection = lastStart }
        lineCount = first + batch.lineCount
    }

    /// Appends `lines` to the section `name` (nil: `Other`), made if it is not there.
    private mutating func add(_ lines: [UInt32], to name: String?, isNew: Bool) {
        guard let name else {
            other.lines += lines
            if isNew { other.newCount += lines.count }
            return
        }
        if let at = position[name] {
            named[at].lines += lines
            if isNew { named[at].newCount += lines.count }
        } else {
            position[name] = named.count
            var section = LineSection(name: name)
            section.lines = SectionLines(lines)
            if isNew { section.newCount = lines.count }
            named.append(section)
        }
    }

    /// Adds a section named `name` holding the lines numbered `lines` (a source's, in a list of
    /// several, ascending), `newCount` of them new.
    package mutating func addSource(named name: String, lines: SectionLines, newCount: Int) {
        var section = LineSection(name: name)
        section.lines = lines
        section.newCount = newCount
        position[name] = named.count
        named.append(section)
        lineCount = max(lineCount, Int(lines.last ?? 0) + 1)
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
///
/// With `starts` (`--section-start`) a line the pattern names starts a section and the lines
/// after it take its name; the lines before the batch's first start line cannot know theirs
/// (the section open before the batch), so they are kept apart, in `continued`, for
/// `LineSections` to place.
package struct SectionBatch: Sendable, Equatable {
    package var firstLine: Int
    package var lineCount: Int
    package var names: [String?] = []
    package var lines: [[UInt32]] = []
    /// With `starts`: the lines before the batch's first start line, which belong to the
    /// section open before the batch.
    package var continued: [UInt32] = []
    /// With `starts`: the name of the batch's last start line (the section open after it);
    /// nil when the batch has none.
    package var lastStart: String?

    /// Names lines `range` of `list`, numbered from `firstLine`; with `starts`, a named line
    /// names the lines after it too, up to the next named line.
    package init(naming list: LineList, range: Range<Int>, by pattern: CapturePattern, firstLine: Int, starts: Bool = false) {
        self.firstLine = firstLine
        lineCount = range.count
        var slot: [String?: Int] = [:]
        let offset = firstLine - range.lowerBound
        var open: String?
        list.forEachLineText(in: range) { index, bytes in
            var name = pattern.name(inLine: bytes).map(Self.cut)
            if starts {
                if let started = name {
                    open = started
                } else if let open {
                    name = open
                } else {
                    continued.append(UInt32(truncatingIfNeeded: index + offset))
                    return true
                }
            }
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
        lastStart = open
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
