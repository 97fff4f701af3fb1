import CByteScan
#if canImport(Glibc)
import Glibc
#endif

/// Byte walks over lines of UTF-8 text that search and filter share: line ends, and whether
/// a line's bytes are what the screen shows (`VisibleLine`).
package enum LineBytes {
    static let newline = UInt8(ascii: "\n")

    /// The index of the first `\n` in `bytes[from..<end]`, if any.
    package static func newline(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard from < end, let base = bytes.baseAddress, let found = memchr(base + from, Int32(newline), end - from) else {
            return nil
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the last `\n` in `bytes[from..<end]`, if any.
    package static func lastNewline(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = end
        while i > from {
            i -= 1
            if bytes[i] == newline { return i }
        }
        return nil
    }

    /// How many `\n` bytes `bytes[from..<end]` holds (a loop the C compiler vectorises).
    package static func countNewlines(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, from < end else { return 0 }
        return pf_count_newlines(base + from, end - from)
    }

    /// Whether `bytes` holds a control byte other than `\n`, DEL, or `C2` (which starts a C1
    /// control), in a loop the C compiler vectorises.
    package static func hasSpecialBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return pf_has_special_bytes(base, bytes.count) != 0
    }

    /// Whether `bytes` are all ASCII, in a loop the C compiler vectorises.
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return pf_is_ascii(base, bytes.count) != 0
    }

    /// `bytes` without a trailing `\n`, then without a trailing `\r`.
    static func trimmingLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        if end > 0, bytes[end - 1] == newline { end -= 1 }
        if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }
}
