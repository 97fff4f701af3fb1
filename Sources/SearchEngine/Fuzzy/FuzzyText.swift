/// The characters of one line as fuzzy matching reads them: Unicode scalar values by index.
/// A line of ASCII is read as its bytes, any other as its decoded scalars.
protocol FuzzyText {
    var count: Int { get }
    subscript(_ index: Int) -> UInt32 { get }
    /// Whether every character is ASCII (then a pattern with other characters cannot match).
    var isASCII: Bool { get }
}

/// A line of ASCII bytes.
struct FuzzyASCIIText: FuzzyText {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { UInt32(bytes[index]) }
    var isASCII: Bool { true }

    /// The first index from `start` holding `char`, or either case of it when `ignoringCase`
    /// (`char` then a lower-case letter), nil when there is none. The fuzzy prefilter's walk
    /// over every line: eight bytes a step (`memchr` finds one byte, not either of two).
    @inline(__always)
    func firstIndex(of char: UInt8, ignoringCase: Bool, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        let fold: UInt64 = ignoringCase ? Self.ones &* 0x20 : 0
        let wanted = Self.ones &* UInt64(char)
        var i = start
        while i &+ 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) | fold
            let found = Self.zeroBytes(word ^ wanted)
            if found != 0 { return i &+ found.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        let low = UInt8(truncatingIfNeeded: fold)
        while i < n {
            if bytes[i] | low == char { return i }
            i &+= 1
        }
        return nil
    }

    /// The last index holding `char`, or either case of it when `ignoringCase`, nil when there
    /// is none; eight bytes a step from the end.
    @inline(__always)
    func lastIndex(of char: UInt8, ignoringCase: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let fold: UInt64 = ignoringCase ? Self.ones &* 0x20 : 0
        let wanted = Self.ones &* UInt64(char)
        var end = bytes.count
        while end >= 8 {
            let word = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self) | fold
            let found = Self.zeroBytes(word ^ wanted)
            if found != 0 { return end &- 1 &- found.leadingZeroBitCount >> 3 }
            end &-= 8
        }
        let low = UInt8(truncatingIfNeeded: fold)
        while end > 0 {
            end &-= 1
            if bytes[end] | low == char { return end }
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of each byte of `word` that is zero (and of no other): the bytes are
    /// little-endian, the first in the lowest bits.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }
}

/// A line's Unicode scalar values (a line with characters beyond ASCII).
struct FuzzyScalarText: FuzzyText {
    let scalars: UnsafeBufferPointer<UInt32>
    var count: Int { scalars.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { scalars[index] }
    var isASCII: Bool { false }
}

extension FuzzyScalarText {
    /// The Unicode scalar values of `bytes` (UTF-8; an invalid byte reads as U+FFFD).
    static func scalars(of bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }
}
