/// The buffers a `FuzzyScorer` decodes a line into and aligns in, kept between calls (grown
/// as needed) and read without bounds checks in the inner loops, and the classes of the characters
/// beyond ASCII it has met (looking one up in Unicode's tables costs far more than the rest of
/// a character's work). One per scorer: one per thread.
final class FuzzyScratch {
    private(set) var rowCapacity = 0
    private(set) var tableCapacity = 0
    private(set) var patternCapacity = 0
    private(set) var folded = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private(set) var bonuses = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var table = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var chunks = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    private(set) var firsts = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    private(set) var decodedCapacity = 0
    private(set) var decoded = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)

    /// How many characters beyond ASCII the class cache holds: each in the slot of its low
    /// bits, the last one met there winning.
    private static let cacheSlots = 1024
    /// The characters cached, by slot (0, never beyond ASCII, for an empty slot).
    private let cachedCharacters = UnsafeMutablePointer<UInt32>.allocate(capacity: cacheSlots)
    /// Their classes.
    private let cachedClasses = UnsafeMutablePointer<FuzzyCharacter.Class>.allocate(capacity: cacheSlots)

    init() {
        cachedCharacters.initialize(repeating: 0, count: Self.cacheSlots)
        cachedClasses.initialize(repeating: .nonWord, count: Self.cacheSlots)
    }

    /// The class of `c`, a character beyond ASCII, from the cache when it is there.
    @inline(__always)
    func classOfNonASCII(_ c: UInt32) -> FuzzyCharacter.Class {
        let slot = Int(c) & (Self.cacheSlots - 1)
        if cachedCharacters[slot] == c { return cachedClasses[slot] }
        let cls = FuzzyCharacter.classOfNonASCII(c)
        cachedCharacters[slot] = c
        cachedClasses[slot] = cls
        return cls
    }

    /// The Unicode scalar values of `bytes` (UTF-8; each byte of a malformed sequence reads as
    /// U+FFFD), in `decoded`: valid until the next call.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt32> {
        reserve(decoded: bytes.count)
        let out = decoded
        var count = 0
        var i = 0
        let n = bytes.count
        while i < n {
            // Runs of ASCII, most of most lines, one byte a character: eight at a time while
            // none of them is beyond ASCII.
            while i &+ 8 <= n, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0 else { break }
                for k in 0..<8 { out[count &+ k] = UInt32(truncatingIfNeeded: word &>> UInt64(k &* 8)) & 0xFF }
                count &+= 8
                i &+= 8
            }
            while i < n, bytes[i] < 0x80 {
                out[count] = UInt32(bytes[i])
                count &+= 1
                i &+= 1
            }
            guard i < n else { break }
            let b0 = UInt32(bytes[i])
            var length = 0
            var value: UInt32 = 0xFFFD
            if b0 < 0x80 {
                value = b0
                length = 1
            } else if b0 >= 0xC2 && b0 <= 0xDF {
                length = 2
                value = b0 & 0x1F
            } else if b0 >= 0xE0 && b0 <= 0xEF {
                length = 3
                value = b0 & 0x0F
            } else if b0 >= 0xF0 && b0 <= 0xF4 {
                length = 4
                value = b0 & 0x07
            }
            if length > 1 {
                var valid = i + length <= n
                var k = 1
                while valid && k < length {
                    let b = UInt32(bytes[i + k])
                    if b & 0xC0 != 0x80 { valid = false } else { value = value << 6 | (b & 0x3F) }
                    k += 1
                }
                // Overlong forms, surrogates and values past U+10FFFF are malformed.
                if valid, length == 3, value < 0x800 || (0xD800...0xDFFF).contains(value) { valid = false }
                if valid, length == 4, value < 0x10000 || value > 0x10FFFF { valid = false }
                if !valid {
                    value = 0xFFFD
                    length = 1
                }
            } else if length == 0 {
                length = 1
            }
            out[count] = value
            count += 1
            i += length
        }
        return UnsafeBufferPointer(start: out, count: count)
    }

    /// A buffer of `capacity` in place of `buffer`, whose contents go (they are scratch).
    private static func reallocate<T>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: Int) {
        buffer.deallocate()
        buffer = .allocate(capacity: capacity)
    }

    func reserve(decoded count: Int) {
        guard count > decodedCapacity else { return }
        decodedCapacity = max(count, decodedCapacity * 2, 256)
        Self.reallocate(&decoded, decodedCapacity)
    }

    func reserve(rows: Int, pattern: Int) {
        if rows > rowCapacity {
            rowCapacity = max(rows, rowCapacity * 2, 256)
            Self.reallocate(&folded, rowCapacity)
            Self.reallocate(&bonuses, rowCapacity)
        }
        if pattern > patternCapacity {
            patternCapacity = max(pattern, 32)
            Self.reallocate(&firsts, patternCapacity)
        }
    }

    /// Room for a table of `cells`, zeroed when `zeroed`.
    func reserve(cells: Int, zeroed: Bool) {
        if cells > tableCapacity {
            tableCapacity = max(cells, tableCapacity * 2, 1024)
            Self.reallocate(&table, tableCapacity)
            Self.reallocate(&chunks, tableCapacity)
        }
        guard zeroed else { return }
        table.update(repeating: 0, count: cells)
        chunks.update(repeating: 0, count: cells)
    }

    deinit {
        for pointer in [bonuses, table, chunks] { pointer.deallocate() }
        folded.deallocate()
        firsts.deallocate()
        decoded.deallocate()
        cachedCharacters.deallocate()
        cachedClasses.deallocate()
    }
}
