/// What a source shows of its results: the live one, or a kept one (`[`, `]`) while the live
/// feed goes on underneath, and whether the rows the shown result removed are shown among its
/// rows (`d`). Kept in the source's state; `FeedState.displayed` lays it over the live lines.
package struct HistoryView {
    /// The kept result shown in place of the live lines; nil while live.
    package var past: PastResult?
    /// `d`: the rows the shown result removed are shown, marked `-`.
    package var showsRemoved = false
    /// The shown result with the rows it removed among its rows (`d`), and which result it
    /// was built for (`FeedState.shownResultKey`).
    var withRemoved: (lines: ResultLines, of: Int)?
    /// The steps asked for and not arrived yet, added up (`[` -1, `]` +1): a step asked
    /// meanwhile goes on from where they will land.
    var pendingSteps = 0
    /// The rows shown last changed by a step or `d`, not by a refresh: the list keeps its place.
    var moved = false

    package init() {}
}
