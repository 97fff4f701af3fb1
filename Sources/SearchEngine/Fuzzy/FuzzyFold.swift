/// How a term compares a line's characters with its own: with case or without (a term in
/// lower case), and with small Latin letters with a mark read as their base letter or not.
struct FuzzyFold: Hashable, Sendable {
    var caseSensitive: Bool
    var normalizes: Bool

    /// `c` folded for comparison: lower case unless the term has case, then its base letter.
    @inline(__always)
    func apply(_ c: UInt32) -> UInt32 {
        let lower = caseSensitive ? c : FuzzyCharacter.lowercased(c)
        return normalizes ? FuzzyCharacter.latinBase(lower) : lower
    }

    /// `c` (of class `cls`) folded as the aligning pass folds it: only upper-case letters are
    /// lowered, and only characters beyond ASCII are read as a base letter.
    @inline(__always)
    func aligned(_ c: UInt32, _ cls: FuzzyCharacter.Class) -> UInt32 {
        if c < 0x80 { return !caseSensitive && cls == .upper ? c + 32 : c }
        let lower = !caseSensitive && cls == .upper ? FuzzyCharacter.lowercased(c) : c
        return normalizes ? FuzzyCharacter.latinBase(lower) : lower
    }

    /// For each ASCII character, by its code, its class (`FuzzyCharacter.Class.rawValue`, the
    /// high byte) and the character as `aligned` folds it (the low byte): one load where the
    /// aligning pass would look up the class, then fold.
    var asciiClassesAndCharacters: UnsafePointer<UInt16> {
        caseSensitive ? Self.asciiTables.withCase : Self.asciiTables.ignoringCase
    }

    /// `asciiClassesAndCharacters` for a term with case and for one without. Made once, never freed.
    nonisolated(unsafe) private static let asciiTables: (withCase: UnsafePointer<UInt16>, ignoringCase: UnsafePointer<UInt16>) = {
        func table(_ fold: FuzzyFold) -> UnsafePointer<UInt16> {
            let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 128)
            for c in UInt32(0)..<128 {
                let cls = FuzzyCharacter.classOf(c)
                table[Int(c)] = UInt16(cls.rawValue) << 8 | UInt16(fold.aligned(c, cls))
            }
            return UnsafePointer(table)
        }
        return (table(FuzzyFold(caseSensitive: true, normalizes: false)), table(FuzzyFold(caseSensitive: false, normalizes: false)))
    }()
}
