/// The text of a grouped section's header row: `▾ nginx · 1,204 lines`, `+3` after it while
/// the section has new lines, `▸` instead of `▾` while it is folded, and `N of M lines` while a
/// filter keeps N of its M lines. A name is shown as a row's text is (sanitised and cut when
/// drawn).
package enum SectionHeaderText {
    package static func text(of section: LineSection, folded: Bool, shown: Int? = nil, strings: AppStrings) -> String {
        let marker = strings.unicode ? (folded ? "▸" : "▾") : (folded ? ">" : "v")
        let name = section.name ?? strings.text(.sectionOther)
        let total = AppStrings.grouped(section.count)
        var text: String
        if let shown {
            text = strings.text(.sectionFiltered, name, strings.separator, AppStrings.grouped(shown), total)
        } else {
            text = strings.text(section.count == 1 ? .sectionLinesOne : .sectionLines, name, strings.separator, total)
        }
        if section.newCount > 0 { text += "  " + strings.text(.sectionNew, AppStrings.grouped(section.newCount)) }
        return marker + " " + text
    }
}
