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
