/// What the escape sequences in a text do when it is drawn.
public enum EscapeHandling: Sendable {
    /// Every escape sequence is shown as text (`␛[31m`) and does nothing.
    case inert
    /// SGR sequences (`ESC [ … m`: bold, italic, colours…) are drawn as the styles they set,
    /// OSC 8 hyperlinks as links around their text (see `Hyperlink`), and `ESC [ K` (erase to
    /// the end of the line) as nothing; none of them takes a column. Every other sequence is
    /// shown as text. A sequence that is cut off, too long, or asks for a colour that does not
    /// exist is shown as text too.
    case styles
    /// The sequences `styles` draws are taken out (a link's text stays, without the link)
    /// and the text is drawn in its row's style; every other sequence is shown as text.
    case removed
}

/// The one walk over text that everything measuring or drawing it shares: sanitising
/// (`TextSanitizer`), the sequences drawn as styles, links or nothing (`EscapeHandling`), tab expansion, widths (`TextWidth`),
/// cutting (`TextLayout`, `ListView`) and cells (`CellBuilder`, `MemoryScreen`).
///
/// It goes in two steps over the text, each as fast as the text allows (bytes for printable
/// ASCII, scalars when every scalar is a character of its own, characters otherwise):
/// `visible` turns raw text into what a terminal may show (controls as pictures, tabs as
/// spaces, SGR, `ESC[K` and OSC 8 sequences out, and where each style or link starts), reading no further than a number
/// of columns needs; `forEachCluster` yields that text's characters with their width and
/// style. Printable ASCII skips the first step.
package enum TextWalker {
    /// A style change in visible text: from byte `offset` on, the text's own SGR and OSC 8
    /// sequences ask for `style` (its `link` the hyperlink).
    package struct Mark: Equatable, Sendable {
        package var offset: Int
        package var style: Style

        package init(offset: Int, style: Style) {
            self.offset = offset
            self.style = style
        }
    }

    /// Text as a terminal may show it, with the styles its SGR sequences set.
    package struct Visible {
        package var text: String
        /// Where the data's style changes, in order; empty when it never leaves `.plain`.
        package var marks: [Mark]

        package init(text: String, marks: [Mark]) {
            self.text = text
            self.marks = marks
        }
    }

    /// One character of visible text.
    package struct Cluster {
        package var range: Range<String.Index>
        package var width: Int
        /// The style the text's SGR sequences give it (`.plain` without any).
        package var style: Style
        /// The character's scalar when it is one scalar; nil for a character of several.
        package var scalar: Unicode.Scalar?
    }

    /// How `visible` treats a tab and the control characters.
    package enum Controls {
        /// Controls, ESC, DEL, C1 and bidirectional controls become pictures (`TextSanitizer`).
        case pictures
        /// Controls stay as they are (only tabs are expanded).
        case kept
    }

    // MARK: Step one: raw text → visible text

    /// `raw` as a terminal may show it: sanitised (or not, with `.kept`), tabs expanded to
    /// stops every `tabWidth` columns counted from `startColumn` (none with a `tabWidth` of
    /// 0), and SGR, `ESC[K` and OSC 8 sequences handled as `escapes` says: with `.removed`,
    /// `text` is exactly the text a user sees. With `columns`, stops after the first
    /// character that would take column `columns + 1`: a frame costs the width of the
    /// screen, not the length of a 1 MB line.
    package static func visible(
        _ raw: String, escapes: EscapeHandling = .inert, controls: Controls = .pictures, columns: Int? = nil,
        tabWidth: Int = TextSanitizer.tabWidth, startColumn: Int = 0
    ) -> Visible {
        if TextWidth.isPrintableASCII(raw) {
            if let columns, raw.utf8.count > columns + 1 {
                return Visible(text: String(decoding: raw.utf8.prefix(columns + 1), as: UTF8.self), marks: [])
            }
            return Visible(text: raw, marks: [])
        }
        if columns == nil, escapes == .inert, controls == .pictures || !raw.utf8.contains(0x09),
           TextSanitizer.isSafe(raw) {
            return Visible(text: raw, marks: [])
        }
        var walk = VisibleWalk(raw: raw, escapes: escapes, controls: controls, columns: columns, tabWidth: tabWidth)
        walk.column = startColumn
        if TextWidth.scalarsAreCharacters(raw) {
            walk.walkScalars()
        } else {
            walk.walkCharacters()
        }
        return walk.result
    }

    /// The walk of `visible`: appends each unit (a scalar, or a character) of the raw text,
    /// replaced as it must be, and counts the units that take columns.
    private struct VisibleWalk {
        let raw: String
        let escapes: EscapeHandling
        let controls: Controls
        let limit: Int
        let tabWidth: Int
        var out = String.UnicodeScalarView()
        var outBytes = 0
        var marks: [Mark] = []
        var style = Style.plain
        /// Columns so far, for tab stops.
        var column = 0
        /// Units that take a column so far (a lower bound of the columns).
        var counted = 0
        /// Whether anything was replaced or left out (else the result is `raw` itself, or its prefix).
        var changed = false

        init(raw: String, escapes: EscapeHandling, controls: Controls, columns: Int?, tabWidth: Int) {
            self.raw = raw
            self.tabWidth = tabWidth
            self.escapes = escapes
            self.controls = controls
            limit = columns.map { $0 + 1 } ?? Int.max
        }

        var result: Visible { Visible(text: String(out), marks: marks) }

        mutating func walkScalars() {
            let scalars = raw.unicodeScalars
            var index = scalars.startIndex
            while index < scalars.endIndex, counted < limit {
                let scalar = scalars[index]
                if scalar.value == 0x1B, escapes != .inert, let end = sequence(at: index) {
                    index = end
                    continue
                }
                append(scalar)
                index = scalars.index(after: index)
            }
        }

        mutating func walkCharacters() {
            var index = raw.startIndex
            while index < raw.endIndex, counted < limit {
                let character = raw[index]
                let next = raw.index(after: index)
                let scalars = character.unicodeScalars
                if scalars.index(after: scalars.startIndex) == scalars.endIndex {
                    let scalar = scalars.first!
                    if scalar.value == 0x1B, escapes != .inert, let end = sequence(at: index) {
                        index = end
                        continue
                    }
                    append(scalar)
                } else if controls == .pictures, scalars.contains(where: TextSanitizer.needsReplacement) {
                    for scalar in scalars { append(scalar) }  // "\r\n": each its picture
                } else {
                    out.append(contentsOf: scalars)
                    outBytes += character.utf8.count
                    let width = TextWidth.of(character)
                    column += width
                    if width > 0 { counted += 1 }
                }
                index = next
            }
        }

        /// Appends one scalar, or its picture, or the spaces of a tab.
        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar == "\t", tabWidth > 0 {
                let spaces = tabWidth - column % tabWidth
                for _ in 0..<spaces { out.append(" ") }
                outBytes += spaces
                column += spaces
                counted += 1
                return
            }
            if controls == .pictures, TextSanitizer.needsReplacement(scalar) {
                for replacement in TextSanitizer.replacement(for: scalar) {
                    out.append(replacement)
                    outBytes += replacement.utf8.count
                    column += TextWidth.of(replacement)
                }
                counted += 1
                return
            }
            out.append(scalar)
            outBytes += scalar.utf8.count
            let width = TextWidth.of(scalar)
            column += width
            if width > 0 || (controls == .kept && scalar.value < 0x20) { counted += 1 }
        }

        /// The end of the sequence drawn as a style, a link or nothing at `index` (an ESC),
        /// applied to `style`; nil when there is none there (the ESC is then shown like any other).
        mutating func sequence(at index: String.Index) -> String.Index? {
            var parsed = style
            guard let end = TextWalker.drawnSequence(in: raw, at: index, style: &parsed) else { return nil }
            if escapes == .styles, parsed != style {
                style = parsed
                if let last = marks.last, last.offset == outBytes {
                    marks[marks.count - 1].style = parsed
                } else {
                    marks.append(Mark(offset: outBytes, style: parsed))
                }
            }
            return end
        }
    }

    // MARK: Step two: visible text → characters

    /// Calls `body` with each character of `text` (visible text: sanitised) in order, its
    /// width and the style `marks` give it, until `body` returns false.
    package static func forEachCluster(
        in text: String, marks: [Mark] = [], _ body: (Cluster) -> Bool
    ) {
        var markIndex = 0
        var style = Style.plain
        @inline(__always) func styleAt(_ offset: Int) -> Style {
            while markIndex < marks.count, marks[markIndex].offset <= offset {
                style = marks[markIndex].style
                markIndex += 1
            }
            return style
        }
        if TextWidth.isPrintableASCII(text) {
            let utf8 = text.utf8
            var index = utf8.startIndex
            var offset = 0
            while index < utf8.endIndex {
                let next = utf8.index(after: index)
                let cluster = Cluster(range: index..<next, width: 1, style: marks.isEmpty ? .plain : styleAt(offset),
                                      scalar: Unicode.Scalar(utf8[index]))
                guard body(cluster) else { return }
                index = next
                offset += 1
            }
            return
        }
        if TextWidth.scalarsAreCharacters(text) {
            let scalars = text.unicodeScalars
            var index = scalars.startIndex
            var offset = 0
            while index < scalars.endIndex {
                let scalar = scalars[index]
                let next = scalars.index(after: index)
                let cluster = Cluster(range: index..<next, width: TextWidth.of(scalar),
                                      style: marks.isEmpty ? .plain : styleAt(offset), scalar: scalar)
                guard body(cluster) else { return }
                index = next
                offset += scalar.utf8.count
            }
            return
        }
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let scalars = character.unicodeScalars
            let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
            let cluster = Cluster(range: index..<next, width: TextWidth.of(character),
                                  style: marks.isEmpty ? .plain : styleAt(offset), scalar: single ? scalars.first : nil)
            guard body(cluster) else { return }
            index = next
            offset += character.utf8.count
        }
    }

    /// Columns `text` (visible text) takes.
    package static func width(of text: String) -> Int {
        if TextWidth.isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        forEachCluster(in: text) { cluster in
            total += cluster.width
            return true
        }
        return total
    }

    // MARK: Cutting

    /// Visible text cut for drawing: its text, width, and where the data's styles start.
    package struct Cut {
        package var text: String
        package var width: Int
        package var runs: [StyleRun]
    }

    /// `visible` without its first `dropping` columns (a character cut in two by that edge
    /// leaves blanks for the rest of it), cut to at most `width` columns: when it does not fit,
    /// with `ellipsis` the last column shows `…`. A character over several columns that would
    /// straddle the limit is dropped, never split.
    package static func cut(_ visible: Visible, dropping: Int = 0, toWidth width: Int, ellipsis: Bool = true) -> Cut {
        guard width > 0 else { return Cut(text: "", width: 0, runs: []) }
        let text = visible.text
        let styled = !visible.marks.isEmpty
        if dropping == 0, !styled, TextWidth.isPrintableASCII(text) {
            let count = text.utf8.count
            if count <= width { return Cut(text: text, width: count, runs: []) }
            let kept = ellipsis ? width - 1 : width
            return Cut(text: String(decoding: text.utf8.prefix(kept), as: UTF8.self) + (ellipsis ? "…" : ""), width: width, runs: [])
        }
        let budget = ellipsis ? width - 1 : width
        // The kept text is `blanks` spaces (the rest of a character cut by the left edge), then
        // `text[start..<end]`; `end` and `endColumn` say where it stops if it must be cut.
        var blanks = 0
        var blankStyle = Style.plain
        var start: String.Index?
        var end = text.startIndex
        var blanksAtEnd = 0
        var endColumn = 0
        var used = 0
        var dropped = 0
        var overflow = false
        var cutStyle = Style.plain
        var styles: [(column: Int, index: String.Index?, style: Style)] = []
        func take(_ columns: Int, style: Style, index: String.Index?, after: String.Index?) -> Bool {
            if used + columns > width {
                overflow = true
                cutStyle = style
                return false
            }
            if styled, styles.last?.style != style { styles.append((used, index, style)) }
            used += columns
            if used <= budget {
                endColumn = used
                if let after { end = after } else { blanksAtEnd += 1 }
            }
            return true
        }
        forEachCluster(in: text, marks: visible.marks) { cluster in
            if start == nil {
                if dropped < dropping {
                    dropped += cluster.width
                    if dropped > dropping {
                        blanks = dropped - dropping
                        blankStyle = cluster.style
                    }
                    return true
                }
                start = cluster.range.lowerBound
                end = start!
                for _ in 0..<blanks where !take(1, style: blankStyle, index: nil, after: nil) { return false }
            }
            return take(cluster.width, style: cluster.style, index: cluster.range.lowerBound, after: cluster.range.upperBound)
        }
        if start == nil {
            start = text.endIndex
            end = text.endIndex
            for _ in 0..<blanks where !take(1, style: blankStyle, index: nil, after: nil) { break }
        }
        var out = String(repeating: " ", count: overflow ? blanksAtEnd : min(blanks, used))
        let prefixBytes = out.utf8.count
        out += overflow ? text[start!..<end] : text[start!...]
        var runs: [StyleRun] = []
        if styled {
            for entry in styles {
                let offset = entry.index.map { prefixBytes + text.utf8.distance(from: start!, to: $0) } ?? entry.column
                if offset >= out.utf8.count, overflow { break }
                runs.append(StyleRun(offset: offset, column: entry.column, style: entry.style))
            }
        }
        guard overflow else { return Cut(text: out, width: used, runs: runs) }
        guard ellipsis else { return Cut(text: out, width: endColumn, runs: runs) }
        if styled, runs.last?.style != cutStyle { runs.append(StyleRun(offset: out.utf8.count, column: endColumn, style: cutStyle)) }
        out += "…"
        return Cut(text: out, width: endColumn + 1, runs: runs)
    }

    /// The end of the sequence at `start` (an ESC) that `EscapeHandling.styles` draws as a
    /// style (SGR), a link (OSC 8) or nothing (`ESC[K`), applied to `style` (an SGR reset
    /// keeps the link); nil when there is none there.
    static func drawnSequence(in raw: String, at start: String.Index, style: inout Style) -> String.Index? {
        let utf8 = raw.utf8
        let next = utf8.index(after: start)
        guard next < utf8.endIndex else { return nil }
        var parsed = style
        let end: String.Index
        switch utf8[next] {
        case UInt8(ascii: "["):
            if let erase = EraseInLine.parse(raw, at: start) {
                end = erase
            } else {
                guard let sgr = SGR.parse(raw, at: start, style: &parsed) else { return nil }
                end = sgr
                parsed.link = style.link
            }
        case UInt8(ascii: "]"):
            guard let link = Hyperlink.parse(raw, at: start) else { return nil }
            end = link.end
            parsed.link = link.uri
        default:
            return nil
        }
        guard endsCharacter(raw, at: end) else { return nil }
        style = parsed
        return end
    }

    /// Whether a character starts at `index` (scalar-aligned) rather than a mark that would
    /// join the one before it: a sequence must end a character, or its last byte and the
    /// mark after it would be one.
    static func endsCharacter(_ text: String, at index: String.Index) -> Bool {
        let utf8 = text.utf8
        guard index < utf8.endIndex, utf8[index] >= 0x80 else { return true }
        let scalar = text.unicodeScalars[index]
        return !(scalar.properties.isGraphemeExtend || scalar.value == 0x200D
                 || scalar.properties.generalCategory == .spacingMark)
    }

    /// `raw` without the sequences `EscapeHandling.styles` draws as styles, links or nothing
    /// (SGR, OSC 8, `ESC[K`; a link's text stays); every other byte as it was (what Enter prints).
    package static func removingDrawnSequences(from raw: String) -> String {
        guard raw.utf8.contains(0x1B) else { return raw }
        var out = ""
        var copyFrom = raw.startIndex
        var index = raw.utf8.startIndex
        var ignored = Style.plain
        while let escape = raw.utf8[index...].firstIndex(of: 0x1B) {
            if let end = drawnSequence(in: raw, at: escape, style: &ignored) {
                out += raw[copyFrom..<escape]
                copyFrom = end
                index = end
            } else {
                index = raw.utf8.index(after: escape)
            }
        }
        out += raw[copyFrom...]
        return out
    }


    /// The bytes of `raw` without the sequences `EscapeHandling.styles` draws as styles, links or
    /// nothing, every other byte kept exactly as read (invalid UTF-8 and NUL included): what
    /// Enter prints.
    package static func removingDrawnSequences(from raw: [UInt8]) -> [UInt8] {
        guard raw.contains(0x1B) else { return raw }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var copyFrom = 0
        var index = 0
        var ignored = Style.plain
        while let escape = raw[index...].firstIndex(of: 0x1B) {
            // A sequence is ASCII and its link's URI UTF-8: parse it from the valid text that
            // starts at the escape.
            let window = raw[escape..<min(raw.count, escape + Self.longestDrawnSequence)]
            let text = String(decoding: window.prefix(validUTF8Prefix(of: window)), as: UTF8.self)
            if let end = drawnSequence(in: text, at: text.startIndex, style: &ignored) {
                out += raw[copyFrom..<escape]
                copyFrom = escape + text.utf8.distance(from: text.startIndex, to: end)
                index = copyFrom
            } else {
                index = escape + 1
            }
        }
        out += raw[copyFrom...]
        return out
    }

    /// How far past an escape a drawn sequence may end (a link's URI is the long part).
    static let longestDrawnSequence = 1 << 16

    /// How many of `bytes`' first bytes are valid UTF-8.
    private static func validUTF8Prefix(of bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var valid = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { valid += scalar.count }
        return valid
    }
}

/// Where a style of a text's own starts in a `SanitizedText`: from byte `offset` of its text,
/// which is column `column`, the text asks for `style` (drawn over the row's style with
/// `Style.applying(_:)`) until the next run.
public struct StyleRun: Equatable, Sendable {
    /// Where the run starts in the text, in UTF-8 bytes.
    public var offset: Int
    /// Where the run starts on screen, in columns from the start of the text.
    public var column: Int
    /// The style the text asks for from here, before it is applied over the row's style.
    public var style: Style
}

/// SGR sequences (Select Graphic Rendition, `ESC [ params m`).
enum SGR {
    /// More parameters than this make a sequence text: nothing real sends that many.
    static let maxParameters = 32

    /// Parses the SGR sequence whose ESC is at `start`, applying it to `style`; returns the
    /// index after its `m`, or nil (and leaves `style` alone) when it is not a complete SGR
    /// sequence this understands: cut off, with other bytes than digits and `;`, more than
    /// `maxParameters` parameters, a number over 255, a colour that does not exist
    /// (`38;5`, `38;2;300;0;0`), or followed by a mark that would join its `m`.
    static func parse(_ text: String, at start: String.Index, style: inout Style) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.index(after: start)
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "[") else { return nil }
        index = utf8.index(after: index)
        var parameters: [Int] = []
        var current = 0
        var digits = 0
        while true {
            guard index < utf8.endIndex else { return nil }
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte >= 0x30, byte <= 0x39 {
                current = current * 10 + Int(byte - 0x30)
                digits += 1
                if current > 255 || digits > 3 { return nil }
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "m") {
                parameters.append(current)
                if parameters.count > maxParameters { return nil }
                current = 0
                digits = 0
                if byte == UInt8(ascii: "m") { break }
            } else {
                return nil
            }
        }
        // The `m` must end a character: a mark after it would be drawn on it.
        guard TextWalker.endsCharacter(text, at: index) else { return nil }
        guard let applied = apply(parameters, to: style) else { return nil }
        style = applied
        return index
    }

    /// `style` with the parameters of one SGR sequence applied; nil if one is malformed.
    static func apply(_ parameters: [Int], to style: Style) -> Style? {
        var style = style
        var i = 0
        while i < parameters.count {
            let p = parameters[i]
            i += 1
            switch p {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .palette(UInt8(p - 30))
            case 39: style.foreground = .default
            case 40...47: style.background = .palette(UInt8(p - 40))
            case 49: style.background = .default
            case 90...97: style.foreground = .indexed(UInt8(p - 90 + 8))
            case 100...107: style.background = .indexed(UInt8(p - 100 + 8))
            case 38, 48:
                guard i < parameters.count else { return nil }
                let color: Color
                if parameters[i] == 5, i + 1 < parameters.count {
                    color = .palette(UInt8(parameters[i + 1]))
                    i += 2
                } else if parameters[i] == 2, i + 3 < parameters.count {
                    color = .rgb(UInt8(parameters[i + 1]), UInt8(parameters[i + 2]), UInt8(parameters[i + 3]))
                    i += 4
                } else {
                    return nil
                }
                if p == 38 { style.foreground = color } else { style.background = color }
            default:
                continue  // blink, strike-through, fonts…: not drawn
            }
        }
        return style
    }
}
