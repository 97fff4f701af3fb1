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
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private(set) var isAtEnd = false
    /// How many lines have been returned so far.
    private(set) var linesRead = 0

    static let chunkSize = 64 * 1024

    init(fd: Int32, ownsDescriptor: Bool) {
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
    }

    /// Opens `path` for reading.
    convenience init(path: String) throws(SourceError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SourceError("cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw SourceError("'\(path)' is a directory, not a text file")
        }
        self.init(fd: fd, ownsDescriptor: true)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Up to `max` more lines; fewer only at the end of the input.
    func next(_ max: Int, token: CancellationToken? = nil) throws(SourceError) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(Swift.min(max, 4096))
        while lines.count < max {
            if let line = takeLine() {
                lines.append(line)
                continue
            }
            if isAtEnd { break }
            if token?.isCancelled == true { break }
            try fill()
            if isAtEnd, start < buffer.count {
                lines.append(decode(buffer[start..<buffer.count]))
                start = buffer.count
            }
        }
        linesRead += lines.count
        return lines
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
            let batch = try next(Swift.min(left, 4096))
            if batch.isEmpty { return }
            left -= batch.count
        }
    }

    private func takeLine() -> String? {
        guard let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = decode(buffer[start..<end])
        start = newline + 1
        return line
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private func fill() throws(SourceError) {
        if start > 0 {
            buffer.removeFirst(start)
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
