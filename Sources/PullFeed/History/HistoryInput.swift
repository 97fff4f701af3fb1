#if canImport(Glibc)
import Glibc
#endif

/// Where a result's lines come from when the history keeps it: read in pieces off the UI
/// thread, so that a large result is never copied whole into memory.
package enum HistoryInput: Sendable {
    /// A command's run: its header lines, then the lines the feed holds (in memory or spilled
    /// to disk).
    case lines(header: [String], lines: LineList)
    /// A file, read again from its path.
    case file(path: String)
    /// Lines as bytes, each ended by `\n` (a last line without one gets one).
    case bytes([UInt8])

    /// `lines`, one after another.
    package static func strings(_ lines: [String]) -> HistoryInput {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return .bytes(bytes)
    }

    /// The largest file kept: larger ones are left out of the history.
    package static let maxFileBytes = 1 << 30

    /// Calls `body` with the input's bytes in order, in pieces of about `size` bytes (the last
    /// line ended by `\n` whatever the input says); false when the input cannot be read (a
    /// file gone, not a regular file, or larger than `maxFileBytes`), perhaps after some pieces.
    package func forEachPiece<Failure: Error>(size: Int, _ body: ([UInt8]) throws(Failure) -> Void) throws(Failure) -> Bool {
        var pieces = Pieces(size: size)
        switch self {
        case .bytes(let bytes):
            for start in stride(from: 0, to: bytes.count, by: size) {
                try pieces.add(bytes[start..<min(bytes.count, start + size)], body)
            }
        case .lines(let header, let lines):
            for line in header {
                try pieces.add(Array(line.utf8) + [UInt8(ascii: "\n")], body)
            }
            var failure: Failure?
            lines.forEachLineText(in: 0..<lines.count) { _, text in
                do throws(Failure) {
                    try pieces.add(text, body)
                    try pieces.add(CollectionOfOne(UInt8(ascii: "\n")), body)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
        case .file(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= Self.maxFileBytes else { return false }
            var chunk = [UInt8](repeating: 0, count: size)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0 { return false }
                if count == 0 { break }
                try pieces.add(chunk[..<count], body)
            }
        }
        try pieces.finish(body)
        return true
    }

    /// Gathers bytes into pieces of `size` and hands each on when full.
    private struct Pieces {
        let size: Int
        var buffer: [UInt8] = []
        var lastByte: UInt8?

        init(size: Int) {
            self.size = size
            buffer.reserveCapacity(size)
        }

        mutating func add<Bytes: Collection<UInt8>, Failure: Error>(_ bytes: Bytes, _ body: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
            guard !bytes.isEmpty else { return }
            buffer.append(contentsOf: bytes)
            lastByte = buffer.last
            while buffer.count >= size {
                let piece = Array(buffer.prefix(size))
                buffer.removeFirst(size)
                try body(piece)
            }
        }

        /// Hands on the rest, ending the last line.
        mutating func finish<Failure: Error>(_ body: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
            if let lastByte, lastByte != UInt8(ascii: "\n") { buffer.append(UInt8(ascii: "\n")) }
            if !buffer.isEmpty { try body(buffer) }
            buffer = []
        }
    }
}
