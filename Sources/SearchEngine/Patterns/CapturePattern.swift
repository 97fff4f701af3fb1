/// A regular expression that names what it finds: the text of its first group in a line's
/// first match, or the whole match when it has no group (how `--section-by` names a line's
/// section).
///
/// The expression is POSIX extended (as `grep -E`), matching case exactly, with the shorthands
/// people bring from other tools: `\d` and `\D` are read as `[0-9]` and `[^0-9]` (the library
/// knows `\s`, `\S`, `\w` and `\W` itself), and a lazy quantifier (`+?`, `*?`, `??`, `{m,n}?`)
/// is read as the greedy one (POSIX has only longest matches; `(\S+?)\[` still stops at the
/// first `[` of a word that has one). Lines are matched as they show (`TextPattern`'s rule:
/// SGR sequences do not count, other controls count as their pictures).
public struct CapturePattern: Sendable {
    /// The expression as given.
    public let text: String
    private let regex: RegularExpression

    /// Compiles `text`; throws why it cannot be used: not valid, empty, a back-reference, or
    /// an expression that matches the empty text (it would name no section).
    public init(_ text: String) throws(PatternError) {
        guard !text.isEmpty else { throw PatternError(reason: "the pattern is empty") }
        let translated = RegexSyntax.posix(text)
        if RegexSyntax.hasBackReference(translated) { throw PatternError(reason: "back-references (\\1…\\9) are not supported") }
        regex = try RegularExpression(translated, ignoresCase: false)
        self.text = text
        let empty: [UInt8] = []
        if empty.withUnsafeBufferPointer({ bytes in regex.withSearchable(bytes) { $0.firstMatch() != nil } }) {
            throw PatternError(reason: "the pattern matches the empty text, so it would not name anything")
        }
    }

    /// What the pattern finds in the line `bytes` (UTF-8, without its line end): the first
    /// group of the first match, else the whole match; nil when nothing matches or the text
    /// found is empty. A tab in it is a space (a name is one line of a header).
    public func name(inLine bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if VisibleLine.isShownAsIs(bytes) { return name(inVisible: bytes) }
        var visible = VisibleLine.visibleText(of: bytes)
        return visible.withUTF8 { name(inVisible: $0) }
    }

    /// `name(inLine:)` for a line given as a string.
    public func name(inLine line: String) -> String? {
        var line = line
        return line.withUTF8 { name(inLine: $0) }
    }

    private func name(inVisible bytes: UnsafeBufferPointer<UInt8>) -> String? {
        regex.withSearchable(bytes) { searchable -> String? in
            guard let found = searchable.firstMatchWithGroup() else { return nil }
            let range = found.group ?? found.match
            guard !range.isEmpty else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return name.contains("\t") ? String(name.map { $0 == "\t" ? " " : $0 }) : name
        }
    }
}
