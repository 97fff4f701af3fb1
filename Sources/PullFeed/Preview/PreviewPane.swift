import TerminalText
import TerminalUI

/// Draws the preview: its border, its lines from the scroll position, each sanitised and cut
/// to the pane as list rows are (SGR colours drawn, or taken out with `escapes: .removed`;
/// every other escape visible and inert; wide characters never split; dim while they are the
/// previous row's and the new run has printed nothing yet), the position when the
/// lines do not all fit, and how the command ended when it failed or was cut.
struct PreviewPane {
    var escapes: EscapeHandling
    var unicode: Bool
    var colors: Bool

    func draw(_ model: PreviewModel, layout: PreviewLayout, strings: AppStrings, on canvas: any Canvas) {
        if let border = layout.border { drawBorder(border, on: canvas) }
        guard let pane = layout.pane, pane.height > 0 else { return }
        var footer: String?
        switch model.status {
        case .failed(let status, let message):
            footer = message.map { strings.text(.exitStatusMessage, String(status), $0) } ?? strings.text(.exitStatus, String(status))
        case .cut:
            footer = strings.text(.previewCut, String(model.lines.count))
        case .idle, .done, .running:
            break
        }
        let textRows = footer == nil ? pane.height : pane.height - 1
        let first = max(0, min(model.scroll, model.lines.count - max(1, textRows)))
        for offset in 0..<pane.height {
            let row = pane.top + offset
            // The blank column left of the text belongs to the pane (right of the border).
            canvas.fill(row: row, column: pane.left - 1, width: pane.width + 1, style: .plain)
            let index = first + offset
            guard offset < textRows, index < model.lines.count else { continue }
            let visible = TextWalker.visible(model.lines[index], escapes: escapes, columns: pane.width)
            let cut = TextWalker.cut(visible, toWidth: pane.width)
            canvas.draw(SanitizedText(checked: cut.text, width: cut.width, runs: cut.runs),
                        row: row, column: pane.left, style: model.stale ? .dim : .plain, maxWidth: pane.width)
        }
        if let footer {
            var style = Style(bold: true)
            if colors { style.foreground = .red }
            canvas.draw(TextLayout.truncate(footer, toWidth: pane.width), row: pane.top + pane.height - 1,
                        column: pane.left, style: style, maxWidth: pane.width)
        }
        if model.lines.count > textRows, textRows > 0 {
            let position = " \(first + 1)/\(model.lines.count) "
            let width = min(position.count, pane.width)
            canvas.draw(position, row: pane.top, column: pane.left + pane.width - width, style: Style(reverse: true), maxWidth: width)
        }
    }

    private func drawBorder(_ border: PreviewLayout.Rect, on canvas: any Canvas) {
        if border.width == 1 {
            let bar = unicode ? "│" : "|"
            for row in border.top..<(border.top + border.height) {
                canvas.draw(bar, row: row, column: border.left, style: .dim, maxWidth: 1)
            }
        } else {
            let bar = String(repeating: unicode ? "─" : "-", count: border.width)
            canvas.draw(bar, row: border.top, column: border.left, style: .dim, maxWidth: border.width)
        }
    }
}
