/// The lines of several sources as one list, in the order they arrived: a source's new lines
/// are appended after every line there (their numbers never change, as a grouped source's do
/// not), and each source knows which of the list's lines are its own. A source whose lines
/// were replaced (a refresh), cut from the front or read from the end has them all put
/// together again, source after source, and `generation` rises.
package struct ComposedLines: Sendable {
    package private(set) var lines = LineList()
    /// For each source, the list's number of each of its lines, ascending: its header lines
    /// (`--header-lines`) first, then its items.
    package private(set) var numbers: [SectionLines]
    /// For each source, how many of its first `numbers` are header lines.
    package private(set) var headerCounts: [Int]
    /// Bumped when the lines were put together again (what was worked out over them goes).
    package private(set) var generation = 0
    /// What each source's lines were when they were last taken: how many, its generation, how
    /// many it dropped, where its tail starts.
    private var taken: [Taken]

    private struct Taken: Equatable {
        var count = 0
        var generation = -1
        var dropped = 0
        var tailStart: Int?
        var headerCount = 0
    }

    package init(sources: Int) {
        numbers = Array(repeating: [], count: sources)
        headerCounts = Array(repeating: 0, count: sources)
        taken = Array(repeating: Taken(), count: sources)
    }

    /// Takes what the sources hold now: their new lines appended, or every line put together
    /// again when a source's lines were replaced.
    package mutating func update(_ sources: [FeedState]) {
        precondition(sources.count == taken.count, "one state a source")
        let rebuilds = zip(sources, taken).contains { source, taken in
            source.generation != taken.generation || source.dropped != taken.dropped || source.tailStart != taken.tailStart
                || source.lines.count < taken.count || source.headerLines.count != taken.headerCount
        }
        if rebuilds {
            lines = LineList()
            generation &+= 1
            for (index, source) in sources.enumerated() {
                numbers[index] = []
                headerCounts[index] = source.headerLines.count
                taken[index] = Taken(count: 0, generation: source.generation, dropped: source.dropped, tailStart: source.tailStart,
                                     headerCount: source.headerLines.count)
                // Its header lines head its section, then its lines follow.
                let first = lines.count
                lines.append(contentsOf: source.headerLines)
                lines.append(source.lines)
                numbers[index].append(range: first..<lines.count)
                taken[index].count = source.lines.count
            }
        }
        for (index, source) in sources.enumerated() where source.lines.count > taken[index].count {
            let first = lines.count
            let range = taken[index].count..<source.lines.count
            lines.append(source.lines, range: range)
            numbers[index].append(range: first..<first + range.count)
            taken[index].count = source.lines.count
        }
    }
}
