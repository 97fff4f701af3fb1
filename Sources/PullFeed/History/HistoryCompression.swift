import CZlib

/// How the history packs a piece of a result: zlib at level 6, the same bytes always giving the
/// same blob (so two results' blobs are equal when their lines are).
enum HistoryCompression {
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), 6)
            }
        }
        precondition(status == Z_OK, "zlib cannot fail with a buffer of compressBound's size")
        out.removeSubrange(Int(size)...)
        return out
    }

    /// The `byteCount` bytes `blob` packs; nil when it does not pack that many.
    static func decompress(_ blob: [UInt8], byteCount: Int) -> [UInt8]? {
        guard byteCount > 0 else { return byteCount == 0 ? [] : nil }
        var size = uLong(byteCount)
        var out = [UInt8](repeating: 0, count: byteCount)
        let status = out.withUnsafeMutableBufferPointer { target in
            blob.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(size) == byteCount else { return nil }
        return out
    }
}
