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

    /// How many `\n` bytes `bytes[from..<end]` holds, found with `memchr` (lines are tens of
    /// bytes long: one call per line is quicker than a loop over every byte).
    package static func countNewlines(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var count = 0
        var position = from
        while let found = newline(in: bytes, from: position, to: end) {
            count += 1
            position = found + 1
        }
        return count
    }

    /// Whether `bytes` holds a control byte other than `\n`, DEL, or `C2` (which starts a C1
    /// control): eight bytes at a time, with the zero-byte trick on each word.
    static func hasSpecialBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each byte of `x` that is zero.
        func zeros(_ x: UInt64) -> UInt64 { ~(((x & low) &+ low) | x) & high }
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, controls: UInt64 = 0xE0E0_E0E0_E0E0_E0E0
        let deletes: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, c2s: UInt64 = 0xC2C2_C2C2_C2C2_C2C2
        var i = 0
        while i + 64 <= bytes.count {
            var found: UInt64 = 0
            for k in stride(from: i, to: i + 64, by: 8) {
                let word = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                found |= zeros(word & controls) & ~zeros(word ^ newlines) | zeros(word ^ deletes) | zeros(word ^ c2s)
            }
            if found != 0 { return true }
            i += 64
        }
        while i < bytes.count {
            let byte = bytes[i]
            if (byte < 0x20 && byte != newline) || byte == 0x7F || byte == 0xC2 { return true }
            i += 1
        }
        return false
    }

    /// How many lines end in `bytes` (its `\n` bytes), and whether any line might not be drawn
    /// as its bytes (`VisibleLine.blockMayNeedConversion`): how a search over a
    /// file counts lines and decides how to match them at once.
    package static func profile(_ bytes: UnsafeBufferPointer<UInt8>) -> (newlines: Int, mayNeedConversion: Bool) {
        (countNewlines(in: bytes, from: 0, to: bytes.count), hasSpecialBytes(bytes))
    }

    /// `bytes` without a trailing `\n`, then without a trailing `\r`.
    static func trimmingLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        if end > 0, bytes[end - 1] == newline { end -= 1 }
        if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }
}
