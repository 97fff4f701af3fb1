#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// Something a stream's reader wants the user told once, on the status line.
package enum StreamNotice: Equatable, Sendable {
    /// No file could be made in the folder (missing, read-only), or the disk takes no more and
    /// nothing older can be dropped: the stream stays in memory from then on.
    case spillUnavailable(directory: String)
    /// The folder's disk is full: the oldest lines were dropped to make room.
    case diskFull(directory: String)
}

/// Where a stream's lines go once its memory budget is spent: files in `$TMPDIR`, unlinked as
/// soon as they are made (nothing is left behind, whatever way the app ends), indexed as they
/// are written by the same sparse index a regular file has (`FileIndex`), so a line costs no
/// memory at all and is read back when shown.
///
/// The files form a ring of up to `segmentCount` segments: with `--max-disk`, a new segment
/// that would pass the limit first drops the oldest one (its lines leave the front of the list,
/// and its file's space is freed once nothing refers to its lines); a full disk (ENOSPC) drops
/// the oldest segment too and writes again. A segment ends only at a line's end, so every line
/// is in one file. A line longer than a segment (with a limit) keeps only its first segment's
/// worth of bytes.
///
/// Confined to the stream's reader thread; `append` and `drop` tell the store (the lines of a
/// segment that now end at its newest bytes, and the line before which every line is gone).
final class StreamSpill {
    struct Segment {
        let index: FileIndex
        /// The stream's line number of the segment's first line.
        let firstLine: Int
    }

    static let segmentCount = 8
    /// The smallest segment, whatever `--max-disk` says.
    static let minimumSegmentSize = 64 << 10
    /// Segments without a limit (few files for a long stream, each still freed on its own
    /// when the disk fills).
    static let unlimitedSegmentSize = 1 << 30

    let settings: SpillSettings
    let segmentSize: Int
    private(set) var segments: [Segment] = []
    /// The stream's line number of the next line to end.
    private var nextLine: Int
    private let append: (FileIndex, Range<Int>) -> Void
    private let drop: (Int) -> Void
    /// Set when the disk was full and lines were dropped for it (the owner says so once).
    var droppedForSpace = false

    /// Makes the first segment in `settings.directory`; the stream's next line is `firstLine`,
    /// and `firstLine` lines of `bytesBefore` bytes came before (kept in memory), which tell
    /// how long its lines are.
    init(settings: SpillSettings, firstLine: Int, bytesBefore: Int, append: @escaping (FileIndex, Range<Int>) -> Void,
         drop: @escaping (Int) -> Void) throws(SourceError) {
        self.settings = settings
        segmentSize = settings.maxDisk > 0
            ? max(Self.minimumSegmentSize, settings.maxDisk / Self.segmentCount) : Self.unlimitedSegmentSize
        nextLine = firstLine
        self.append = append
        self.drop = drop
        let stride = Self.stride(lines: firstLine, bytes: bytesBefore)
        segments.append(Segment(index: try Self.makeFile(in: settings.directory, stride: stride), firstLine: firstLine))
    }

    /// Bytes between two marks of a segment's index, about: memory for the index grows with
    /// the bytes written, not with the lines (a stream of `y` lines would otherwise cost
    /// 8 bytes per 256 lines of 2 bytes), and finding a line reads at most about this much.
    static let bytesPerMark = 64 << 10

    /// The stride for a segment after `previous`.
    static func stride(after previous: FileIndex) -> Int {
        let (count, size) = previous.state.withLock { ($0.count, $0.size) }
        return stride(lines: count, bytes: size)
    }

    /// The stride for lines as long as `lines` lines of `bytes` bytes: as many as fill
    /// `bytesPerMark`, a power of two from `FileIndex.fileStride` to 65,536.
    static func stride(lines count: Int, bytes size: Int) -> Int {
        guard count > 0, size > 0 else { return FileIndex.fileStride }
        let lines = bytesPerMark / max(1, size / count)
        var stride = FileIndex.fileStride
        while stride < lines, stride < 1 << 16 { stride <<= 1 }
        return stride
    }

    /// A new empty file in `directory`, unlinked at once: only its descriptor refers to it.
    static func makeFile(in directory: String, stride: Int) throws(SourceError) -> FileIndex {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/") .utf8CString.dropLast())
        template += Array("pullfeed-spill.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw SourceError("cannot write to '\(directory)': \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return FileIndex(spill: LineFile(owning: fd), stride: stride)
    }

    /// Bytes the segments hold now.
    var diskBytes: Int { segments.reduce(0) { $0 + $1.index.state.withLock { $0.size } } }

    /// Writes `bytes` (what the stream gave next), telling `append` of the lines they end;
    /// returns how many of them it took: all, unless the disk cannot take more even with every
    /// older segment dropped (or another write error). The caller then keeps the rest in memory,
    /// after the start of the line written in part (`unfinishedLine()`).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let rest = take(bytes)
        return bytes.count - rest
    }

    /// Writes what it can of `bytes`; returns how many bytes are left.
    private func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var rest = bytes
        while !rest.isEmpty {
            let current = segments[segments.count - 1].index
            let (size, scanned) = current.state.withLock { ($0.size, $0.scanned) }
            let inLine = scanned < size
            if !inLine, size >= segmentSize {
                guard startSegment() else { return rest.count }
                continue
            }
            if settings.maxDisk > 0, inLine, size - scanned >= segmentSize {
                // A line longer than a segment keeps its start: skip to its end.
                guard let newline = LineScan.newline(in: rest, from: 0) else { return 0 }
                rest = UnsafeBufferPointer(rebasing: rest[newline...])
            }
            // A segment ends with the line that fills it; the next one takes the rest.
            var length = rest.count
            if size + length > segmentSize, let newline = LineScan.newline(in: rest, from: max(0, segmentSize - size - 1)) {
                length = newline + 1
            }
            let n = pwrite(current.file.fd, rest.baseAddress!, length, off_t(size))
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                let error = n < 0 ? errno : ENOSPC
                guard error == ENOSPC || error == EDQUOT || error == EFBIG else { return rest.count }
                if dropOldest() {
                    droppedForSpace = true
                    continue
                }
                // Only the segment being written is left: it ends at its last whole line and a
                // new one takes the line begun in it and what follows, so that the next failure
                // has an older segment to drop.
                guard current.count > 0, startSegment() else { return rest.count }
                let begun = current.takeUnfinishedLine()
                if !begun.isEmpty, begun.withUnsafeBufferPointer({ take($0) }) > 0 { return rest.count }
                continue
            }
            let ended = current.add(UnsafeBufferPointer(rebasing: rest[0..<n]), at: size)
            if ended > 0 {
                let count = current.count
                append(current, count - ended..<count)
                nextLine += ended
            }
            rest = UnsafeBufferPointer(rebasing: rest[n...])
        }
        return 0
    }

    /// Ends a last line that has no newline (the stream ended): a `\n` is added after it, as
    /// a stream kept in memory does (reading a line leaves it out).
    func finish() -> Bool {
        let current = segments[segments.count - 1].index
        guard current.state.withLock({ $0.scanned < $0.size }) else { return true }
        return [UInt8(ascii: "\n")].withUnsafeBufferPointer { write($0) == 1 }
    }

    /// The bytes of the line being written, not yet ended (for a caller that goes on in memory).
    func unfinishedLine() -> [UInt8] {
        let current = segments[segments.count - 1].index
        let (size, scanned) = current.state.withLock { ($0.size, $0.scanned) }
        guard size > scanned else { return [] }
        var bytes = [UInt8](repeating: 0, count: size - scanned)
        let read = bytes.withUnsafeMutableBytes { current.file.read(at: scanned, count: $0.count, into: $0.baseAddress!) }
        return Array(bytes[0..<read])
    }

    /// Starts a segment after the current one, dropping the oldest first while the limit would
    /// be passed; false if no file could be made.
    private func startSegment() -> Bool {
        if settings.maxDisk > 0 {
            while segments.count >= max(1, settings.maxDisk / segmentSize), dropOldest() {}
        }
        while true {
            do throws(SourceError) {
                let stride = Self.stride(after: segments[segments.count - 1].index)
                segments.append(Segment(index: try Self.makeFile(in: settings.directory, stride: stride), firstLine: nextLine))
                return true
            } catch {
                // A full disk may not even take a new file's entry.
                guard errno == ENOSPC || errno == EDQUOT, dropOldest() else { return false }
                droppedForSpace = true
            }
        }
    }

    /// Drops the oldest segment (and every line before it); false when only the one being
    /// written is left.
    private func dropOldest() -> Bool {
        guard segments.count > 1 else { return false }
        segments.removeFirst()
        drop(segments[0].firstLine)
        return true
    }
}
