import PullToRefresh
import TerminalText
import TerminalUI

/// The feed screen's drawing: a projection of the reactor's state, the list and the find and
/// preview parts onto a `Canvas` (the terminal, or a `MemoryScreen` in tests).
extension FeedScreen {
    /// Draws the whole screen from the current state.
    package func render(on canvas: Canvas) {
        let size = canvas.size
        lastSize = size
        let layout = layout(for: size)
        let panes = preview?.layout(screen: layout) ?? PreviewLayout(screen: layout)
        let (listWidth, listHeight) = (panes.listWidth, panes.listHeight)
        if let row = layout.titleRow { drawTitle(on: canvas, row: row, width: size.columns) }
        for (number, (line, row)) in zip(state.headerLines, layout.fixedRows).enumerated() {
            drawFixedLine(line, number: number + 1, on: canvas, row: row, width: listWidth)
        }
        refreshable.draw(on: canvas, top: layout.listTop, height: listHeight, width: listWidth)
        if state.isEmpty, !state.isRefreshing, listHeight > 0, state.hasLoaded || state.failure != nil {
            let row = layout.listTop + min(list.topInset, listHeight - 1)
            canvas.fill(row: row, column: 0, width: listWidth, style: .plain)
            // An input that cannot be read again (standard input, a pipe) has nothing more to
            // give: the text does not invite a refresh.
            let closed = state.source.keepsPlaceOnRefresh ? strings.text(.emptyInput) : strings.empty
            let text = state.failure.map { strings.emptyAfterFailure(strings.toast(.refreshFailed(reason: $0))) }
                ?? (state.isOpen ? strings.text(state.source.hasPages ? .emptyWaiting : .commandRunning) : closed)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: max(0, listWidth - 1)), row: row, column: 0, style: .dim)
        }
        if let preview, let pane = panes.pane {
            preview.paneSize = (pane.width, pane.height)
            PreviewPane(escapes: list.escapes, unicode: options.unicode, colors: options.colors)
                .draw(preview.model, layout: panes, strings: strings, on: canvas)
        }
        if let row = layout.statusRow, !find.drawStatus(on: canvas, row: row, width: size.columns) {
            drawStatus(on: canvas, row: row, width: size.columns, previewHidden: panes.hidden)
        }
        keysPage?.draw(on: canvas)
    }

    func layout(for size: Size) -> ScreenLayout {
        ScreenLayout(size: size, fixedLines: state.headerLines.count)
    }


    /// A header line (`--header-lines`), in the column of the rows' text (after its line
    /// number, when they are shown) and scrolled sideways with them.
    private func drawFixedLine(_ line: String, number: Int, on canvas: Canvas, row: Int, width: Int) {
        canvas.fillRow(row, style: .plain)
        let digits = list.numberWidth
        if digits > 0 {
            let text = String(number)
            canvas.draw(text, row: row, column: 1 + max(0, digits - text.count), style: Style(dim: true), maxWidth: max(0, width - 1))
        }
        let column = 1 + (digits > 0 ? digits + 2 : 0)
        guard width > column else { return }
        let text = TextSanitizer.sanitize(String(line.prefix(list.horizontalOffset + width)))
        let shown = TextLayout.truncate(String(text.dropFirst(list.horizontalOffset)), toWidth: width - column)
        canvas.draw(shown, row: row, column: column, style: Style(underline: true), maxWidth: width - column)
    }

    /// Sets the list's number column to fit the largest line number a row may show, or takes
    /// it away (numbers hidden, or no lines: the demo's articles).
    func updateNumberWidth() {
        let largest = showsLineNumbers ? max(rows.largestLineNumber, state.headerLines.count) : 0
        list.numberWidth = largest > 0 ? String(largest).count : 0
    }

    private func drawTitle(on canvas: Canvas, row: Int, width: Int) {
        let content = TitleBar.Content(
            sourceTitle: state.source.title, itemCount: state.itemCount - state.changes.removedItems.count, shownCount: find.shownItemCount,
            more: state.hasMoreToAsk && state.hasLoaded, counting: state.isCounting,
            following: state.followsGrowingInput, columnOffset: list.horizontalOffset,
            every: state.autoRefresh?.interval, paused: state.autoRefresh?.isPaused ?? false, dropped: state.dropped,
            marked: state.marks.count, updated: updatedTime)
        titleBar.draw(content, strings: strings, on: canvas, row: row, width: width)
    }

    /// The time of the last successful refresh for the title, once it says more than the first
    /// load did: after a refresh, or from the start with `--every` (a dashboard, as `watch`).
    private var updatedTime: String? {
        if let position = shownHistory { return strings.history(position, timeZone: timeZone) }
        guard state.hasLoaded, let date = state.lastUpdated, state.generation > 1 || state.autoRefresh != nil else { return nil }
        return strings.updated(at: date, timeZone: timeZone)
    }

    /// The kept result shown in place of the live one (`[`, `]`), for the title: the only
    /// source's, or the selected row's source's, else the first source's that shows one.
    private var shownHistory: HistoryPosition? {
        guard let sections = state.sourceSections else { return state.history.past?.position }
        if let source = selectedSource, source < sections.count, let position = sections[source].history { return position }
        return sections.lazy.compactMap(\.history).first
    }

    /// What Enter does on the selected row, for the help line; nil where it does nothing.
    private var enterHelp: AppText? {
        if refreshable.isFooterSelected { return .helpLoadMore }
        guard let row = list.selectedIndex else { return nil }
        switch rows.target(at: filtered.baseIndex(of: row)) {
        case .addComment: return .helpComment
        case .line: return .helpPrint
        case .section, .none: return nil
        }
    }

    private func drawStatus(on canvas: Canvas, row: Int, width: Int, previewHidden: PreviewLayout.Hidden?) {
        let content: StatusLine.Content
        if let alert = state.unreadAlert {
            content = .alert(alert)
        } else if state.isRefreshing, !refreshable.isHeaderInView, state.sourceSections == nil {
            // The header is out of sight: the refresh shows here.
            content = .refreshing(refreshable.refreshingLine)
        } else if let toast = state.toast {
            content = .toast(toast)
        } else if let previewHidden {
            content = .previewHidden(previewHidden)
        } else {
            content = .help(enter: enterHelp)
        }
        statusLine.draw(content, strings: strings, colors: options.colors, on: canvas, row: row, width: width)
    }
}
