import PullToRefresh
import TerminalText
import TerminalUI

/// The feed screen's input: keys, the mouse, pastes and resizes become list moves and the
/// reactor's actions (`FeedCommand` names what a key does).
extension FeedScreen {
    /// Handles one input event; a render follows.
    package func handle(_ event: InputEvent) {
        runtime.send(.input(event))
    }

    /// Does what a key does (`FeedCommand`); a render follows.
    package func perform(_ command: FeedCommand) {
        runtime.send(.command(command))
    }

    func handleInput(_ event: InputEvent) {
        if keysPage != nil, event.isInput {
            if keysPage?.handle(event, size: lastSize) != true { keysPage = nil }
            return
        }
        if find.isPrompting, event.isInput {
            find.handlePrompt(event)
            return
        }
        defer { previewFollowsSelection() }
        switch event {
        case .key(let key):
            find.keyPressed()
            if state.unreadAlert != nil || state.sourceSections?.contains(where: \.isAlerting) == true {
                reactor?.action.send(.dismissAlert)
            }
            // Ctrl-C never comes here: the main loop takes it as an interrupt (`interrupt()`).
            // Esc undoes the find state first (a search, its matches, a kept filter), one step a
            // press; only an Esc with nothing to undo quits.
            if key == .escape, find.escape() { return }
            guard let command = keyMap.action(for: key) else {
                refreshable.releasePulls()
                return
            }
            handleCommand(command)
        case .mouse(let mouse):
            if previewTakes(mouse) { return }
            switch mouse.kind {
            case .wheelUp: move(.wheelUp(1))
            case .wheelDown: move(.wheelDown(1))
            case .press(.left):
                let top = layout(for: lastSize).listTop
                move(.click(screenRow: mouse.row - top))
                unfoldSelectedHeader()
            default: break
            }
        case .paste:
            // Pasted text is never keys: the list has nothing to type into.
            break
        case .resize(let size):
            lastSize = size
            list.viewportHeight = paneLayout(for: size).listHeight
        }
    }

    /// Ctrl-C (the key, or SIGINT; `MainLoop.onInterrupt`): cancels a search, a filter's loading or the prompt; false when there
    /// is none (the app quits).
    package func interrupt() -> Bool {
        find.cancel()
    }

    func handleCommand(_ command: FeedCommand) {
        switch command {
        case .move(let listCommand):
            move(listCommand)
        case .refresh:
            refreshable.releasePulls()
            reactor?.action.send(commandSource.map(FeedReactor.Action.refreshSource) ?? .refreshKeepingPlace)
        case .refreshAll:
            refreshable.releasePulls()
            reactor?.action.send(.refreshKeepingPlace)
        case .togglePause:
            reactor?.action.send(commandSource.map(FeedReactor.Action.togglePauseSource) ?? .togglePause)
        case .togglePauseAll:
            reactor?.action.send(.togglePauseAll)
        case .stepHistory(let back):
            refreshable.releasePulls()
            if let source = commandSource { reactor?.action.send(.stepHistory(source: source, back: back)) }
        case .toggleRemoved:
            refreshable.releasePulls()
            if let source = commandSource { reactor?.action.send(.toggleRemoved(source: source)) }
        case .nextSource, .previousSource:
            refreshable.releasePulls()
            moveToSource(next: command == .nextSource)
        case .activate:
            refreshable.releasePulls()
            activate()
        case .quit:
            onQuit()
        case .redraw:
            onRedraw()
        case .search:
            refreshable.releasePulls()
            stopFollowing()
            find.open(.search)
        case .filter:
            refreshable.releasePulls()
            stopFollowing()
            find.open(.filter)
        case .nextMatch, .previousMatch:
            refreshable.releasePulls()
            stopFollowing()
            find.next(backward: command == .previousMatch)
        case .togglePreview:
            guard let preview else { return }
            if !preview.model.isOpen { preview.send(.select(previewRequest())) }
            preview.send(.toggle)
            list.viewportHeight = paneLayout(for: lastSize).listHeight
        case .scrollPreview(let lines):
            guard let pane = paneLayout(for: lastSize).pane else { return }
            preview?.send(.scroll(by: lines, height: pane.height))
        case .fold, .foldOthers, .unfoldAll:
            refreshable.releasePulls()
            fold(command)
        case .toggleWrap:
            refreshable.releasePulls()
            list.wrapsLines.toggle()
            statusLine.keyMapsChanged()
        case .toggleLineNumbers:
            refreshable.releasePulls()
            showsLineNumbers.toggle()
            updateNumberWidth()
        case .showKeys:
            refreshable.releasePulls()
            keysPage = KeysPage(keyMap: keyMap, strings: strings)
        case .toggleMark(let down):
            refreshable.releasePulls()
            toggleMark()
            move(down ? .down : .up)
        case .bound(let actions):
            refreshable.releasePulls()
            let context = boundCommandContext()
            // The placeholders (`{}`, `{1}`, `{q}`, `{+}`) stand for what was selected when the key was pressed.
            var templates = options.bindings.templates
            if let source = selectedSource, source < options.sourceDelimiters.count {
                templates = options.bindings.templates(delimiter: options.sourceDelimiters[source])
            }
            boundActions.run(actions[...]) { context.expand($0, templates: templates) }
        }
    }

    /// The source a key about one source acts on: the only one, or the selected row's.
    private var commandSource: Int? {
        state.sourceSections == nil ? 0 : selectedSource
    }

    /// The source of the selected row, when the list shows several.
    var selectedSource: Int? {
        guard state.sourceSections != nil, let row = list.selectedIndex else { return nil }
        return rows.sourceIndex(ofRow: filtered.baseIndex(of: row))
    }

    /// Selects the first row of the next or previous source (`{` on a source's later row goes
    /// to its own first row, as `{` goes to a paragraph's start); a folded source's header;
    /// under a filter, the first row it keeps. A source with no row to select (a filter keeps
    /// none of it) is passed over.
    private func moveToSource(next: Bool) {
        guard let headers = rows.sourceHeaderRows, !headers.isEmpty else { return }
        let selected = list.selectedIndex ?? -1
        let section = rows.sourceIndex(ofRow: max(0, list.selectedIndex.map { filtered.baseIndex(of: $0) } ?? 0)) ?? 0
        var target = next ? section + 1 : section
        // `{` past its own source's first row (its header lines are not selectable) goes there.
        if !next, let own = firstRow(ofSource: section, headers: headers), selected <= own { target -= 1 }
        while target >= 0, target < headers.count {
            if let row = firstRow(ofSource: target, headers: headers) {
                stopFollowing()
                refreshable.select(row: row)
                return
            }
            target += next ? 1 : -1
        }
    }

    /// The first row that can be selected in source `index`, in the list's rows: its first
    /// line, else its header (folded); under a filter, the first row it keeps.
    private func firstRow(ofSource index: Int, headers: [Int]) -> Int? {
        let end = index + 1 < headers.count ? headers[index + 1] : rows.rowCount
        for base in headers[index]..<end {
            if let row = filtered.index(ofBase: base), filtered.isSelectable(at: row) { return row }
        }
        return nil
    }

    /// Leaves following (Home to the new rows; a search or a filter, as `less +F` does, so
    /// that what arrives next does not pull the selection off the match).
    private func stopFollowing() {
        reactor?.action.send(.follow(false))
    }

    private func move(_ command: ListCommand) {
        // Home goes first to the newest items when they are above the view.
        if command == .home, let first = rows.firstNewRow, list.line(ofRow: first) < list.scrollOffset {
            stopFollowing()
            refreshable.select(row: first)
            return
        }
        refreshable.apply(command)
        // Where the selection went: End, or any move onto the last row, follows the end; any
        // other leaves it (the reactor decides what that loads).
        if state.source.isLineSource {
            let onLast = list.rowCount > 0 && list.selectedIndex == list.rowCount - 1
            reactor?.action.send(command == .end ? .followEnd : .follow(onLast))
        }
    }

    private func activate() {
        if refreshable.activateFooter() { return }
        if options.multi, !state.marks.isEmpty {
            reactor?.action.send(.choose(state.markedLineBytes))
            return
        }
        guard let row = list.selectedIndex else { return }
        switch rows.target(at: filtered.baseIndex(of: row)) {
        case .addComment(let cell):
            cell.action.send(.create)
        case .line(let shown):
            // Printed whole (a row shows a very long line cut) as the bytes read, without the
            // sequences drawn as colours, links or nothing (SGR, OSC 8, `ESC[K`), as `fzf
            // --ansi` does.
            let line = rows.wholeLineBytes(at: filtered.baseIndex(of: row)) ?? Array(shown.utf8)
            reactor?.action.send(.choose(TextWalker.removingDrawnSequences(from: line)))
        case .section(let name):
            reactor?.action.send(.unfold(name))
        case .none:
            refreshable.activateFooter(fromLastRow: true)
        }
    }
}
