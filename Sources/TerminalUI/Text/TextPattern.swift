#if canImport(Glibc)
import Glibc
#endif

/// A plain-text search pattern with smart case: a pattern with no upper-case letter ignores
/// case (`error` finds `Error` and `ERROR`), one with an upper-case letter matches case exactly
/// (`Error` finds only `Error`).
///
/// Matching works on UTF-8 bytes (`memmem`), so it can run over raw lines of a file without
/// making strings. ASCII letters are folded byte by byte; a pattern that ignores case and has
/// letters outside ASCII (`привет`) folds lines that have such letters through `lowercased()`.
public struct TextPattern: Hashable, Sendable {
    /// The pattern as typed.
    public let text: String
    /// Whether case is ignored (the pattern has no upper-case letter).
    public let ignoresCase: Bool
    /// The bytes searched for: the pattern's UTF-8, lower-cased when case is ignored.
    let needle: [UInt8]
    /// Whether lines with bytes outside ASCII must be lower-cased as a whole to be compared.
    let foldsUnicode: Bool

    /// A pattern for `text`; nil for the empty text, which matches nothing.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.text = text
        let hasUpper = text.unicodeScalars.contains { $0.properties.isUppercase }
        ignoresCase = !hasUpper
        needle = Array((ignoresCase ? text.lowercased() : text).utf8)
        foldsUnicode = ignoresCase && text.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseMapped }
    }

    /// Whether every text this pattern matches is also matched by `other`, so filtering with
    /// this pattern can start from `other`'s matches: this pattern contains `other`'s text.
    public func refines(_ other: TextPattern) -> Bool {
        text.utf8.count >= other.text.utf8.count && TextPattern.contains(Array(text.utf8), Array(other.text.utf8))
    }

    /// Whether `text` contains the pattern.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the UTF-8 bytes `bytes` contain the pattern.
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !ignoresCase { return Self.find(needle, in: bytes) != nil }
        if foldsUnicode, bytes.contains(where: { $0 >= 0x80 }) {
            var lower = String(decoding: bytes, as: UTF8.self).lowercased()
            return lower.withUTF8 { Self.find(needle, in: $0) != nil }
        }
        if bytes.count < 512 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { scratch in
                Self.foldASCII(bytes, into: scratch.baseAddress!)
                return Self.find(needle, in: UnsafeBufferPointer(rebasing: scratch[0..<bytes.count])) != nil
            }
        }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        defer { scratch.deallocate() }
        Self.foldASCII(bytes, into: scratch)
        return Self.find(needle, in: UnsafeBufferPointer(start: scratch, count: bytes.count)) != nil
    }

    /// Where the pattern first occurs in `bytes` (a buffer of many lines), after folding its
    /// ASCII letters in place when case is ignored; nil if nowhere. Only for patterns that
    /// `canScanBytes`.
    public func firstMatch(inFolding bytes: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        if ignoresCase, let base = bytes.baseAddress { Self.foldASCII(UnsafeBufferPointer(bytes), into: base) }
        return Self.find(needle, in: UnsafeBufferPointer(bytes))
    }

    /// The length of the pattern's UTF-8 bytes.
    public var byteLength: Int { needle.count }

    /// Whether `firstMatch(inFolding:)` finds every match: false when case folding needs more
    /// than ASCII.
    public var canScanBytes: Bool { !foldsUnicode }

    /// The parts of `visible` (text as drawn: sanitised, one cell per column) that match, as
    /// the column each starts at and its text, left to right, not overlapping.
    public func highlights(in visible: String) -> [(column: Int, text: String)] {
        let characters = Array(visible)
        let pattern = Array(ignoresCase ? text.lowercased() : text)
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

    // MARK: Bytes

    /// Copies `bytes` to `target` with `A`…`Z` made lower case (a loop the compiler vectorises).
    static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) {
        for i in 0..<bytes.count {
            let byte = bytes[i]
            target[i] = byte &- 65 < 26 ? byte | 0x20 : byte
        }
    }

    /// The first occurrence of `needle` in `bytes`: `memchr` for the needle's least common
    /// byte, then a compare at each place it is found.
    static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty, bytes.count >= needle.count else { return nil }
        let anchor = anchorIndex(needle)
        let anchorByte = Int32(needle[anchor])
        return needle.withUnsafeBufferPointer { n -> Int? in
            let last = bytes.count - needle.count
            var position = 0
            while position <= last {
                let from = base + position + anchor
                guard let hit = memchr(from, anchorByte, last - position + 1) else { return nil }
                let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                if memcmp(base + start, n.baseAddress!, n.count) == 0 { return start }
                position = start + 1
            }
            return nil
        }
    }

    /// The needle byte least likely in text, so `memchr` stops rarely.
    static func anchorIndex(_ needle: [UInt8]) -> Int {
        var best = 0
        var bestScore = Int.max
        for (i, byte) in needle.enumerated() {
            let score = commonness(byte)
            if score < bestScore { (best, bestScore) = (i, score) }
        }
        return best
    }

    private static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: " "): return 100
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"),
             UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "h"): return 90
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 70
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 60
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 40
        case 0x80...: return 50
        default: return 30
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { find(needle, in: $0) != nil }
    }
}
