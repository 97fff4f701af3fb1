#if canImport(Glibc)
import Glibc
#endif

/// Finding line ends in raw bytes (with `memchr`, which is many times faster than a Swift loop).
enum LineScan {
    /// The index of the first `\n` at or after `start`, if any.
    static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `bytes` without a trailing `\n`, then without a trailing `\r` (a CRLF line's end).
    static func trimmingLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = bytes.count
        if end > 0, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > 0, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[0..<end])
    }
}
