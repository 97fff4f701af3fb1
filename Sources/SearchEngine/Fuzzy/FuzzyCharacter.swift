/// How fuzzy scoring sees a character: its class, the bonus a match gets there from the
/// character before it, and how it folds for a comparison that ignores case.
///
/// The classes are ordered: every class after `nonWord` starts a word after a space, a
/// delimiter or another non-word character (a delimiter after a space counts too).
enum FuzzyCharacter {
    enum Class: UInt8, Comparable {
        case white, nonWord, delimiter, lower, upper, letter, number

        static func < (a: Class, b: Class) -> Bool { a.rawValue < b.rawValue }
    }

    static let scoreMatch = 16
    static let scoreGapStart = -3
    static let scoreGapExtension = -1
    /// A match at the start of a word; cancelled by a gap of about eight characters.
    static let bonusBoundary = scoreMatch / 2
    /// A match on a non-word character (so a chunk starting on one counts as consecutive).
    static let bonusNonWord = scoreMatch / 2
    /// A camelCase hump or the first digit of a number: a word start without a gap before it.
    static let bonusCamel123 = bonusBoundary + scoreGapExtension
    /// The least each character of a consecutive chunk gets.
    static let bonusConsecutive = -(scoreGapStart + scoreGapExtension)
    /// The first character typed counts twice at a special place.
    static let bonusFirstCharMultiplier = 2
    /// A word start after a space or at the start of the text.
    static let bonusBoundaryWhite = bonusBoundary + 2
    /// A word start after `/`, `,`, `:`, `;` or `|`.
    static let bonusBoundaryDelimiter = bonusBoundary + 1

    /// The class of the text before its first character.
    static let initialClass = Class.white

    @inline(__always)
    static func classOf(_ c: UInt32) -> Class {
        if c < 0x80 {
            if c >= 0x61 && c <= 0x7A { return .lower }
            if c >= 0x41 && c <= 0x5A { return .upper }
            if c >= 0x30 && c <= 0x39 { return .number }
            if c == 0x20 || c >= 0x09 && c <= 0x0D { return .white }
            if c == 0x2F || c == 0x2C || c == 0x3A || c == 0x3B || c == 0x7C { return .delimiter }
            return .nonWord
        }
        return classOfNonASCII(c)
    }

    static func classOfNonASCII(_ c: UInt32) -> Class {
        guard let scalar = Unicode.Scalar(c) else { return .nonWord }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        default: return scalar.properties.isWhitespace ? .white : .nonWord
        }
    }

    /// The class of each ASCII character, by its code: what the aligning loops read instead
    /// of `classOf`'s comparisons. Made once, never freed.
    nonisolated(unsafe) static let asciiClasses: UnsafePointer<Class> = {
        let table = UnsafeMutablePointer<Class>.allocate(capacity: 128)
        for c in 0..<128 { table[c] = classOf(UInt32(c)) }
        return UnsafePointer(table)
    }()

    /// `bonus(previous, current)` of every pair of classes, at `previous.rawValue * 8 +
    /// current.rawValue`: what the aligning loops read instead of `bonus`'s branches. Made
    /// once, never freed.
    nonisolated(unsafe) static let bonusTable: UnsafePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        table.initialize(repeating: 0, count: 64)
        for previous in 0..<8 {
            for current in 0..<8 {
                guard let p = Class(rawValue: UInt8(previous)), let c = Class(rawValue: UInt8(current)) else { continue }
                table[previous * 8 + current] = Int32(bonus(p, c))
            }
        }
        return UnsafePointer(table)
    }()

    /// The bonus for a match on a character of class `current` after one of class `previous`.
    @inline(__always)
    static func bonus(_ previous: Class, _ current: Class) -> Int {
        if current > .nonWord {
            switch previous {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number { return bonusCamel123 }
        if current == .nonWord { return bonusNonWord }
        if current == .white { return bonusBoundaryWhite }
        return 0
    }

    /// `c` in lower case when it is one character in lower case (else `c`).
    static func lowercased(_ c: UInt32) -> UInt32 {
        if c < 0x80 { return c >= 0x41 && c <= 0x5A ? c + 32 : c }
        guard let scalar = Unicode.Scalar(c) else { return c }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        guard mapping.count == 1, let lower = mapping.first else { return c }
        return lower.value
    }

    /// Whether `c` is white space (as a space trimmed from a line's ends).
    static func isSpace(_ c: UInt32) -> Bool {
        if c < 0x80 { return c == 0x20 || (0x09...0x0D).contains(c) }
        return Unicode.Scalar(c)?.properties.isWhitespace ?? false
    }
}
