import SearchEngine
import TerminalText
import TerminalUI

/// The search or filter prompt on the status line, as a value: what it is for, its text,
/// how the text is read (a regular expression, literal text, or for the filter a fuzzy query:
/// Ctrl-R goes round them), and why it is not a valid pattern. Keys change it and say what the owner has to do (`Outcome`); it draws itself.
struct FindPrompt: Equatable {
    enum Kind: Equatable { case search, filter }

    /// What a key or a paste asks of the owner.
    enum Outcome: Equatable {
        /// Nothing beyond drawing the prompt again.
        case none
        /// The pattern changed (the text, or how it is read).
        case patternChanged
        /// Enter: the prompt closes with this text.
        case submitted
        /// Esc or Ctrl-C: the prompt closes.
        case cancelled
        /// Tab (`down`) or Shift-Tab in the filter prompt: mark the selected row and move, the
        /// prompt staying open (type, Tab, type, Tab, as in fzf).
        case mark(down: Bool)
    }

    let kind: Kind
    private(set) var editor = LineEditor()
    /// How the text is read.
    private(set) var syntax = TextPattern.Syntax.regularExpression
    /// The text read as this prompt reads it (nil for the empty text): parsed when the text
    /// or `syntax` changes, never while drawing.
    private(set) var parsed: (pattern: TextPattern?, error: PatternError?) = (nil, nil)

    /// An empty prompt for `kind`, reading its text as a fuzzy query when `fuzzy` (else as a
    /// regular expression).
    init(kind: Kind, fuzzy: Bool = false) {
        self.kind = kind
        if fuzzy { syntax = .fuzzy }
    }

    /// Whether the text is literal.
    var literal: Bool { syntax == .literal }

    /// Ctrl-R: the next way to read the text. The filter goes regular expression → literal →
    /// fuzzy → regular expression; a search has no fuzzy step.
    private mutating func nextSyntax() {
        switch syntax {
        case .regularExpression: syntax = .literal
        case .literal: syntax = kind == .filter ? .fuzzy : .regularExpression
        case .fuzzy: syntax = .regularExpression
        }
    }

    var text: String { editor.text }

    private mutating func parse() {
        do {
            parsed = (try TextPattern(text, syntax: syntax), nil)
        } catch {
            parsed = (nil, error)
        }
    }

    static func == (a: FindPrompt, b: FindPrompt) -> Bool {
        a.kind == b.kind && a.editor == b.editor && a.syntax == b.syntax
    }

    mutating func handle(_ event: InputEvent) -> Outcome {
        if kind == .filter, case .key(let key) = event, key == .tab || key == .backTab { return .mark(down: key == .tab) }
        let before = editor.text
        switch event {
        case .key(.ctrl("r")):
            nextSyntax()
            parse()
            return .patternChanged
        case .key(let key):
            switch editor.handle(key) {
            case .edited, .ignored: break
            case .submitted: return .submitted
            case .cancelled: return .cancelled
            }
        case .paste(let text):
            editor.paste(text)
        case .mouse, .resize:
            return .none
        }
        guard editor.text != before else { return .none }
        parse()
        return .patternChanged
    }

    /// Draws the prompt on `row`: `/` or `&` (`Literal /`, `Literal &` for literal text,
    /// `Fuzzy &` for a fuzzy query), the text and its cursor, and on the right why the text is
    /// not a valid pattern, if it is not.
    func draw(on canvas: any Canvas, row: Int, width: Int, strings: AppStrings) {
        let prefix: String
        switch syntax {
        case .regularExpression: prefix = kind == .search ? "/" : "&"
        case .literal: prefix = strings.text(kind == .search ? .literalSearchPrompt : .literalFilterPrompt)
        case .fuzzy: prefix = strings.text(.fuzzyFilterPrompt)
        }
        var editorWidth = width
        if let error = parsed.error {
            // The reason on the right; the text keeps at least half the line.
            let reason = SanitizedText(" " + strings.text(.invalidPattern, error.reason))
            let shown = min(reason.width, width / 2)
            editorWidth = width - shown
            canvas.fill(row: row, column: editorWidth, width: shown, style: .plain)
            canvas.draw(reason, row: row, column: editorWidth, style: .bold, maxWidth: shown)
        }
        editor.draw(on: canvas, row: row, prefix: prefix, width: editorWidth)
    }
}
