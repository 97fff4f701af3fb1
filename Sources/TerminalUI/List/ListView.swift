import SearchEngine
import TerminalText

/// A scrolling, sectioned list with a selection, header/footer accessory lines and
/// over-scroll reporting — the terminal counterpart of a phone's table view.
///
/// The list lays out a virtual line space
/// `[topInset accessory lines][rows 0 ..< rowCount][bottomInset accessory lines]`
/// and shows `viewportHeight` lines of it from `scrollOffset`. Accessory lines belong to
/// the client (pull-to-refresh draws its header and footer there) and scroll with the rows.
/// Each virtual line is one screen line, except a row the list wraps (`wrapsLines`), which
/// takes as many as its text needs; the view then begins `scrollSkip` screen lines into the
/// row at `scrollOffset`.
///
/// Every operation costs O(viewport): rows are fetched from the `dataSource` only when
/// visible or during short local scans for the next selectable row (a long run of
/// unselectable rows is the only thing that makes a scan longer).
///
/// The selection is kept visible by every command, with two deliberate exceptions that
/// only matter in viewports too small for their content: Up on the first selectable row
/// (and Down on the last) scrolls one line towards the edge even if the row leaves the
/// view, and a growing `topInset` at the top pushes the rows down without moving the view.
public final class ListView {
    /// The rows. Assigning a new source reloads with `keepingSelection: false`.
    public var dataSource: any ListDataSource {
        didSet { reloadData(keepingSelection: false) }
    }

    /// The number of rows as of the last `reloadData`.
    public internal(set) var rowCount: Int
    /// The selected row; always a selectable row, `nil` only when there is none.
    public internal(set) var selectedIndex: Int?
    /// The first visible line of the virtual line space, in `0 ... maxScrollOffset`.
    public internal(set) var scrollOffset: Int = 0
    /// Screen lines of the row at `scrollOffset` hidden above the view: 0, except while the
    /// list wraps rows (`wrapsLines`) and a row of several lines is scrolled part way.
    public internal(set) var scrollSkip: Int = 0
    /// Lines of the header accessory above row 0. Change it with `setTopInset(_:)`.
    public private(set) var topInset: Int

    /// Lines of the list area. A change keeps the selected row visible.
    public var viewportHeight: Int {
        didSet {
            viewportHeight = max(0, viewportHeight)
            clampScrollOffset()
            if let selectedIndex, !isRowVisible(selectedIndex) {
                position = revealedPosition(for: selectedIndex, direction: .minimal, base: position)
            }
        }
    }

    /// Whether a row too long for the width is broken into several screen lines (as `less`
    /// shows long lines) instead of cut with `…`. A wrapped row is still one row: Up and Down
    /// move by row, the selection covers all its lines, and each line after its first begins
    /// with `wrapMarker`. Rows are measured only when the list walks over them (the ones drawn,
    /// and as many as a move covers), never all of them. Sideways scrolling is off meanwhile.
    /// A change keeps the selected row on its screen line.
    public var wrapsLines: Bool {
        get { wraps }
        set {
            guard newValue != wraps else { return }
            relayingOut {
                wraps = newValue
                horizontalOffset = 0
            }
        }
    }
    private var wraps = false

    /// Columns of the list area, which wrapped rows are broken to fit; `draw` sets it to the
    /// width it draws at. A change keeps the selected row on its screen line.
    public var viewportWidth: Int {
        get { width }
        set {
            let value = max(0, newValue)
            guard value != width else { return }
            relayingOut { width = value }
        }
    }
    private var width = 80

    /// Digits of the number column drawn after the marker column (each row's `ListRow.number`,
    /// right-aligned and dim, then two blank columns); 0 (the default) draws none. The client
    /// sets it to fit the largest number it shows. A change keeps the selected row on its line.
    public var numberWidth: Int {
        get { digits }
        set {
            let value = max(0, newValue)
            guard value != digits else { return }
            relayingOut { digits = value }
        }
    }
    private var digits = 0

    /// Begins every screen line of a wrapped row after its first (`wrapsLines`); `"> "` suits
    /// an ASCII terminal.
    public var wrapMarker: String = "↳ " {
        didSet { relayingOut { wrapMarkerText = SanitizedText(wrapMarker) } }
    }
    var wrapMarkerText = SanitizedText("↳ ")
    /// Wrapped rows as last measured, by row index (see `wrappedRow`).
    var wrappedRows = RecentByIndex<WrappedRow>()

    /// Lines of the footer accessory after the last row (0 while the list is empty).
    /// Changing it moves nothing except what the new range of `scrollOffset` requires.
    public var bottomInset: Int {
        didSet {
            bottomInset = max(0, bottomInset)
            clampScrollOffset()
        }
    }

    /// Drawn in column 0 of the selected row; must be one column wide (`>` for ASCII terminals).
    public var selectionMarker: Character = "›" {
        didSet { selectionMarkerText = SanitizedText(String(selectionMarker)) }
    }
    var selectionMarkerText = SanitizedText("›")

    /// Text to mark wherever it shows in the visible rows (the last search or the filter);
    /// nil marks nothing. Only drawn rows are looked at.
    public var highlight: TextPattern?

    /// Drawn in column 0 of a row marked new (`ListRow.isNew`) that is not selected; one
    /// column wide. New rows are bold too, so they stand out without colour.
    public var newRowMarker: Character = "+" {
        didSet { newRowMarkerText = SanitizedText(String(newRowMarker)) }
    }
    var newRowMarkerText = SanitizedText("+")

    /// Drawn in column 0 of a changed row (`ListRow.previousText`) that is not selected; one
    /// column wide. The characters that changed are drawn in reverse video.
    public var changedRowMarker: Character = "~" {
        didSet { changedRowMarkerText = SanitizedText(String(changedRowMarker)) }
    }
    var changedRowMarkerText = SanitizedText("~")

    /// Drawn in column 0 of a marked row (`ListRow.isMarked`), selected or not; one column
    /// wide. Marked rows are bold too.
    public var markedRowMarker: Character = "*" {
        didSet { markedRowMarkerText = SanitizedText(String(markedRowMarker)) }
    }
    var markedRowMarkerText = SanitizedText("*")

    /// Drawn in column 0 of a removed row (`ListRow.isRemoved`); one column wide. Removed
    /// rows are dim too.
    public var removedRowMarker: Character = "-" {
        didSet { removedRowMarkerText = SanitizedText(String(removedRowMarker)) }
    }
    var removedRowMarkerText = SanitizedText("-")
    /// Whether the header of the section whose rows fill the top of the view stays on its first
    /// line (as a phone's table keeps its section headers), drawn over the row there, so the
    /// user always sees which section they are in. Needs a data source that answers
    /// `sectionHeader(forRow:)`. The selection is kept below it.
    public var stickyHeaders = false

    /// Whether the selected row is drawn as selected (a client hides it while something
    /// outside the rows, such as a footer, has the selection).
    public var showsSelection = true

    /// Columns of every row's text hidden at the left: long lines scrolled sideways with
    /// `.scrollRight` / `.scrollLeft`, back to 0 with `.lineStart`.
    public internal(set) var horizontalOffset = 0 {
        didSet { if horizontalOffset != oldValue { fittedRows.removeAll() } }
    }
    /// What escape sequences in row texts do: shown as text (`.inert`, the default), drawn
    /// as the styles their SGR sequences set over the row's style and the links their OSC 8
    /// sequences make, `ESC[K` as nothing (`.styles`: a selected row stays reversed), or taken
    /// out (`.removed`). Other sequences are always shown as text.
    public var escapes: EscapeHandling = .inert {
        didSet { if escapes != oldValue { relayingOut {} } }
    }
    /// The width of the row texts when the list was last drawn: a sideways scroll moves by
    /// half of it.
    var lastTextWidth = 80

    /// Row texts as last fitted for drawing, by row index (see `fittedText`).
    var fittedRows = RecentByIndex<FittedRow>()

    /// A list of `dataSource`'s rows, scrolled to the top, with its first selectable row
    /// (if any) selected. Negative sizes count as 0.
    ///
    /// - Parameters:
    ///   - dataSource: The rows.
    ///   - viewportHeight: Lines of the list area; 0 (nothing shown) until the client sets it.
    ///   - topInset: Lines of the header accessory above row 0.
    ///   - bottomInset: Lines of the footer accessory after the last row.
    public init(
        dataSource: any ListDataSource, viewportHeight: Int = 0, topInset: Int = 0, bottomInset: Int = 0
    ) {
        self.dataSource = dataSource
        self.viewportHeight = max(0, viewportHeight)
        self.topInset = max(0, topInset)
        self.bottomInset = max(0, bottomInset)
        self.rowCount = 0
        reloadData(keepingSelection: false)
    }

    // MARK: - Geometry

    /// Lines in the virtual line space: accessories plus rows.
    public var totalLines: Int { topInset + rowCount + bottomInset }

    /// The largest `scrollOffset`: the one that shows the last line at the bottom of the view.
    public var maxScrollOffset: Int { wrapsLines ? maxPosition.line : max(0, totalLines - viewportHeight) }

    /// Whether the view shows the very first line (the header accessory, if any, is fully visible).
    public var isAtTop: Bool { scrollOffset == 0 && scrollSkip == 0 }

    /// Whether the view shows everything down to the last line, footer accessory included.
    public var isBottomAccessoryFullyVisible: Bool {
        wrapsLines ? position >= maxPosition : scrollOffset + viewportHeight >= totalLines
    }

    /// The virtual line of row `index`.
    public func line(ofRow index: Int) -> Int { topInset + index }

    /// What occupies virtual line `line`, or `nil` outside the virtual line space.
    public func content(atLine line: Int) -> ListLine? {
        guard line >= 0 else { return nil }
        if line < topInset { return .topAccessory(line) }
        let row = line - topInset
        if row < rowCount { return .row(row) }
        let footer = row - rowCount
        return footer < bottomInset ? .bottomAccessory(footer) : nil
    }

    /// What is shown on `screenRow` of the list area (0 is its first row), or `nil` for blank space.
    public func line(atScreenRow screenRow: Int) -> ListLine? {
        guard screenRow >= 0, screenRow < viewportHeight else { return nil }
        guard wrapsLines else { return content(atLine: scrollOffset + screenRow) }
        return content(atLine: moved(position, by: screenRow).line)
    }

    /// The visible window, top to bottom (a wrapped row once); shorter than `viewportHeight`
    /// when the content ends.
    public func visibleLines() -> [ListLine] {
        if wrapsLines {
            var lines: [ListLine] = []
            for (line, part) in screenLines() where part == 0 || line == scrollOffset {
                if let content = content(atLine: line) { lines.append(content) }
            }
            return lines
        }
        let count = max(0, min(viewportHeight, totalLines - scrollOffset))
        var lines: [ListLine] = []
        lines.reserveCapacity(count)
        for offset in 0..<count {
            if let line = content(atLine: scrollOffset + offset) { lines.append(line) }
        }
        return lines
    }

    /// Whether row `index` is inside the visible window (a wrapped row: some of its lines).
    public func isRowVisible(_ index: Int) -> Bool {
        let line = line(ofRow: index)
        guard wrapsLines else { return line >= scrollOffset && line < scrollOffset + viewportHeight }
        return isLineVisible(line)
    }

    // MARK: - Changes from the client

    /// Re-reads `rowCount` after the data source changed.
    ///
    /// With `keepingSelection` (the default) the view does not move: after rows are appended
    /// the same row stays selected at the same place; after a replace the selection is
    /// clamped to the nearest selectable row (at or after its index, else before) and
    /// scrolled into view only if it changed. Without it the list is reset to its top with
    /// the first selectable row selected.
    public func reloadData(keepingSelection: Bool = true) {
        rowCount = max(0, dataSource.rowCount)
        fittedRows.removeAll()
        wrappedRows.removeAll()
        let previous = selectedIndex
        if keepingSelection, let previous, rowCount > 0 {
            let index = min(previous, rowCount - 1)
            selectedIndex = firstSelectable(atOrAfter: index) ?? lastSelectable(atOrBefore: index)
        } else {
            selectedIndex = nil
            if !keepingSelection { position = .top }
        }
        clampScrollOffset()
        if selectedIndex == nil, rowCount > 0 {
            let firstVisible = min(rowCount - 1, max(0, scrollOffset - topInset))
            selectedIndex = firstSelectable(atOrAfter: firstVisible) ?? lastSelectable(atOrBefore: firstVisible)
        }
        // With no viewport yet nothing is visible: revealing the selection would scroll past the
        // rows above it (a section header). Setting `viewportHeight` reveals it later.
        if let selectedIndex, viewportHeight > 0, selectedIndex != previous || !keepingSelection {
            position = revealedPosition(for: selectedIndex, direction: .minimal, base: position)
        }
    }

    /// Sets the header accessory's height, keeping the content visually stable: at the top
    /// the view stays at the top (a pull pushes the rows down, a collapsing header pulls
    /// them up); scrolled down, the visible rows stay where they are and the change
    /// happens out of sight above them. A selection pushed out of view moves to the nearest
    /// selectable row still visible, if any; with `keepingSelectedRow`, a header that grows at
    /// the top scrolls the view just enough to keep the selected row instead (a refresh begun
    /// from the keyboard keeps the place; a pull, whose rows follow the finger, does not).
    public func setTopInset(_ newValue: Int, keepingSelectedRow: Bool = false) {
        let value = max(0, newValue)
        let delta = value - topInset
        guard delta != 0 else { return }
        topInset = value
        if scrollOffset > 0 {
            scrollOffset = max(0, scrollOffset + delta)
            if scrollOffset == 0 { scrollSkip = 0 }
        }
        clampScrollOffset()
        if keepingSelectedRow, delta > 0, let selectedIndex, viewportHeight > 0 {
            position = revealedPosition(for: selectedIndex, direction: .minimal, base: position)
        }
        keepSelectionInView()
    }

    /// Selects row `index` if it is selectable, scrolling as little as possible to show it.
    /// Returns whether the row is now selected.
    @discardableResult
    public func select(row index: Int) -> Bool {
        guard index >= 0, index < rowCount, dataSource.isSelectable(at: index) else { return false }
        selectedIndex = index
        position = revealedPosition(for: index, direction: .minimal, base: position)
        return true
    }

    /// Scrolls to the very top (header accessory included); a selection that leaves the
    /// view moves to the nearest selectable row inside it.
    public func scrollToTop() {
        position = .top
        keepSelectionInView()
    }

    // MARK: - Internals shared by the command and drawing code

    func clampScrollOffset() {
        guard wrapsLines else {
            scrollOffset = min(max(0, scrollOffset), maxScrollOffset)
            scrollSkip = 0
            return
        }
        if scrollOffset >= 0, scrollOffset < totalLines {
            scrollSkip = min(max(0, scrollSkip), height(ofLine: scrollOffset) - 1)
        } else {
            scrollSkip = 0
        }
        position = min(max(.top, position), maxPosition)
    }

    /// Makes a change to how rows are measured (wrapping, the width, the number column),
    /// keeping the selected row on the screen line it was on, as far as the content allows.
    func relayingOut(_ change: () -> Void) {
        let before = place
        change()
        fittedRows.removeAll()
        wrappedRows.removeAll()
        guard let before, let selectedIndex else {
            clampScrollOffset()
            return
        }
        position = position(showing: line(ofRow: selectedIndex), onScreenRow: before.screenRow)
        clampScrollOffset()
        if viewportHeight > 0, !isRowVisible(selectedIndex) {
            position = revealedPosition(for: selectedIndex, direction: .minimal, base: position)
        }
    }
}

/// A row's text as fitted for drawing: `text` is `source` sanitised and cut to `width` columns.
struct FittedRow {
    let source: String
    let width: Int
    let text: SanitizedText
}
