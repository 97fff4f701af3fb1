import TerminalText

/// The feed screen's side of marks (`--multi`) and bound keys (`--bind`): which line a mark is
/// for, and what a bound command's placeholders stand for.
extension FeedScreen {
    /// Marks or unmarks the selected line (`--multi`; a row that shows no line is never marked).
    func toggleMark() {
        guard options.multi, let row = list.selectedIndex, let line = rows.lineIndex(atRow: filtered.baseIndex(of: row)) else { return }
        reactor?.action.send(.toggleMark(line))
    }

    /// What a bound command's placeholders stand for now.
    func boundCommandContext() -> BoundCommandContext {
        BoundCommandContext(line: selectedLineText(), query: find.queryText, marked: state.markedLines)
    }

    /// What `{}` stands for, for the preview and for bound commands alike: the selected line
    /// whole (a row shows a very long one cut), without the sequences drawn as colours or
    /// links; nil when the selection shows no line.
    func selectedLineText() -> String? {
        guard let row = list.selectedIndex, case .line(let shown) = rows.target(at: filtered.baseIndex(of: row)) else { return nil }
        return TextWalker.removingDrawnSequences(from: rows.wholeLine(at: filtered.baseIndex(of: row)) ?? shown)
    }
}
