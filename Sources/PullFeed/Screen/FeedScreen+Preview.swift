import TerminalUI

/// The feed screen's side of the preview pane: where it goes, what the selected row asks it
/// for, and the wheel over it.
extension FeedScreen {
    /// Where the list and the preview pane (if open) go.
    func paneLayout(for size: Size) -> PreviewLayout {
        let screen = layout(for: size)
        return preview?.layout(screen: screen) ?? PreviewLayout(screen: screen)
    }

    /// Tells the preview what the selected row asks for now (nothing while it is closed: it
    /// asks when it opens).
    func previewFollowsSelection() {
        guard let preview, preview.model.isOpen else { return }
        preview.send(.select(previewRequest()))
    }

    /// What the selected row asks the preview for: its line run through `--preview`, or its
    /// demo article.
    func previewRequest() -> PreviewModel.Request? {
        guard let preview, let row = list.selectedIndex, !refreshable.isFooterSelected else { return nil }
        let base = filtered.baseIndex(of: row)
        if let line = selectedLineText() {
            return PreviewController.request(line: line, query: find.queryText, marked: state.markedLines, template: preview.settings.template)
        }
        guard let id = rows.articleID(at: base),
              let section = state.sections.first(where: { $0.currentState.article.id == id }) else { return nil }
        return PreviewController.request(article: section.currentState, strings: strings)
    }

    /// Scrolls the preview for the wheel over the pane; true when the event was the pane's (a
    /// click there selects nothing).
    func previewTakes(_ mouse: MouseEvent) -> Bool {
        guard let pane = paneLayout(for: lastSize).pane, pane.contains(row: mouse.row, column: mouse.column) else { return false }
        switch mouse.kind {
        case .wheelUp: preview?.send(.scroll(by: -3, height: pane.height))
        case .wheelDown: preview?.send(.scroll(by: 3, height: pane.height))
        default: break
        }
        return true
    }
}
