#if canImport(FoundationEssentials)
import Synchronization
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// An open text file whose lines a `LineList` refers to by byte range, reading them back on
/// demand (the way `less` does), through a 64 KiB window around the last line read.
///
/// The file is read as it is when a line is shown (through the window, so lines read lately may
/// keep their old text): if it is truncated behind our back, lines past its new end read as
/// empty; if it is replaced (a new file at the path), this keeps reading the old one until a
/// refresh opens the new one.
final class LineFile: @unchecked Sendable {
    let fd: Int32
    /// Whether lines can be read back by offset: a regular file. A pipe, FIFO or terminal
    /// (`--file <(cmd)`, `--file /dev/stdin`) can be read only once, so its lines are kept in
    /// memory instead.
    let canReadBack: Bool
    private let window = Mutex(Window())

    struct Window {
        var start = 0
        var bytes: [UInt8] = []
    }

    static let windowSize = 64 * 1024
    /// A line longer than this shows its first bytes only (a file of one 100 MB line stays
    /// quick to draw).
    static let lineLimit = 1 << 20

    /// Opens `path` for reading.
    init(path: String) throws(SourceError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SourceError("cannot open '\(path)': \(String(cString: strerror(errno)))")
        }
        var info = stat()
        let known = fstat(fd, &info) == 0
        if known, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw SourceError("'\(path)' is a directory, not a text file")
        }
        self.fd = fd
        canReadBack = known && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Takes `fd`, a regular file that this object closes (a stream's spill file).
    init(owning fd: Int32) {
        self.fd = fd
        canReadBack = true
    }

    deinit { close(fd) }

    /// The line stored as the bytes `start ..< end` (its newline and a `\r` before it dropped;
    /// invalid UTF-8 as U+FFFD). Bytes the file no longer has read as nothing.
    func line(from start: Int, to end: Int) -> String {
        guard end > start else { return "" }
        let end = min(end, start + Self.lineLimit)
        return window.withLock { w in
            if !(start >= w.start && end <= w.start + w.bytes.count) {
                load(into: &w, around: start, end: end)
            }
            let lo = start - w.start
            let hi = min(end - w.start, w.bytes.count)
            guard lo < hi else { return "" }
            return Self.text(of: w.bytes[lo..<hi])
        }
    }

    /// The bytes `start ..< end` as stored, however long, without the line's end: what Enter
    /// prints (invalid UTF-8 and all), read past the window so that a line of 100 MB does not
    /// stay in memory after.
    func wholeLineBytes(from start: Int, to end: Int) -> [UInt8] {
        guard end > start else { return [] }
        var bytes = [UInt8](repeating: 0, count: end - start)
        let filled = bytes.withUnsafeMutableBytes { read(at: start, count: end - start, into: $0.baseAddress!) }
        return bytes.withUnsafeBufferPointer { Array(LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: $0[0..<filled]))) }
    }

    /// A line's text from its stored bytes: its line end dropped, invalid UTF-8 as U+FFFD.
    private static func text(of bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: LineScan.trimmingLineEnd($0), as: UTF8.self) }
    }

    /// The file's size now (0 if it cannot be told).
    var size: Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Reads up to `count` bytes at `offset` into `target`, past the window; returns how many
    /// the file had.
    func read(at offset: Int, count: Int, into target: UnsafeMutableRawPointer) -> Int {
        var filled = 0
        while filled < count {
            let n = pread(fd, target + filled, count - filled, off_t(offset + filled))
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return filled
    }

    /// Reads a window that holds `start ..< end` with room on both sides, so scrolling either
    /// way reads the file once per few hundred lines.
    private func load(into w: inout Window, around start: Int, end: Int) {
        let from = max(0, start - Self.windowSize / 2)
        let length = max(Self.windowSize, end - from)
        w.start = from
        if w.bytes.count != length { w.bytes = [UInt8](repeating: 0, count: length) }
        let filled = w.bytes.withUnsafeMutableBytes { read(at: from, count: length, into: $0.baseAddress!) }
        w.bytes.removeLast(length - filled)
    }
}
