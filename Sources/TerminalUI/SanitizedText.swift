/// Text that has been through `TextSanitizer` and been measured, so a canvas can draw it
/// again and again without checking it again.
///
/// The only ways to make one sanitise the text, so a `SanitizedText` never holds a raw
/// control byte. Drawing it (`Canvas.draw(_:row:column:style:maxWidth:)`) clips and
/// places it exactly as drawing the same `String` would; only the checks are skipped.
public struct SanitizedText: Equatable, Sendable {
    /// The sanitised text.
    public let text: String
    /// Its width in terminal columns (`TextWidth.of(text)`).
    public let width: Int

    /// `raw` sanitised (`TextSanitizer.sanitize`) and measured.
    public init(_ raw: String) {
        if TextWidth.isPrintableASCII(raw) {
            self.init(checked: raw, width: raw.utf8.count)
        } else {
            let safe = TextSanitizer.sanitize(raw)
            self.init(checked: safe, width: TextWidth.of(safe))
        }
    }

    /// For text this module has just sanitised and measured itself.
    package init(checked text: String, width: Int) {
        self.text = text
        self.width = width
    }
}
