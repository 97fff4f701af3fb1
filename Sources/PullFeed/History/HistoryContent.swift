import CZlib

/// One result's lines as the history keeps them: their bytes, each line ended by `\n`, and how
/// many there are. Stored compressed with zlib, one blob a result (`compressed()`).
package struct HistoryContent: Sendable, Equatable {
    /// The lines, each ended by `\n` (invalid UTF-8 and NUL bytes kept as read).
    package private(set) var bytes: [UInt8]
    package private(set) var rowCount: Int

    /// The lines of `bytes`; a last line without a `\n` gets one.
    package init(bytes: [UInt8]) {
        var bytes = bytes
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        self.bytes = bytes
        rowCount = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    package init(lines: [String]) {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        self.bytes = bytes
        rowCount = lines.count
    }

    /// `header` then every line of `lines`, read in bulk; thread-safe, so it runs off the UI
    /// thread on the list a refresh left.
    package init(header: [String], lines: LineList) {
        var bytes: [UInt8] = []
        for line in header {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        lines.forEachLineText(in: 0..<lines.count) { _, text in
            bytes.append(contentsOf: text)
            bytes.append(UInt8(ascii: "\n"))
            return true
        }
        self.bytes = bytes
        rowCount = header.count + lines.count
    }

    /// The lines as a list the feed shows.
    package var lineList: LineList { LineList(splitting: bytes) }

    /// The lines as strings (invalid UTF-8 as U+FFFD).
    package var lines: [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// 64-bit FNV-1a of the bytes: a result equal to the one before it has the same hash (the
    /// blobs are then compared, so a collision never loses a result).
    package var hash: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// The bytes compressed with zlib (the same bytes always give the same blob).
    package func compressed() -> [UInt8] {
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

    /// The content a blob of `compressed()` holds; nil when it is not one of `byteCount` bytes.
    package init?(compressed blob: [UInt8], byteCount: Int) {
        guard byteCount > 0 else {
            guard byteCount == 0 else { return nil }
            self.init(bytes: [])
            return
        }
        var size = uLong(byteCount)
        var out = [UInt8](repeating: 0, count: byteCount)
        let status = out.withUnsafeMutableBufferPointer { target in
            blob.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(size) == byteCount else { return nil }
        out.removeSubrange(byteCount...)
        self.init(bytes: out)
    }
}
