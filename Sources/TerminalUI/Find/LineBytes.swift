#if canImport(Glibc)
import Glibc
#endif

/// Byte walks over lines of UTF-8 text that search and filter share: line ends, and whether
/// a line's bytes are what the screen shows (`VisibleLine`).
package enum LineBytes {
    static let newline = UInt8(ascii: "\n")

    /// The index of the first `\n` in `bytes[from..<end]`, if any.
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard from < end, let base = bytes.baseAddress, let found = memchr(base + from, Int32(newline), end - from) else {
            return nil
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the last `\n` in `bytes[from..<end]`, if any.
    static func lastNewline(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = end
        while i > from {
            i -= 1
            if bytes[i] == newline { return i }
        }
        return nil
    }

    /// How many `\n` bytes `bytes[from..<end]` holds: 32 bytes at a time.
    package static func countNewlines(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, from < end else { return 0 }
        return scan(UnsafeRawPointer(base + from), count: end - from).newlines
    }

    /// The `\n` bytes of the `count` bytes at `start`, and whether any of them is a control
    /// byte other than `\n`, DEL, or `C2` (which starts a C1 control): 32 bytes at a time,
    /// with SIMD compares and lane counters added up every 255 steps.
    private static func scan(_ start: UnsafeRawPointer, count: Int) -> (newlines: Int, special: Bool) {
        typealias Lanes = SIMD32<UInt8>
        let newlines = Lanes(repeating: newline), space = Lanes(repeating: 0x20)
        let delete = Lanes(repeating: 0x7F), c2 = Lanes(repeating: 0xC2)
        let zero = Lanes(repeating: 0), one = Lanes(repeating: 1)
        var total = 0
        var special = SIMDMask<Lanes.MaskStorage>(repeating: false)
        var i = 0
        while i + 32 <= count {
            var lanes = zero
            var steps = 0
            while steps < 255, i + 32 <= count {
                let v = start.loadUnaligned(fromByteOffset: i, as: Lanes.self)
                let isNewline = v .== newlines
                lanes &+= zero.replacing(with: one, where: isNewline)
                special .|= (v .< space) .& .!isNewline .| (v .== delete) .| (v .== c2)
                i += 32
                steps += 1
            }
            total += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        var tailSpecial = false
        while i < count {
            let byte = start.load(fromByteOffset: i, as: UInt8.self)
            if byte == newline { total += 1 } else if byte < 0x20 || byte == 0x7F || byte == 0xC2 { tailSpecial = true }
            i += 1
        }
        return (total, tailSpecial || any(special))
    }

    /// How many lines end in `bytes` (its `\n` bytes), and whether any line might not be drawn
    /// as its bytes (`VisibleLine.blockMayNeedConversion`), in one pass: how a search over a
    /// file counts lines and decides how to match them at once.
    package static func profile(_ bytes: UnsafeBufferPointer<UInt8>) -> (newlines: Int, mayNeedConversion: Bool) {
        guard let base = bytes.baseAddress else { return (0, false) }
        let result = scan(UnsafeRawPointer(base), count: bytes.count)
        return (result.newlines, result.special)
    }

    /// `bytes` without a trailing `\n`, then without a trailing `\r`.
    static func trimmingLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        if end > 0, bytes[end - 1] == newline { end -= 1 }
        if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }
}
