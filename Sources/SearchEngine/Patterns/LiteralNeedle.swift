#if canImport(Glibc)
import Glibc
#endif

/// Bytes to find in UTF-8 text, ASCII letters matched in either case when `ignoresCase`
/// (the needle is stored lower-cased): `memchr` for the needle's least common byte, in both
/// cases, then a compare where it is found. Reads the text in place, never copies it.
struct LiteralNeedle: Sendable {
    /// The needle's bytes, ASCII letters lower-cased when `ignoresCase`.
    let bytes: [UInt8]
    let ignoresCase: Bool
    /// The index of the byte `memchr` looks for.
    fileprivate let anchor: Int

    init(_ text: String, ignoresCase: Bool) {
        bytes = Array(text.utf8).map { ignoresCase ? Self.fold($0) : $0 }
        self.ignoresCase = ignoresCase
        anchor = Self.anchorIndex(bytes)
    }

    /// Where the needle first occurs in `text` at or after `from`; nil if nowhere.
    func find(in text: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        var search = Search(needle: self, text: text)
        return search.next(from: from)
    }

    /// Successive searches through one text with `from` never going back: each `memchr`
    /// result is kept until it is passed, so the text is read once however many hits it has
    /// (an anchor letter's other case, rare in the text, is not looked for again at each hit).
    struct Search {
        let needle: LiteralNeedle
        let text: UnsafeBufferPointer<UInt8>
        private let lower: UInt8
        private let upper: UInt8?
        /// The next place of each anchor byte at or after where the search last looked;
        /// `Int.max` once there is none to the end.
        private var nextLower = -1
        private var nextUpper = -1

        init(needle: LiteralNeedle, text: UnsafeBufferPointer<UInt8>) {
            self.needle = needle
            self.text = text
            lower = needle.bytes.isEmpty ? 0 : needle.bytes[needle.anchor]
            upper = needle.ignoresCase && lower &- 97 < 26 ? lower - 32 : nil
        }

        /// The first occurrence at or after `from` (which is never less than a previous `from`).
        mutating func next(from: Int) -> Int? {
            guard let base = text.baseAddress, !needle.bytes.isEmpty, text.count >= needle.bytes.count else { return nil }
            let anchor = needle.anchor
            let end = text.count - needle.bytes.count + anchor + 1
            var from = from
            return needle.bytes.withUnsafeBufferPointer { bytes in
                while true {
                    let at = from + anchor
                    if nextLower < at { nextLower = LiteralNeedle.memchr(base, lower, from: at, to: end) ?? Int.max }
                    if let upper, nextUpper < at { nextUpper = LiteralNeedle.memchr(base, upper, from: at, to: end) ?? Int.max }
                    let hit = upper == nil ? nextLower : min(nextLower, nextUpper)
                    guard hit != Int.max else { return nil }
                    let start = hit - anchor
                    if needle.matches(at: start, in: base, needle: bytes) { return start }
                    from = start + 1
                }
            }
        }
    }

    fileprivate func matches(at start: Int, in base: UnsafePointer<UInt8>, needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if !ignoresCase { return memcmp(base + start, needle.baseAddress!, needle.count) == 0 }
        for i in 0..<needle.count where Self.fold(base[start + i]) != needle[i] { return false }
        return true
    }

    fileprivate static func memchr(_ base: UnsafePointer<UInt8>, _ byte: UInt8, from: Int, to end: Int) -> Int? {
        guard from < end, let found = Glibc.memchr(base + from, Int32(byte), end - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `A`…`Z` made lower case; every other byte as it is.
    static func fold(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

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
}
