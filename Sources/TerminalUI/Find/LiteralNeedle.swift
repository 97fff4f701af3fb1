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
    private let anchor: Int

    init(_ text: String, ignoresCase: Bool) {
        bytes = Array(text.utf8).map { ignoresCase ? Self.fold($0) : $0 }
        self.ignoresCase = ignoresCase
        anchor = Self.anchorIndex(bytes)
    }

    var isASCII: Bool { bytes.allSatisfy { $0 < 0x80 } }

    /// Where the needle first occurs in `text` at or after `from`; nil if nowhere.
    func find(in text: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        guard let base = text.baseAddress, !bytes.isEmpty, text.count - from >= bytes.count else { return nil }
        let last = text.count - bytes.count
        let lower = bytes[anchor]
        let upper: UInt8? = ignoresCase && lower &- 97 < 26 ? lower - 32 : nil
        var nextLower = Self.memchr(base, lower, from: from + anchor, to: last + anchor + 1)
        var nextUpper = upper.flatMap { Self.memchr(base, $0, from: from + anchor, to: last + anchor + 1) }
        return bytes.withUnsafeBufferPointer { needle in
            while true {
                let hit: Int
                switch (nextLower, nextUpper) {
                case (nil, nil): return nil
                case (let l?, nil): hit = l
                case (nil, let u?): hit = u
                case (let l?, let u?): hit = min(l, u)
                }
                let start = hit - anchor
                if matches(at: start, in: base, needle: needle) { return start }
                if hit == nextLower { nextLower = Self.memchr(base, lower, from: hit + 1, to: last + anchor + 1) }
                if hit == nextUpper, let upper { nextUpper = Self.memchr(base, upper, from: hit + 1, to: last + anchor + 1) }
            }
        }
    }

    private func matches(at start: Int, in base: UnsafePointer<UInt8>, needle: UnsafeBufferPointer<UInt8>) -> Bool {
        if !ignoresCase { return memcmp(base + start, needle.baseAddress!, needle.count) == 0 }
        for i in 0..<needle.count where Self.fold(base[start + i]) != needle[i] { return false }
        return true
    }

    private static func memchr(_ base: UnsafePointer<UInt8>, _ byte: UInt8, from: Int, to end: Int) -> Int? {
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
