import TerminalText

/// A search or filter pattern with smart case: a pattern with no upper-case letter ignores
/// case (`error` finds `Error` and `ERROR`, `é` finds `É`), one with an upper-case letter
/// matches case exactly (`Error` finds only `Error`).
///
/// A pattern is a POSIX extended regular expression (`^commit`, `error|warn`, `[0-9]{4}`) or
/// literal text, as its `syntax` says. A regular expression without metacharacters is matched
/// as literal text, which is as fast as `memchr`.
///
/// Patterns match what a line shows, not its bytes (see `matches(utf8:)`): `33` does not find
/// the `ESC[33m` of a coloured line. Matching works on UTF-8 bytes, in place, so it runs over
/// the raw lines of a file without making strings, and many lines at once
/// (`forEachMatchingLine(in:_:)`).
public struct TextPattern: Hashable, Sendable {
    /// How the text of a pattern is read.
    public enum Syntax: Hashable, Sendable {
        /// A POSIX extended regular expression, as `grep -E` and `less` read it.
        case regularExpression
        /// The text itself: no character is special.
        case literal
        /// A fuzzy query as fzf reads it (`FuzzyQuery`): characters in order, fzf's extended
        /// syntax, each term with its own smart case.
        case fuzzy
    }

    /// The pattern as typed.
    public let text: String
    /// How `text` is read.
    public let syntax: Syntax
    /// Whether case is ignored (the pattern has no upper-case letter).
    public let ignoresCase: Bool
    /// `text` as a line would show it (a pasted control character as its picture): what is
    /// matched.
    let shownText: String
    /// The bytes to find, for literal text and regular expressions without metacharacters.
    let needle: LiteralNeedle?
    /// Whether lines with bytes outside ASCII are lower-cased as a whole to be compared (a
    /// literal ignoring case with letters outside ASCII).
    let foldsUnicode: Bool
    /// The compiled expression, for regular expressions with metacharacters.
    let regex: RegularExpression?
    /// Text every match of `regex` contains, checked first (it is far quicker).
    let required: LiteralNeedle?
    /// The query, for a fuzzy pattern.
    public let fuzzy: FuzzyQuery?

    /// Literal `text`; nil for the empty text, which matches nothing.
    public init?(_ text: String) {
        guard let pattern = try? Self.make(text, syntax: .literal) else { return nil }
        self = pattern
    }

    /// `text` read as `syntax`; nil for the empty text. Throws for a regular expression that
    /// is not valid, or that uses back-references (which can take exponential time).
    public init?(_ text: String, syntax: Syntax) throws(PatternError) {
        guard let pattern = try Self.make(text, syntax: syntax) else { return nil }
        self = pattern
    }

    private init(text: String, shownText: String, syntax: Syntax, ignoresCase: Bool, needle: LiteralNeedle?, foldsUnicode: Bool,
                 regex: RegularExpression?, required: LiteralNeedle?, fuzzy: FuzzyQuery? = nil) {
        self.text = text
        self.shownText = shownText
        self.syntax = syntax
        self.ignoresCase = ignoresCase
        self.needle = needle
        self.foldsUnicode = foldsUnicode
        self.regex = regex
        self.required = required
        self.fuzzy = fuzzy
    }

    private static func make(_ typed: String, syntax: Syntax) throws(PatternError) -> TextPattern? {
        guard !typed.isEmpty else { return nil }
        // What a line shows has pictures for control characters: a pasted one finds its picture.
        let text = TextWalker.visible(String(typed.map { $0 == "\t" ? " " : $0 }), escapes: .inert).text
        if syntax == .fuzzy {
            guard let query = FuzzyQuery(text) else { return nil }
            return TextPattern(text: typed, shownText: text, syntax: syntax, ignoresCase: text == text.lowercased(), needle: nil,
                               foldsUnicode: false, regex: nil, required: nil, fuzzy: query)
        }
        let ignoresCase = !RegexSyntax.hasUpperCase(text, syntax: syntax)
        if syntax == .literal || !RegexSyntax.hasMetacharacters(text) {
            let foldsUnicode = ignoresCase && text.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseMapped }
            return TextPattern(text: typed, shownText: text, syntax: syntax, ignoresCase: ignoresCase,
                               needle: LiteralNeedle(ignoresCase ? text.lowercased() : text, ignoresCase: ignoresCase),
                               foldsUnicode: foldsUnicode, regex: nil, required: nil)
        }
        if RegexSyntax.hasBackReference(text) { throw PatternError(reason: "back-references (\\1…\\9) are not supported") }
        let regex = try RegularExpression(text, ignoresCase: ignoresCase)
        let required = RegexSyntax.requiredLiteral(text).flatMap { literal -> LiteralNeedle? in
            guard !ignoresCase || literal.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
            return LiteralNeedle(ignoresCase ? literal.lowercased() : literal, ignoresCase: ignoresCase)
        }
        return TextPattern(text: typed, shownText: text, syntax: syntax, ignoresCase: ignoresCase, needle: nil, foldsUnicode: false,
                           regex: regex, required: required)
    }

    public static func == (a: TextPattern, b: TextPattern) -> Bool { a.text == b.text && a.syntax == b.syntax }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(syntax)
    }

    /// Whether every line this pattern matches is also matched by `other`, so filtering with
    /// this pattern can start from `other`'s matches: literal text that contains `other`'s, or
    /// a regular expression without alternatives followed by more literal text.
    public func refines(_ other: TextPattern) -> Bool {
        if fuzzy != nil || other.fuzzy != nil {
            guard let fuzzy, let otherFuzzy = other.fuzzy else { return false }
            return fuzzy.refines(otherFuzzy)
        }
        if let needle, let otherNeedle = other.needle {
            return needle.bytes.count >= otherNeedle.bytes.count
                && Array(shownText.utf8).withUnsafeBufferPointer { LiteralNeedle(other.shownText, ignoresCase: false).find(in: $0) != nil }
        }
        guard syntax == .regularExpression, other.syntax == .regularExpression, shownText.hasPrefix(other.shownText),
              ignoresCase == other.ignoresCase || !ignoresCase else { return false }
        let added = String(shownText.dropFirst(other.shownText.count))
        return !RegexSyntax.hasMetacharacters(added) && RegexSyntax.isConcatenation(other.shownText)
    }

    /// Whether the visible text of `text` (a line as given) matches.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the visible text of the line `bytes` (UTF-8, as read: without its line end,
    /// maybe with escape sequences) matches: SGR sequences do not count, other escapes and
    /// controls count as their pictures, tabs as spaces.
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if VisibleLine.isShownAsIs(bytes) { return matchesVisible(bytes) }
        var visible = VisibleLine.visibleText(of: bytes)
        return visible.withUTF8 { matchesVisible($0) }
    }

    /// Whether the pattern occurs in `bytes`, the visible text of one line.
    func matchesVisible(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let fuzzy { return fuzzy.matches(utf8: bytes) }
        if let regex {
            if let required, required.find(in: bytes) == nil { return false }
            return regex.withSearchable(bytes) { $0.firstMatch() != nil }
        }
        guard let needle else { return false }
        if foldsUnicode, bytes.contains(where: { $0 >= 0x80 }) {
            var lower = TextSanitizer.decode(bytes).lowercased()
            return lower.withUTF8 { needle.find(in: $0) != nil }
        }
        return needle.find(in: bytes) != nil
    }

    /// The length of the pattern's UTF-8 bytes.
    public var byteLength: Int { text.utf8.count }

    /// The parts of `visible` (text as drawn: sanitised, one cell per column) that match, as
    /// the column each starts at and its text, left to right, not overlapping. Empty matches
    /// (of `^` or `x*`) are not parts.
    public func highlights(in visible: String) -> [(column: Int, text: String)] {
        if let regex { return regexHighlights(regex, in: visible) }
        if let fuzzy { return Self.runs(of: fuzzy.matchedCharacters(in: visible), in: visible) }
        let characters = Array(visible)
        let pattern = Array(ignoresCase ? shownText.lowercased() : shownText)
        guard !pattern.isEmpty, characters.count >= pattern.count else { return [] }
        let folded = ignoresCase ? characters.map { Character($0.lowercased()) } : characters
        var result: [(column: Int, text: String)] = []
        var column = 0
        var i = 0
        while i < characters.count {
            if i + pattern.count <= characters.count, folded[i] == pattern[0],
               (1..<pattern.count).allSatisfy({ folded[i + $0] == pattern[$0] }) {
                let text = String(characters[i..<i + pattern.count])
                result.append((column, text))
                column += TextWidth.of(text)
                i += pattern.count
            } else {
                column += TextWidth.of(characters[i])
                i += 1
            }
        }
        return result
    }

    /// The runs of consecutive characters `matched` (indices of scalars, ascending) of `visible`.
    private static func runs(of matched: [Int], in visible: String) -> [(column: Int, text: String)] {
        guard !matched.isEmpty else { return [] }
        var result: [(column: Int, text: String)] = []
        var column = 0
        var next = 0
        var lastIndex = -2
        for (index, scalar) in visible.unicodeScalars.enumerated() {
            let width = TextWidth.of(Character(scalar))
            if next < matched.count, matched[next] == index {
                if lastIndex == index - 1, !result.isEmpty {
                    result[result.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    result.append((column, String(Character(scalar))))
                }
                lastIndex = index
                next += 1
            }
            column += width
        }
        return result
    }

    private func regexHighlights(_ regex: RegularExpression, in visible: String) -> [(column: Int, text: String)] {
        var visible = visible
        return visible.withUTF8 { original in regex.withSearchable(original) { searchable -> [(column: Int, text: String)] in
            let bytes = original
            var result: [(column: Int, text: String)] = []
            var from = 0
            var column = 0
            var columnAt = 0
            while from <= bytes.count, let match = searchable.firstMatch(in: from..<bytes.count, atLineStart: from == 0) {
                guard !match.isEmpty else {
                    // Step over one character so an empty match cannot stop the walk.
                    var next = match.lowerBound + 1
                    while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
                    from = next
                    continue
                }
                column += TextWidth.of(TextSanitizer.decode(UnsafeBufferPointer(rebasing: bytes[columnAt..<match.lowerBound])))
                let text = TextSanitizer.decode(UnsafeBufferPointer(rebasing: bytes[match]))
                result.append((column, text))
                column += TextWidth.of(text)
                columnAt = match.upperBound
                from = match.upperBound
            }
            return result
        } }
    }
}
