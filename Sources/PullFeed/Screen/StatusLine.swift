import TerminalText
import TerminalUI

/// The status line at the foot of the screen: a refresh whose header is out of sight, else a
/// toast, else why the preview is hidden, else the key help for what Enter does on the
/// selected row. The help is cut to the width once and kept until the width or Enter's meaning
/// changes (a frame a key press draws does not lay it out again).
struct StatusLine {
    /// What the line shows, in order of precedence.
    enum Content {
        /// The refresh runs while the header is scrolled away: the spinner's text.
        case refreshing(String)
        case toast(Toast)
        /// A source's new line matched its `--alert`, until a key is pressed.
        case alert(SourceAlert)
        case previewHidden(PreviewLayout.Hidden)
        /// The key help; `enter` names what Enter does (nil: nothing).
        case help(enter: AppText?)
    }

    /// Makes the key map whose help line shows, for what Enter does.
    let keyMap: (AppText?) -> KeyMap<FeedCommand>
    private var keyMaps: [AppText?: KeyMap<FeedCommand>] = [:]
    private var cut = (width: -1, enter: AppText?.none, text: "")

    init(keyMap: @escaping (AppText?) -> KeyMap<FeedCommand>) {
        self.keyMap = keyMap
    }

    mutating func draw(_ content: Content, strings: AppStrings, colors: Bool, on canvas: Canvas, row: Int, width: Int) {
        canvas.fillRow(row, style: .plain)
        let room = max(0, width - 1)
        switch content {
        case .refreshing(let text):
            canvas.draw(" " + TextLayout.truncate(text, toWidth: room), row: row, column: 0, style: .plain)
        case .toast(let toast):
            var style = Style(bold: true)
            if toast.isFailure, colors { style.foreground = .red }
            let text = (toast.source.map { $0 + ": " } ?? "") + strings.toast(toast.kind)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: room), row: row, column: 0, style: style)
        case .alert(let alert):
            var style = Style(bold: true)
            if colors { style.foreground = .red }
            canvas.draw(" " + TextLayout.truncate(strings.text(.alert, alert.title, alert.line), toWidth: room), row: row, column: 0, style: style)
        case .previewHidden(let hidden):
            let text = strings.text(hidden == .tooNarrow ? .previewNarrow : .previewShort)
            canvas.draw(" " + TextLayout.truncate(text, toWidth: room), row: row, column: 0, style: .dim)
        case .help(let enter):
            if cut.width != width || cut.enter != enter {
                cut = (width, enter, " " + TextLayout.truncate(help(enter: enter, width: room), toWidth: room))
            }
            canvas.draw(cut.text, row: row, column: 0, style: .dim)
        }
    }

    /// Makes the key maps again on the next draw (what they show changed: wrapped lines leave
    /// ← → out).
    mutating func keyMapsChanged() {
        keyMaps = [:]
        cut.width = -1
    }

    private mutating func help(enter: AppText?, width: Int) -> String {
        if let map = keyMaps[enter] { return map.helpLine(fittingWidth: width) }
        let map = keyMap(enter)
        keyMaps[enter] = map
        return map.helpLine(fittingWidth: width)
    }
}
