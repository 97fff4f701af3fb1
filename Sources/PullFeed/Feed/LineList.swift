import TerminalUI

/// The lines of a line source, stored compactly, in pieces:
/// - lines held in memory: their UTF-8 bytes in one buffer per piece (at most about 1 MiB, so
///   growing never copies the whole list) and 4 bytes per line for where each ends;
/// - lines of a file (`LineFile`): only where each ends in the file, 4 bytes per line. Their
///   text is read back from the file when asked for, the way `less` works, so 100,000 lines
///   of a file cost 400 KB, not their 5.5 MB.
///
/// A value is a snapshot of an append-only storage: appending to a snapshot that shares its
/// storage's end extends the storage in place (older snapshots keep their own count and stay
/// valid); any other write copies. That keeps `reduce` O(page), not O(list). Reading is
/// thread-safe.
public struct LineList: Sendable, Equatable {
    private var storage: Storage
    public private(set) var count: Int

    public init() {
        storage = Storage()
        count = 0
    }

    public init(_ lines: [String]) {
        self.init()
        append(contentsOf: lines)
    }

    /// The lines of `bytes`: `\n` ends a line, a trailing `\r` is dropped, a final line needs
    /// no newline, invalid UTF-8 becomes U+FFFD when read.
    public init(splitting bytes: [UInt8]) {
        self.init()
        storage.withPieces { pieces in
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < buffer.count {
                    let end = LineScan.newline(in: buffer, from: start) ?? buffer.count
                    Storage.appendMemoryLine(LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[start..<end])), to: &pieces)
                    start = end + 1
                }
            }
        }
        count = storage.count
    }

    /// Lines of `file` by the file offsets where each ends (just after its `\n`, or the end of
    /// the file for a last line without one), the first starting at `start`.
    init(file: LineFile, start: Int, ends: [Int]) {
        self.init()
        storage.withPieces { pieces in
            var lineStart = start
            for end in ends {
                Storage.appendFileLine(file, start: lineStart, end: end, to: &pieces)
                lineStart = end
            }
        }
        count = storage.count
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(index: Int) -> String {
        precondition(index >= 0 && index < count, "line index out of range")
        return storage.line(index)
    }

    public mutating func append(contentsOf lines: [String]) {
        prepareForAppend()
        storage.withPieces { pieces in
            for line in lines {
                var line = line
                line.withUTF8 { Storage.appendMemoryLine($0, to: &pieces) }
            }
        }
        count = storage.count
    }

    /// Appends one line held in memory, given as its UTF-8 bytes (no line end).
    mutating func appendLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        prepareForAppend()
        storage.withPieces { Storage.appendMemoryLine(bytes, to: &$0) }
        count = storage.count
    }

    /// Appends the lines of `other` in `range` (all of them by default); lines of a file stay
    /// in the file.
    public mutating func append(_ other: LineList, range: Range<Int>? = nil) {
        let range = range ?? 0..<other.count
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "line range out of bounds")
        guard !range.isEmpty else { return }
        prepareForAppend()
        let pieces = other.storage.snapshot(prefix: range.upperBound)
        storage.withPieces { own in
            var skip = range.lowerBound
            for piece in pieces {
                if skip >= piece.count {
                    skip -= piece.count
                    continue
                }
                piece.forEachLine(from: skip) { Storage.append($0, to: &own) }
                skip = 0
            }
        }
        count = storage.count
    }

    /// The first `n` lines (sharing this list's storage).
    public func prefix(_ n: Int) -> LineList {
        var list = self
        list.count = max(0, min(n, count))
        return list
    }

    private mutating func prepareForAppend() {
        if storage.count != count {
            storage = storage.copy(prefix: count)
        }
    }

    public static func == (a: LineList, b: LineList) -> Bool {
        a.count == b.count && (a.storage === b.storage || (0..<a.count).allSatisfy { a[$0] == b[$0] })
    }

    /// Bytes held in memory (for the memory benchmark): line text kept in memory plus 4 bytes
    /// a line.
    public var byteCount: Int { storage.byteCount }

    /// The pieces and the line count where each starts, behind one lock.
    final class Storage: @unchecked Sendable {
        private let state = Locked(State())

        struct State {
            var pieces: [LinePiece] = []
            /// `firstLine[i]`: the index of piece i's first line.
            var firstLine: [Int] = []
            var count = 0
        }

        var count: Int { state.withLock { $0.count } }

        var byteCount: Int {
            state.withLock { s in s.pieces.reduce(0) { $0 + $1.byteCount } }
        }

        func line(_ index: Int) -> String {
            state.withLock { s in
                var low = 0, high = s.firstLine.count - 1
                while low < high {
                    let mid = (low + high + 1) / 2
                    if s.firstLine[mid] <= index { low = mid } else { high = mid - 1 }
                }
                return s.pieces[low].line(index - s.firstLine[low])
            }
        }

        /// Runs `body` on the piece list, then brings the line index up to date (pieces are
        /// few: one per file, one per MiB of lines held in memory).
        func withPieces(_ body: (inout [LinePiece]) -> Void) {
            state.withLock { s in
                body(&s.pieces)
                s.firstLine.removeAll(keepingCapacity: true)
                var next = 0
                for piece in s.pieces {
                    s.firstLine.append(next)
                    next += piece.count
                }
                s.count = next
            }
        }

        /// The pieces that hold the first `prefix` lines, the last one cut to fit.
        func snapshot(prefix: Int) -> [LinePiece] {
            state.withLock { s in
                var result: [LinePiece] = []
                var left = prefix
                for piece in s.pieces where left > 0 {
                    result.append(piece.prefix(min(left, piece.count)))
                    left -= piece.count
                }
                return result
            }
        }

        func copy(prefix: Int) -> Storage {
            let copy = Storage()
            let pieces = snapshot(prefix: prefix)
            copy.withPieces { $0 = pieces }
            return copy
        }

        static func append(_ line: LinePiece.Line, to pieces: inout [LinePiece]) {
            switch line {
            case .memory(let bytes): appendMemoryLine(bytes, to: &pieces)
            case .file(let file, let start, let end): appendFileLine(file, start: start, end: end, to: &pieces)
            }
        }

        static func appendMemoryLine(_ bytes: UnsafeBufferPointer<UInt8>, to pieces: inout [LinePiece]) {
            let last = pieces.count - 1
            if last >= 0, pieces[last].appendMemory(bytes) { return }
            var piece = LinePiece.memory()
            _ = piece.appendMemory(bytes)
            pieces.append(piece)
        }

        static func appendFileLine(_ file: LineFile, start: Int, end: Int, to pieces: inout [LinePiece]) {
            let last = pieces.count - 1
            if last >= 0, pieces[last].appendFile(file, start: start, end: end) { return }
            var piece = LinePiece.file(file, base: start)
            _ = piece.appendFile(file, start: start, end: end)
            pieces.append(piece)
        }
    }
}
