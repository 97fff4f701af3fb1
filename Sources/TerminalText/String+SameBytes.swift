#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether both strings hold exactly the same UTF-8 bytes. Unlike `==` it never compares
    /// by canonical equivalence, so it is a plain memory comparison for any text (a cache
    /// must not mistake "é" for "e\u{301}" anyway: they are drawn differently).
    package func hasSameBytes(as other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        let fast = a.withContiguousStorageIfAvailable { pa in
            b.withContiguousStorageIfAvailable { pb in
                pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
        return (fast ?? nil) ?? a.elementsEqual(b)
    }

    /// Feeds the UTF-8 bytes to `hasher` (the hash that goes with `hasSameBytes`).
    package func hashBytes(into hasher: inout Hasher) {
        let done: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { for byte in utf8 { hasher.combine(byte) } }
        hasher.combine(utf8.count)
    }
}

/// A string compared and hashed by its bytes (see `hasSameBytes`), for caches keyed by text.
package struct ByteString: Hashable {
    package let text: String

    package init(text: String) { self.text = text }

    package static func == (a: ByteString, b: ByteString) -> Bool { a.text.hasSameBytes(as: b.text) }

    package func hash(into hasher: inout Hasher) { text.hashBytes(into: &hasher) }
}
