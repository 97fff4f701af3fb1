import TerminalText

/// A shell command with fzf-style placeholders, parsed once and expanded for a row.
///
/// Placeholders (each expansion is one shell word, single-quoted, so the shell never interprets
/// what a row holds: `$(…)`, backticks, quotes, newlines and escapes stay text):
/// - `{}`: the row's line exactly as it is, but for the sequences drawn as colours, links or
///   nothing (SGR, OSC 8, `ESC[K`): blanks at either end stay, so `rm {}` on `notes.txt ` removes
///   `notes.txt ` and never `notes.txt`;
/// - `{1}`, `{-1}`, `{2..}`, `{..2}`, `{1,3}`: fields of that text, in the field syntax of
///   `--id`, split on runs of spaces and tabs or on the feed's `--delimiter`. A range keeps the
///   text between its fields; separate items are joined by a space (or the delimiter). As fzf
///   does, the result has its blanks at both ends trimmed. A field the row does not have expands
///   to `''`;
/// - `{q}`: the current search or filter text;
/// - `{+}`, `{+1}`, `{+2..}`, …: the same for every marked row, each quoted, separated by spaces
///   (the selected row alone when none is marked).
///
/// Like fzf, braces that do not hold a placeholder are text (`awk '{print $1}'`, a lone `{`),
/// and `\{}` is the text `{}`. Braces that hold only field characters (digits, `,`, `.`, `-`)
/// must be a valid field selection: `{0}` or `{3..1}` is an error, not text.
package struct RowTemplate: Sendable, Equatable {
    /// What a placeholder stands for.
    package enum Value: Sendable, Equatable {
        /// The row's visible text.
        case row
        /// Some of the row's fields.
        case fields(FieldSelection)
        /// The search or filter text.
        case query
    }

    /// A placeholder: its value, for the selected row or for every marked row.
    package struct Placeholder: Sendable, Equatable {
        package var value: Value
        package var marked: Bool
    }

    /// A piece of the template.
    package enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// Why a text is not a template.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The template's pieces, in order.
    package let parts: [Part]
    /// How rows are split into fields (only its delimiter is used).
    private let splitter: LineIdentity

    /// Parses `template`; `delimiter` is the feed's `--delimiter` (nil: runs of blanks).
    package init(parsing template: String, delimiter: String? = nil) throws(ParseError) {
        splitter = LineIdentity(delimiter: delimiter)
        var parts: [Part] = []
        var text = ""
        var rest = Substring(template)
        while let brace = rest.firstIndex(of: "{") {
            let close = rest[brace...].firstIndex(of: "}")
            var placeholder: Placeholder?
            if let close { placeholder = try Self.placeholder(String(rest[rest.index(after: brace)..<close])) }
            guard let close, let placeholder else {
                text += rest[...brace]
                rest = rest[rest.index(after: brace)...]
                continue
            }
            var before = rest[..<brace]
            if before.last == "\\" {
                before.removeLast()
                text += before + rest[brace...close]
            } else {
                text += before
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.placeholder(placeholder))
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The placeholder `content` (the text between braces) names, nil when it is text.
    private static func placeholder(_ content: String) throws(ParseError) -> Placeholder? {
        let marked = content.hasPrefix("+")
        let spec = marked ? String(content.dropFirst()) : content
        if spec.isEmpty { return Placeholder(value: .row, marked: marked) }
        if spec == "q" { return marked ? nil : Placeholder(value: .query, marked: false) }
        guard spec.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "." || $0 == "-" }) else { return nil }
        do throws(FieldSelection.ParseError) {
            return Placeholder(value: .fields(try FieldSelection(parsing: spec)), marked: marked)
        } catch {
            throw ParseError(description: "placeholder {\(content)}: \(error.description)")
        }
    }

    /// Whether the template has any placeholder (else it is the same command for every row).
    package var hasPlaceholders: Bool {
        parts.contains { if case .placeholder = $0 { true } else { false } }
    }

    /// Whether the template uses the search or filter text.
    package var usesQuery: Bool { parts.contains(.placeholder(Placeholder(value: .query, marked: false))) }

    /// The command for the selected `row` (its line as the list holds it, colours and all), the
    /// search or filter text `query`, and the `marked` rows' lines in list order.
    package func command(row: String, query: String = "", marked: [String] = []) -> String {
        var command = ""
        for part in parts {
            switch part {
            case .text(let text):
                command += text
            case .placeholder(let placeholder) where placeholder.value == .query:
                command += Self.quoted(query)
            case .placeholder(let placeholder) where placeholder.marked && !marked.isEmpty:
                command += marked.map { Self.quoted(expand(placeholder.value, of: $0)) }.joined(separator: " ")
            case .placeholder(let placeholder):
                command += Self.quoted(expand(placeholder.value, of: row))
            }
        }
        return command
    }

    /// The text `value` stands for in `line`, unquoted.
    private func expand(_ value: Value, of line: String) -> String {
        var text = line.utf8.contains(0x1B)
            ? TextWalker.visible(line, escapes: .removed, controls: .kept, tabWidth: 0).text
            : line
        switch value {
        case .query:
            return ""
        case .row:
            return text
        case .fields(let selection):
            let separator = splitter.delimiter.map { String(decoding: $0, as: UTF8.self) } ?? " "
            let pieces: [String] = text.withUTF8 { bytes in
                let fields = splitter.split(bytes)
                return selection.ranges.compactMap { range in
                    let indices = selection.indices(of: range, fieldCount: fields.count)
                    guard let first = indices.first, let last = indices.last else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[first].lowerBound..<fields[last].upperBound]), as: UTF8.self)
                }
            }
            return Self.trimmed(pieces.joined(separator: separator))
        }
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isBlank($0) }), let end = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[start...end])
    }

    /// `text` as one shell word in single quotes (a quote inside written `'\''`); NUL bytes,
    /// which no command line can hold, are left out.
    package static func quoted(_ text: String) -> String {
        var word = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": word += "'\\''"
            case "\0": continue
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "'"
    }
}
