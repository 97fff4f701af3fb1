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
    /// The styles the text's own SGR sequences set, in order (see `EscapeHandling.styles`);
    /// empty when it has none, and the whole text is drawn in the style it is drawn with.
    public let runs: [StyleRun]

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
    package init(checked text: String, width: Int, runs: [StyleRun] = []) {
        self.text = text
        self.width = width
        self.runs = runs
    }

    /// Each run's text, its column in the text, its width and its style over `base`
    /// (`Style.applying(_:)`); the whole text in `base` when there are no runs.
    public func forEachRun(over base: Style, _ body: (SanitizedText, Int, Style) -> Void) {
        guard !runs.isEmpty else {
            body(self, 0, base)
            return
        }
        let utf8 = text.utf8
        for (i, run) in runs.enumerated() {
            let endOffset = i + 1 < runs.count ? runs[i + 1].offset : utf8.count
            let endColumn = i + 1 < runs.count ? runs[i + 1].column : width
            let from = utf8.index(utf8.startIndex, offsetBy: run.offset)
            let to = utf8.index(utf8.startIndex, offsetBy: endOffset)
            body(SanitizedText(checked: String(text[from..<to]), width: endColumn - run.column), run.column, base.applying(run.style))
        }
    }

    /// Draws each run with `draw` (the run, its column offset, its style, the columns left of
    /// `maxWidth`), skipping runs past `maxWidth`; returns the columns drawn. How a canvas
    /// draws styled text: each run is drawn as plain text in its own style.
    package func drawRuns(over base: Style, maxWidth: Int?, _ draw: (SanitizedText, Int, Style, Int?) -> Int) -> Int {
        var drawn = 0
        forEachRun(over: base) { run, offset, runStyle in
            let limit = maxWidth.map { $0 - offset }
            guard limit.map({ $0 > 0 }) ?? true else { return }
            drawn = max(drawn, offset + draw(run, offset, runStyle, limit))
        }
        return drawn
    }
}
