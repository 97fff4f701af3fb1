import PullToRefresh
import Reactors
import TerminalUI

/// The files as list rows: a header row per folder, then its files.
final class FileRows: ListDataSource {
    private(set) var rows: [(row: ListRow, path: String?)] = []
    private var paths: [String]?

    /// Takes the rows of `paths`, and says how the list reloads them.
    func update(_ paths: [String]) -> ListReload {
        guard paths != self.paths else { return .unchanged }
        self.paths = paths
        rows = []
        var folder: String?
        for path in paths {
            let parts = path.split(separator: "/")
            let dir = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
            if dir != folder { rows.append((.header(dir + "/", style: .bold), nil)); folder = dir }
            rows.append((.item(String(parts.last ?? ""), indent: 2), path))
        }
        return .keepingSelection(true)
    }

    var rowCount: Int { rows.count }
    func row(at index: Int) -> ListRow { rows[index].row }
}

/// Title, the refreshable list, and the help line: keys become list commands, and the
/// reactor's state becomes rows and the header's and footer's states.
final class FilesScreen {
    let rows = FileRows()
    let refreshable: RefreshableList
    let keys = KeyMap<ListCommand?>([
        KeyBinding([.up, .character("k")], help: "↑↓ move", action: .up),
        KeyBinding([.down, .character("j")], action: .down),
        KeyBinding([], help: "↑ at top: pull to refresh", action: nil),
        KeyBinding([.pageUp], action: .pageUp),
        KeyBinding([.pageDown], action: .pageDown),
        KeyBinding([.enter], help: "Enter print", action: nil),
        KeyBinding([.character("q")], help: "q quit", action: nil),
    ])
    var onChoose: (String) -> Void = { _ in }
    var onQuit: () -> Void = {}
    var onChange: () -> Void = {} { didSet { refreshable.onChange = onChange } }
    private var bag = Set<AnyCancellable>()

    init(reactor: FilesReactor, scheduler: LoopScheduler) {
        refreshable = RefreshableList(list: ListView(dataSource: rows), scheduler: scheduler)
        refreshable.header = RefreshHeader(scheduler: scheduler)      // pull down to refresh
        refreshable.footer = AutoRefreshFooter(scheduler: scheduler)  // load more at the bottom
        refreshable.bind(state: reactor.state, rows: { [rows] in rows.update($0.shown) }, activity: \.activity,
                         refresh: { reactor.action.send(.refresh) }, loadMore: { reactor.action.send(.loadMore) })
            .store(in: &bag)
    }

    func handle(_ event: InputEvent) {
        guard case .key(let key) = event else { return }
        if key == .character("q") { return onQuit() }
        if key == .enter, !refreshable.activateFooter(), let row = refreshable.list.selectedIndex,
           let path = rows.rows[row].path { return onChoose(path) }
        if let command = keys.action(for: key) ?? nil { refreshable.apply(command) } else { refreshable.releasePulls() }
    }

    func render(on canvas: Canvas) {
        let size = canvas.size
        canvas.fillRow(0, style: .reversed)
        canvas.draw(" Files · \(rows.rows.filter { $0.path != nil }.count) shown", row: 0, column: 0, style: .reversed)
        refreshable.draw(on: canvas, top: 1, height: max(0, size.rows - 2), width: size.columns)
        canvas.fillRow(size.rows - 1, style: .plain)
        canvas.draw(" " + keys.helpLine, row: size.rows - 1, column: 0, style: .dim)
    }
}
