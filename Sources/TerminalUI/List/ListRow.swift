import TerminalText

/// One row of a `ListView`, produced on demand by a `ListDataSource`.
///
/// `text` is untrusted: the list sanitises it (control characters become visible pictures)
/// and truncates it with `…` before drawing.
public struct ListRow: Hashable, Sendable {
    /// The row's text as given; sanitised and truncated only when drawn.
    public var text: String
    /// What the row is: a section header is drawn bold and, by default, not selectable.
    public var kind: RowKind
    /// Whether the selection may land here. Defaults to `kind != .sectionHeader`.
    public var isSelectable: Bool
    /// The row's style; a section header is drawn bold on top of it, and the selected row
    /// in reverse video.
    public var style: Style
    /// Columns of blank space between the selection-marker column and the text.
    public var indent: Int
    /// Whether the row is new since the data was last reloaded (the data's owner decides):
    /// the list draws `ListView.newRowMarker` in its marker column and its text bold.
    public var isNew: Bool
    /// The row's text before the data was last reloaded, when its item was there with another
    /// text (the data's owner decides): the list draws `ListView.changedRowMarker` in its marker
    /// column and the characters that differ from it highlighted, as `watch -d` does. Nil (the
    /// default) for a row that did not change.
    public var previousText: String?
    /// Whether the user marked the row to choose it with others (the data's owner decides):
    /// the list draws `ListView.markedRowMarker` in its marker column, also when it is
    /// selected (reverse video still shows the selection), and its text bold.
    public var isMarked = false
    /// Whether the row shows an item the data no longer has, shown for comparison (the data's
    /// owner decides): the list draws `ListView.removedRowMarker` in its marker column and the
    /// row dim.
    public var isRemoved = false
    /// The row's number in its source (a file's line number), drawn right-aligned and dim in
    /// the list's number column (`ListView.numberWidth`); never part of `text`, so nothing that
    /// reads the text (a search, a filter, a choice) sees it. Nil draws the column blank.
    public var number: Int?

    /// - Parameters:
    ///   - text: the row's text (untrusted; sanitised when drawn).
    ///   - kind: what the row is; `.item` by default.
    ///   - isSelectable: whether the selection may land on the row; `nil` (the default)
    ///     means every kind but `.sectionHeader`.
    ///   - style: the style the row is drawn in; `.plain` by default.
    ///   - indent: blank columns before the text; negative values count as 0.
    ///   - isNew: whether the row is new since the data was last reloaded (drawn with the
    ///     new-row marker, bold); `false` by default.
    public init(
        text: String, kind: RowKind = .item, isSelectable: Bool? = nil,
        style: Style = .plain, indent: Int = 0, isNew: Bool = false
    ) {
        self.text = text
        self.isNew = isNew
        self.kind = kind
        self.isSelectable = isSelectable ?? (kind != .sectionHeader)
        self.style = style
        self.indent = max(0, indent)
    }

    /// A section header row (not selectable).
    public static func header(_ text: String, style: Style = .plain, indent: Int = 0) -> ListRow {
        ListRow(text: text, kind: .sectionHeader, style: style, indent: indent)
    }

    /// A selectable item row.
    public static func item(_ text: String, style: Style = .plain, indent: Int = 0) -> ListRow {
        ListRow(text: text, kind: .item, style: style, indent: indent)
    }

    /// A selectable action row.
    public static func action(_ text: String, style: Style = .plain, indent: Int = 0) -> ListRow {
        ListRow(text: text, kind: .action, style: style, indent: indent)
    }
}
