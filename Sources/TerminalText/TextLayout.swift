/// Fitting text into columns: truncation that never splits a character, padding and
/// tab expansion. Widths are measured with `TextWidth`.
public enum TextLayout {
    /// The ellipsis appended by `truncate` (one column).
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns. When it does not fit and `ellipsis` is true, the
    /// last column shows `…`. Characters are never split: one over several columns (a wide
    /// character, an Indic conjunct) that would straddle the limit is dropped, so the result
    /// may be narrower than `width`. The text is
    /// sanitised first (`TextSanitizer`: controls and escapes made visible, tabs expanded), as
    /// every canvas draws it, so the width measured is the width drawn.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: Bool = true) -> String {
        TextWalker.cut(TextWalker.visible(text), toWidth: width, ellipsis: ellipsis).text
    }

    /// `text` truncated (with `…`) or padded with spaces to exactly `width` columns (a
    /// character dropped at the limit leaves columns that the padding fills).
    public static func fit(_ text: String, toWidth width: Int, ellipsis: Bool = true) -> String {
        guard width > 0 else { return "" }
        let cut = TextWalker.cut(TextWalker.visible(text), toWidth: width, ellipsis: ellipsis)
        return cut.width < width ? cut.text + String(repeating: " ", count: width - cut.width) : cut.text
    }

    /// `text` with every tab replaced by spaces up to the next multiple of `tabWidth`, counting
    /// columns from `startColumn`; other control characters are left as they are.
    public static func expandTabs(_ text: String, tabWidth: Int = TextSanitizer.tabWidth, startColumn: Int = 0) -> String {
        guard text.utf8.contains(0x09), tabWidth > 0 else { return text }
        return TextWalker.visible(text, controls: .kept, tabWidth: tabWidth, startColumn: startColumn).text
    }
}
