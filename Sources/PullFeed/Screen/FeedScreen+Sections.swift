import TerminalUI

/// Folding the sections of grouped lines (`--section-by`): the reactor owns which sections are
/// folded; the screen names the selected row's section and, when that section folds, moves
/// the selection to its header (its lines are gone from the rows).
extension FeedScreen {
    func fold(_ command: FeedCommand) {
        guard let reactor, reactor.currentState.lineSections != nil else { return }
        let section = list.selectedIndex.flatMap { rows.section(ofRow: filtered.baseIndex(of: $0)) }
        switch command {
        case .fold:
            guard let section else { return }
            reactor.action.send(.fold(section.name))
            if !section.folded { selectHeader(baseRow: section.headerRow) }
        case .foldOthers:
            guard let section else { return }
            reactor.action.send(.foldOthers(section.name))
        default:
            reactor.action.send(.unfoldAll)
        }
    }

    /// A click on a folded section's header unfolds it.
    func unfoldSelectedHeader() {
        guard let row = list.selectedIndex, case .section(let name) = rows.target(at: filtered.baseIndex(of: row)) else { return }
        reactor?.action.send(.unfold(name))
    }

    /// Selects the header of the section whose header is base row `baseRow` (folding moves no
    /// header before its own), where the list shows it.
    private func selectHeader(baseRow: Int) {
        let shown = filtered.shown
        let row = !filtered.isFiltering ? baseRow : shown.contains(baseRow) ? shown.rank(of: baseRow) : nil
        if let row, row < list.rowCount { refreshable.select(row: row) }
    }
}
