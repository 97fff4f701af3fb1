import TerminalUI

/// How the rows are reloaded for a new state so that the user's place holds, decided from the
/// old and the new state alone (a pure value; the screen carries it out on the list).
///
/// - A refresh that keeps the place (`r`, a signal, `--every`) keeps the selected item on its
///   line of the view, found by identity; so do grouped lines that arrive inside sections
///   above the rows shown, and sections folded or unfolded (under a filter too).
/// - Lines dropped from the front of a stream move the rows after them up: the selected line
///   keeps its line of the view if it was kept, else the first row is selected.
/// - Input that cannot be read again comes back whole from a refresh: the selection stays.
/// - Any other refresh (a pull) goes back to the top; rows appended keep the selection.
/// - Under a ranked (fuzzy) filter, rows appended are ranked in among the rows shown: the
///   selected item keeps its line of the view, found by identity.
struct RowReload: Equatable {
    enum Mode: Equatable {
        /// Keep the item at this place on its line of the view.
        case keeping(ListPlace?)
        /// Keep the selected row's index (true), or go back to the top.
        case keepingSelection(Bool)
    }

    var mode: Mode
    /// The lines read from the end of a file after a gap (from this row on) were replaced by
    /// the counted ones: a selection after the gap keeps its distance to the end.
    var keepsDistanceToEndAfter: Int?
    /// The user follows the end: the selection goes to the last row.
    var selectsEnd: Bool
    /// What a filter selects once it has filtered the rows again, when they replace the ones
    /// it filtered (it shows none of the new rows until then, which takes a while for many
    /// rows): the last row while following, else the place (found by identity among the rows
    /// it keeps) unless the reload goes back to the top.
    var filterKeeps: FilterSelection?

    /// The row to select once the rows are reloaded (`rowCount` of them; the selection was on
    /// row `oldSelected` of `oldRows`), if the reload moves it: the last row while following,
    /// or the same distance to the end as before the counted lines replaced the end.
    func selection(rowCount: Int, oldRows: Int, oldSelected: Int?) -> Int? {
        guard rowCount > 0 else { return nil }
        if selectsEnd { return rowCount - 1 }
        guard let tailStart = keepsDistanceToEndAfter, let selected = oldSelected, selected > tailStart else { return nil }
        let target = rowCount - (oldRows - selected)
        return target >= 0 && target < rowCount ? target : nil
    }

    /// Whether the rows of `old` are gone (a refresh replaced them, or lines were dropped from
    /// the front): what was worked out over them (a filter, a search) starts again.
    static func replacesRows(from old: FeedState, to new: FeedState) -> Bool {
        new.generation != old.generation || new.dropped > old.dropped
    }

    /// Whether the reload may keep the selected item's place: the screen then takes the place
    /// before the rows change (it names the item, which costs a read of its line).
    static func mayKeepPlace(from old: FeedState, to new: FeedState) -> Bool {
        new.generation != old.generation || new.lineSections != nil || new.dropped != old.dropped
    }

    /// The reload from `old` to `new`; `place` is the list's place before it, `filtering`
    /// whether a filter decides the rows shown (they are not the items' rows then), and
    /// `ranked` whether it shows them ranked (rows appended may go above the selection).
    init(from old: FeedState, to new: FeedState, place: ListPlace?, filtering: Bool, ranked: Bool = false) {
        let replaced = new.generation != old.generation
        let shift = replaced ? 0 : new.dropped - old.dropped
        let keepsSelection = !replaced || new.source.keepsPlaceOnRefresh
        if shift > 0, !filtering, var kept = place {
            kept.identity = nil
            if kept.index < shift { kept.screenRow = 0 }
            kept.index = max(0, kept.index - shift)
            mode = .keeping(kept)
        } else if replaced, old.hasLoaded, new.refreshKeepsPlace, !new.source.keepsPlaceOnRefresh {
            mode = .keeping(place)
        } else if !replaced, new.lineSections != nil, !filtering || new.folds != old.folds {
            mode = .keeping(place)
        } else if !replaced, ranked, shift == 0 {
            mode = .keeping(place)
        } else {
            mode = .keepingSelection(keepsSelection)
        }
        keepsDistanceToEndAfter = keepsSelection && new.tailStart == nil ? old.tailStart : nil
        selectsEnd = new.keepsEnd
        if selectsEnd {
            filterKeeps = .lastRow
        } else if mode != .keepingSelection(false) {
            filterKeeps = .place(place)
        }
    }
}
