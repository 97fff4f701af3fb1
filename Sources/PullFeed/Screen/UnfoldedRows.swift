/// Grouped lines as they would show with every section open: what a search walks so that a
/// match in a folded section is found, and which section must unfold to show it.
package struct UnfoldedRows {
    /// The rows with every section open, as search reads them.
    let snapshot: SectionedLinesSnapshot
    /// The rows as shown now.
    let shown: SectionRowMap

    var open: SectionRowMap { snapshot.map }

    /// The open row that shown row `row` stands for.
    func openRow(ofShown row: Int) -> Int { shown.row(row, in: open) }

    /// The folded section that open row `row` is a line of, if it is one.
    func foldedSection(ofOpenRow row: Int) -> LineSection? {
        guard row >= 0, row < open.rowCount, case .line(let section, _) = open.row(at: row), shown.folded[section] else { return nil }
        return shown.sections[section]
    }
}
