/// What the placeholders of a bound key's command stand for, taken when the key is pressed:
/// the selected line (its visible text, without colours), the search or filter text, and the
/// marked lines.
package struct BoundCommandContext: Equatable, Sendable {
    /// The selected line; nil when the selection shows no line (a header, an article's row).
    package var line: String?
    /// The current search or filter text (`{q}`).
    package var query: String
    /// The marked lines in list order (`{+}`; empty without marks).
    package var marked: [String]

    package init(line: String?, query: String = "", marked: [String] = []) {
        self.line = line
        self.query = query
        self.marked = marked
    }

    /// `command` with its placeholders filled in from this context, by its template parsed
    /// when the bindings were read; a row that shows no line stands for the empty text. A
    /// command without a template (the command line refuses one that is not valid) stays as
    /// it is.
    package func expand(_ command: String, templates: [String: RowTemplate]) -> String {
        guard let template = templates[command] else { return command }
        return template.command(row: line ?? "", query: query, marked: marked)
    }
}
