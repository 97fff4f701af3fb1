import Locking
import SearchEngine

/// A result as the list shows it in place of a source's live lines: a kept result (`[`, `]`),
/// or a result with the rows it removed among its own (`d`). Its lines and header lines, what
/// it changed against the result before it (`+`, `~`, and the rows shown only for comparison),
/// that result's lines (the old texts of changed rows), its sections (`--section-by`), and a
/// serial number no other result shown in this run has: the rows are laid out anew for it.
package struct ResultLines: Sendable, Equatable {
    package var lines: LineList
    package var headerLines: [String]
    package var changes: RefreshChanges
    /// The result before it, when rows refer to it (changed rows' old texts); else empty.
    package var previousLines: LineList
    package var lineSections: LineSections?
    /// Stands for this result's rows wherever the list tells one set of rows from another
    /// (`FeedState.generation`, `itemsVersion`): above any count a source reaches.
    package let serial: Int

    package init(lines: LineList, headerLines: [String] = [], changes: RefreshChanges = RefreshChanges(),
                 previousLines: LineList = LineList(), lineSections: LineSections? = nil) {
        self.lines = lines
        self.headerLines = headerLines
        self.changes = changes
        self.previousLines = previousLines
        self.lineSections = lineSections
        serial = Self.serials.withLock { value in
            value += 1
            return value
        }
    }

    private static let serials = Locked(1 << 40)

    /// Whether it removed rows or changed a row's text against the result before it (`d`
    /// shows them), as far as it was compared.
    package var removedRows: Bool {
        changes.isComparison && (changes.goneCount > 0 || !changes.changedItems.isEmpty)
    }

    /// Two results shown are the same rows only when they are the same result.
    package static func == (lhs: ResultLines, rhs: ResultLines) -> Bool { lhs.serial == rhs.serial }
}

/// How a source's results are laid out when one is shown again: what identifies a line
/// (`--id`), how lines are grouped (`--section-by`, `--section-start`) and how many of a kept
/// result's first lines are header lines (`--header-lines`). Its work walks every line: it runs
/// off the UI thread.
package struct ResultShaping: Sendable {
    package var identity = LineIdentity.wholeLine
    package var sectionPattern: CapturePattern?
    package var sectionStarts = false
    package var headerCount = 0

    package init(identity: LineIdentity = .wholeLine, sectionPattern: CapturePattern? = nil, sectionStarts: Bool = false,
                 headerCount: Int = 0) {
        self.identity = identity
        self.sectionPattern = sectionPattern
        self.sectionStarts = sectionStarts
        self.headerCount = headerCount
    }

    /// A kept result's bytes as its header lines and its lines.
    package func split(_ bytes: [UInt8]) -> (header: [String], lines: LineList) {
        let all = LineList(splitting: bytes)
        let header = min(headerCount, all.count)
        return ((0..<header).map { all[$0] }, all.slice(header..<all.count))
    }

    /// `lines` (under `header`) shown with the marks of what they changed against `previous`
    /// (nil: the oldest result kept, nothing marked), grouped as the source groups its lines.
    package func result(header: [String], lines: LineList, previous: LineList?) -> ResultLines {
        var changes = RefreshChanges()
        if let previous {
            var before = FeedState()
            before.hasLoaded = true
            before.hasMore = false
            before.lines = previous
            before.lineIdentity = identity
            changes = SourceReactor.changes(from: before, to: Page(lines: lines, hasMore: false))
        }
        let old = changes.changedItems.isEmpty ? LineList() : previous ?? LineList()
        return ResultLines(lines: lines, headerLines: header, changes: changes, previousLines: old,
                           lineSections: sections(of: lines, changes: changes))
    }

    /// `lines` grouped as the source groups its lines, the new ones counted in their sections;
    /// nil when it does not group them.
    package func sections(of lines: LineList, changes: RefreshChanges) -> LineSections? {
        guard let sectionPattern else { return nil }
        var sections = LineSections()
        sections.group(SectionBatch(naming: lines, range: 0..<lines.count, by: sectionPattern, firstLine: 0, starts: sectionStarts))
        if changes.isComparison, !changes.newItems.isEmpty { sections.countNew { changes.newItems[$0] } }
        return sections
    }

    /// The identity key of every line of `lines`, as a refresh works them out.
    func keys(of lines: LineList) -> [UInt64] {
        var keys: [UInt64] = []
        guard !identity.isWholeLine else {
            ItemKeys.appendKeys(of: lines, to: &keys)
            return keys
        }
        var texts: [UInt64] = []
        ItemKeys.appendKeys(of: lines, identity: identity, ids: &keys, texts: &texts)
        return RefreshChanges.between(oldKeys: [], oldTexts: [], newIds: keys, newTexts: texts, compares: false).keys
    }
}
