#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PullToRefresh
import Reactors
import TerminalText

/// What a feed shows: one source's lines and requests (a `SourceReactor`'s state), or the
/// list's, several sources' composed as sections (`FeedComposition`), which the screen draws.
package struct FeedState: SectionReactorState {
    /// Demo sections, one reactor per article.
    package var sections: [ArticleSectionReactor] = []
    /// Items of line sources.
    package var lines = LineList()
    package var isRefreshing = false
    package var isLoadingMore = false
    /// A catch-up request is in flight (lines that arrived without a request): no indicator
    /// shows it, and the goals wait for it.
    package var isCatchingUp = false
    package var hasMore = true
    /// The input is still open (a stream whose writer is there): more lines may come
    /// without a request even when `hasMore` is false.
    package var isOpen = false
    /// The source is still counting its lines (a large file): the count is a lower bound.
    package var isCounting = false
    /// While a file is counted, End shows its last lines after the lines counted so far:
    /// the index of the first of them (the rows show a gap before it). Nil otherwise.
    package var tailStart: Int?
    /// Whether a refresh has ever succeeded in this run (before that, an empty list is
    /// "loading", not "empty").
    package var hasLoaded = false
    package var lastUpdated: Date?
    /// Why the first load failed, while nothing has loaded yet: the empty list says it
    /// until the next refresh.
    package var failure: String?
    /// Bumped whenever the set of items changes (not for comment edits inside a section).
    package var itemsVersion = 0
    /// Bumped when a refresh replaces the items (the list goes back to the top).
    package var generation = 0
    /// What the last refresh changed: the items that are new since the one before, and
    /// every item's identity key.
    package var changes = RefreshChanges()
    /// What identifies a line from one refresh to the next (`--id`).
    package var lineIdentity = LineIdentity.wholeLine
    /// The lines before the last refresh, while some of its items are changed (their old
    /// texts, for drawing what changed) or gone (shown with `d`); empty otherwise.
    package var previousLines = LineList()
    /// The lines shown fixed above the items (`--header-lines`), from the last refresh.
    package var headerLines: [String] = []
    @Pulse package var toast: Toast?
    /// The last new line that matched the source's `--alert` (set once per alert).
    @Pulse package var alert: String?
    /// What the user chose with Enter (line sources), as the bytes read (the marked lines
    /// one per line, with `--multi`): the app prints it and exits.
    @Pulse package var chosenLine: [UInt8]?
    /// What the source can do (print a choice, page, keep the place on a refresh).
    package var source = SourceTraits()
    /// The user follows the end of a line source (End, or the selection on the last row),
    /// as `less +F` does: what arrives stays in view.
    package var isFollowing = false
    /// What the source loads by itself, request after request: the lines that arrived
    /// unasked, the rest of grouped lines, an open input read on, what the user asked for.
    package var goals = LoadGoals()
    /// What the user asked to have loaded, page after page until it is reached: the end (End,
    /// and again after a refresh while the user follows), or the line of a match a search found
    /// past the loaded ones. Leaving the end or a failed page gives up the end; a refresh that
    /// replaces the lines, Esc or a page that adds nothing gives up a line.
    package var loadGoal: LoadGoal? {
        get { goals.asked }
        set { goals.asked = newValue }
    }
    /// End asked for the rest, and it still loads.
    package var loadsToEnd: Bool { loadGoal == .end }
    /// A search or a filter has the lines past the loaded ones loaded (`LoadGoal.ahead`).
    package var loadsAhead: Bool {
        if case .ahead? = loadGoal { true } else { false }
    }
    /// The refresh running (or the last one) keeps the user's place: it came from `r`, F5,
    /// a signal or `--every`, not from a pull, which ends at the top.
    package var refreshKeepsPlace = false
    /// Refreshing by itself (`--every`): the interval and whether `p` paused it; nil when
    /// the feed refreshes only when asked.
    package var autoRefresh: RefreshSchedule?
    /// The source's input is watched while shown (a file): following it, the footer waits
    /// for more rather than saying there is none.
    package var isWatched = false
    /// Lines dropped from the front of a stream before `lines` (`--max-disk`, a full disk).
    package var dropped = 0
    /// The number (counting lines a stream dropped) of the first line that arrived by itself
    /// since the last refresh, in a file that grows: lines from it on are new (`+`). Nil when none.
    package var arrivedFrom: Int?
    /// How many lines arrived by themselves since the last refresh (`arrivedFrom`).
    package var arrivedCount: Int { arrivedFrom.map { max(0, dropped + lines.count - max($0, dropped)) } ?? 0 }
    /// How the source's last run or refresh failed (the toast that said so), until one succeeds:
    /// its section header says it when there are several sources.
    package var lastFailure: Toast.Kind?
    /// The list's alert not yet read (a key reads it): the status line shows it.
    package var unreadAlert: SourceAlert?
    /// Each source's section, when the list shows several sources (nil for one): its title,
    /// where its lines are, and what its header says.
    package var sourceSections: [SourceSection]?
    /// The lines the user marked (`--multi`); they follow their items across refreshes.
    package var marks = Marks()
    /// A source's: the kept result shown in place of its live lines, and `d`.
    package var history = HistoryView()

    /// The identity key of line `index`: the last refresh's, or worked out from the line as
    /// the next refresh will (so a mark made before it is found after it).
    package func lineKey(at index: Int) -> UInt64 {
        if tailStart == nil, index < changes.keys.count { return changes.keys[index] }
        return lineIdentity.isWholeLine ? ItemKeys.key(ofLine: lines[index]) : lineIdentity.keys(ofLine: lines[index]).id
    }

    /// The marked lines in list order, whole and without the sequences drawn as colours
    /// (as Enter prints one line).
    package var markedLines: [String] {
        markedIndices.map { TextWalker.removingDrawnSequences(from: lines.wholeLine(at: $0)) }
    }

    /// The marked lines as Enter prints them: the bytes read, one line after another.
    package var markedLineBytes: [UInt8] {
        let lines = markedIndices.map { TextWalker.removingDrawnSequences(from: self.lines.wholeLineBytes(at: $0)) }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// The marked lines' indices in the order the list shows them: the source's, or section
    /// by section when the lines are grouped (`--section-by`).
    private var markedIndices: [Int] {
        let marked = marks.indices.filter { $0 < lines.count }
        guard let lineSections, marked.count > 1 else { return marked }
        var ordered: [Int] = []
        var left = Set(marked)
        for section in lineSections.all where !left.isEmpty {
            for index in marked where left.contains(index) && Self.holds(section, number: index + dropped) {
                ordered.append(index)
                left.remove(index)
            }
        }
        return ordered + marked.filter { left.contains($0) }
    }

    /// Whether `section` holds source line `number` (its numbers are ascending).
    private static func holds(_ section: LineSection, number: Int) -> Bool {
        var low = 0, high = section.lines.count
        while low < high {
            let mid = (low + high) / 2
            if Int(section.lines[mid]) < number { low = mid + 1 } else { high = mid }
        }
        return low < section.lines.count && Int(section.lines[low]) == number
    }

    /// The marks moved to where their items are in `lines` now (after the lines were
    /// replaced). Without a key per line, a mark is looked for only near its old place.
    mutating func relocateMarks() {
        guard !marks.isEmpty else { return }
        let state = self
        let everyKey = tailStart == nil && changes.keys.count == lines.count
        marks = marks.relocated(count: lines.count, maxDistance: everyKey ? .max : Self.markSearchDistance) {
            state.lineKey(at: $0)
        }
    }

    /// How far from its old index a mark is looked for when the lines have no keys yet.
    static let markSearchDistance = 10_000
    /// The lines grouped into sections (`--section-by`); nil when they are not grouped.
    package var lineSections: LineSections?
    /// Which of those sections are folded.
    package var folds = SectionFolds()

    package var itemCount: Int { sections.isEmpty ? lines.count : sections.count }
    /// The items loaded so far, counting the lines a stream dropped from its front: it grows
    /// with every line that arrives, whatever was dropped meanwhile.
    package var loadedThrough: Int { dropped + itemCount }
    /// What the header and footer show: whether a refresh or a load runs, and whether
    /// there is more.
    package var activity: RefreshActivity {
        RefreshActivity(isRefreshing: isRefreshing, isLoadingMore: isLoadingMore, hasMore: hasMoreToAsk, lastUpdated: lastUpdated,
                        isWaitingForMore: !hasMoreToAsk && (isOpen || followsGrowingInput))
    }
    /// More can be read, and only when asked: not while following an open input, whose
    /// lines come unasked (its reader reads on to the end). A stream read faster than it
    /// pauses has more for a moment between two arrivals; the title and footer would
    /// flash "+" and "Scroll down to load more" for it.
    package var hasMoreToAsk: Bool { hasMore && !(isFollowing && isOpen) }
    /// A command's run still going: its refresh is not over, though its first lines were
    /// shown at its first pause (`--every` counts from its end). An input that stays open
    /// without being run again (standard input, a FIFO) is no run.
    package var isRunning: Bool { isOpen && !source.hasPages }
    package var isEmpty: Bool { sections.isEmpty && lines.isEmpty }
    /// The section's items: its lines, as one list (not copied line by line).
    package var sectionItems: [LineList] { [lines] }
    /// The user follows an input that can still grow (a stream still open, a file still
    /// being counted or watched): the title says `following`, and the footer waits for more.
    package var followsGrowingInput: Bool { isFollowing && (isOpen || isCounting || isWatched) }
    /// Rows that arrive now keep the selection on the last row: the user follows the end, and
    /// End still loads the rest, or the input is open, or nothing is left to load. (A page
    /// the footer loads under the last row of a file ends following: it does not pull the
    /// selection down.)
    package var keepsEnd: Bool { isFollowing && (loadsToEnd || isOpen || !hasMore) }
}
