#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads lines from a file descriptor a batch at a time, without reading ahead more than
/// one buffer. Lines end at `\n`; a trailing `\r` (CRLF files) is dropped; invalid UTF-8
/// becomes U+FFFD. The last line needs no newline.
final class LineReader {
    private let fd: Int32
    /// The file this reads, kept open for the lines that refer to it.
    let file: LineFile?
    private var buffer: [UInt8] = []
    private var start = 0
    /// The input offset of `buffer[0]`.
    private var bufferOffset = 0
    private(set) var isAtEnd = false
    /// How many lines have been returned so far.
    private(set) var linesRead = 0

    static let chunkSize = 64 * 1024

    /// Reads `fd` (standard input), which stays open when the reader goes.
    init(fd: Int32) {
        self.fd = fd
        file = nil
    }

    /// Reads `file` from its start (its lines can then be kept as byte ranges, see `nextEnds`).
    init(file: LineFile) {
        fd = file.fd
        self.file = file
    }

    /// Opens `path` for reading.
    convenience init(path: String) throws(SourceError) {
        self.init(file: try LineFile(path: path))
    }

    /// The input offset where the next line starts.
    var position: Int { bufferOffset + start }

    /// Up to `max` more lines, as the input offsets where each ends (just after its `\n`, or
    /// at the end of the input for a last line without one); fewer only at the end of the
    /// input. Decodes nothing, so it is what skipping and indexing a file use.
    func nextEnds(_ max: Int, token: CancellationToken? = nil) throws(SourceError) -> [Int] {
        var ends: [Int] = []
        ends.reserveCapacity(Swift.min(max, 1 << 16))
        try scan(max, token: token) { _, end in ends.append(end) }
        return ends
    }

    /// Reads up to `max` more lines into `lines`, their bytes kept as read; fewer only at the
    /// end of the input. For input that cannot be read back. The lines are appended a buffer at
    /// a time, so readers of `lines` never wait for the input.
    func readLines(_ max: Int, into lines: inout LineList, token: CancellationToken? = nil) throws(SourceError) {
        var count = 0
        while count < max {
            buffer.withUnsafeBufferPointer { buffer in
                guard LineScan.newline(in: buffer, from: start) != nil else { return }
                lines.appendRawLines { add in
                    while count < max, let newline = LineScan.newline(in: buffer, from: start) {
                        add(UnsafeBufferPointer(rebasing: buffer[start...newline]))
                        start = newline + 1
                        count += 1
                    }
                }
            }
            if count >= max || isAtEnd || token?.isCancelled == true { break }
            try fill()
            if isAtEnd, start < buffer.count {
                buffer.withUnsafeBufferPointer { buffer in
                    lines.appendRawLines { add in add(UnsafeBufferPointer(rebasing: buffer[start...])) }
                }
                start = buffer.count
                count += 1
            }
        }
        linesRead += count
    }

    /// Reads up to `max` more lines, handing each to `line` with its bytes (newline included,
    /// if any; valid only during the call) and the input offset where it ends.
    private func scan(
        _ max: Int, token: CancellationToken?, line: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) throws(SourceError) {
        var count = 0
        while count < max {
            let found = buffer.withUnsafeBufferPointer { buffer -> Bool in
                guard let newline = LineScan.newline(in: buffer, from: start) else { return false }
                line(UnsafeBufferPointer(rebasing: buffer[start...newline]), bufferOffset + newline + 1)
                start = newline + 1
                return true
            }
            if found {
                count += 1
                continue
            }
            if isAtEnd || token?.isCancelled == true { break }
            try fill()
            if isAtEnd, start < buffer.count {
                buffer.withUnsafeBufferPointer { line(UnsafeBufferPointer(rebasing: $0[start...]), bufferOffset + $0.count) }
                start = buffer.count
                count += 1
            }
        }
        linesRead += count
    }

    /// Whether no line is left: the input ended and the buffer is drained. It may read
    /// ahead one buffer to find out, so that a page ending exactly at the end of the
    /// input already knows there is no more.
    var isAtEndOfLines: Bool {
        if start < buffer.count { return false }
        if isAtEnd { return true }
        try? fill()
        return isAtEnd && start >= buffer.count
    }

    /// Skips `count` lines (used to resume at an offset).
    func skip(_ count: Int) throws(SourceError) {
        var left = count
        while left > 0 {
            let batch = try nextEnds(Swift.min(left, 1 << 16))
            if batch.isEmpty { return }
            left -= batch.count
        }
    }

    private func fill() throws(SourceError) {
        if start > 0 {
            buffer.removeFirst(start)
            bufferOffset += start
            start = 0
        }
        let old = buffer.count
        buffer.reserveCapacity(old + Self.chunkSize)
        var readCount = 0
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        while true {
            readCount = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + old, Self.chunkSize)
            }
            if readCount < 0, errno == EINTR { continue }
            break
        }
        if readCount < 0 {
            buffer.removeLast(Self.chunkSize)
            throw SourceError("read failed: \(String(cString: strerror(errno)))")
        }
        buffer.removeLast(Self.chunkSize - readCount)
        if readCount == 0 { isAtEnd = true }
    }
}
