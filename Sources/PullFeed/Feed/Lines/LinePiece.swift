import TerminalUI

/// One run of a `LineList`'s lines that share a backing: bytes held in memory, or byte ranges
/// of one file. Memory and file lines keep each line's end as a 4-byte offset from the piece's
/// start; raw lines keep only where every `rawStride`-th line starts.
struct LinePiece {
    /// Where a piece's lines live.
    enum Backing {
        /// `bytes` holds the lines' text, without newlines.
        case memory
        /// `bytes` holds the lines as they were read, each ending in `\n` (one was added to a
        /// last line without one), so a line's end is found with `memchr` from the nearest
        /// mark: input kept this way costs its own size and 4 bytes per `rawStride` lines.
        /// Read lines drop their `\n` and a `\r` before it.
        case raw
        /// The lines are the file's bytes from `base`; each range includes its newline, which
        /// is dropped (with a `\r` before it) when the line is read.
        case file(LineFile)
        /// Lines `base ..< base + count` of a counted file (`FileIndex`): nothing per line is
        /// kept; each line is found again from the index's nearest mark when read.
        case indexed(FileIndex)
        /// Lines a stream no longer keeps (the oldest, dropped for `--max-disk` or a full
        /// disk): nothing is kept, and each reads as empty. They stand in for the lines so that
        /// the others keep their numbers.
        case dropped
    }

    /// One line as stored, for copying it into another list.
    enum Line {
        case memory(UnsafeBufferPointer<UInt8>)
        /// A line with its line end (`\n`, or none for a last line), as read.
        case raw(UnsafeBufferPointer<UInt8>)
        case file(LineFile, start: Int, end: Int)
        /// A run of a counted file's lines, copied as one.
        case indexed(FileIndex, Range<Int>)
    }

    /// Memory pieces stop growing past this many bytes, so a long list grows by new pieces
    /// instead of copying all it holds into an ever larger buffer.
    static let memoryLimit = 1 << 20

    /// Raw pieces mark where every this many lines start.
    static let rawStride = 32

    private(set) var backing: Backing
    /// The file offset of the first line (file pieces).
    private(set) var base: Int
    /// The lines' bytes (memory and raw pieces).
    private(set) var bytes: [UInt8] = []
    /// Where each line ends (memory and file pieces), or where lines 0, `rawStride`,
    /// 2 × `rawStride`… start (raw pieces).
    private(set) var ends: [UInt32] = []
    private var rawCount = 0

    static func memory() -> LinePiece { LinePiece(backing: .memory, base: 0) }
    static func file(_ file: LineFile, base: Int) -> LinePiece { LinePiece(backing: .file(file), base: base) }
    static func indexed(_ index: FileIndex, lines: Range<Int>) -> LinePiece {
        var piece = LinePiece(backing: .indexed(index), base: lines.lowerBound)
        piece.rawCount = lines.count
        return piece
    }

    /// `count` dropped lines.
    static func dropped(count: Int) -> LinePiece {
        var piece = LinePiece(backing: .dropped, base: 0)
        piece.rawCount = count
        return piece
    }

    /// An empty raw piece with room for `capacity` bytes.
    static func raw(capacity: Int) -> LinePiece {
        var piece = LinePiece(backing: .raw, base: 0)
        piece.bytes.reserveCapacity(capacity)
        return piece
    }

    var count: Int {
        switch backing {
        case .raw, .indexed, .dropped: return rawCount
        default: return ends.count
        }
    }

    var byteCount: Int { bytes.count + ends.count * 4 }

    var isDropped: Bool {
        if case .dropped = backing { return true }
        return false
    }

    /// Whether this raw piece is as full as pieces get.
    var isFullRaw: Bool {
        guard case .raw = backing else { return false }
        return bytes.count >= Self.memoryLimit / 2
    }

    /// Where line `index` is in `bytes` (memory and raw pieces) or from `base` (file pieces).
    func range(_ index: Int) -> Range<Int> {
        if case .raw = backing {
            return bytes.withUnsafeBufferPointer { rawRange(index, in: $0) }
        }
        return (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Where raw line `index` starts and ends (just after its `\n`).
    func rawRange(_ index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = Int(ends[index / Self.rawStride])
        for _ in 0..<(index % Self.rawStride) {
            start = LineScan.newline(in: buffer, from: start)! + 1
        }
        return start..<(LineScan.newline(in: buffer, from: start)! + 1)
    }

    /// The text of line `index`: a file's line longer than `LineFile.lineLimit` is cut there
    /// (drawing stays quick; `lineBytes` gives it whole).
    func line(_ index: Int) -> String {
        switch backing {
        case .memory:
            let r = range(index)
            return bytes.withUnsafeBufferPointer { String(decoding: $0[r], as: UTF8.self) }
        case .raw:
            return bytes.withUnsafeBufferPointer { buffer in
                let r = rawRange(index, in: buffer)
                return String(decoding: LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[r])), as: UTF8.self)
            }
        case .file(let file):
            let r = range(index)
            return file.line(from: base + r.lowerBound, to: base + r.upperBound)
        case .indexed(let fileIndex):
            return fileIndex.line(base + index)
        case .dropped:
            return ""
        }
    }

    /// Line `index` whole, as its bytes (without its end): what Enter prints, invalid UTF-8
    /// and all.
    func lineBytes(_ index: Int) -> [UInt8] {
        switch backing {
        case .memory:
            return Array(bytes[range(index)])
        case .raw:
            return bytes.withUnsafeBufferPointer { buffer in
                Array(LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[rawRange(index, in: buffer)])))
            }
        case .file(let file):
            let r = range(index)
            return file.wholeLineBytes(from: base + r.lowerBound, to: base + r.upperBound)
        case .indexed(let fileIndex):
            return fileIndex.lineBytes(base + index)
        case .dropped:
            return []
        }
    }

    /// Appends the counted lines `lines`; false unless they follow this piece's in the same index.
    mutating func appendIndexed(_ index: FileIndex, _ lines: Range<Int>) -> Bool {
        guard case .indexed(let own) = backing, own === index, lines.lowerBound == base + rawCount else { return false }
        rawCount += lines.count
        return true
    }

    /// Appends a line as read (with its `\n`, or none for a last line); false if this piece
    /// cannot take it (not a raw piece, or full).
    mutating func appendRaw(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .raw = backing else { return false }
        let ended = line.last == UInt8(ascii: "\n")
        let size = line.count + (ended ? 0 : 1)
        guard bytes.isEmpty || bytes.count + size <= Self.memoryLimit else { return false }
        guard bytes.count + size <= Int(UInt32.max) else { return false }
        if rawCount % Self.rawStride == 0 { ends.append(UInt32(bytes.count)) }
        bytes.append(contentsOf: line)
        if !ended { bytes.append(UInt8(ascii: "\n")) }
        rawCount += 1
        return true
    }

    /// Appends a line held in memory; false if this piece cannot take it (a file piece, or full).
    mutating func appendMemory(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .memory = backing else { return false }
        guard bytes.isEmpty || bytes.count + line.count <= Self.memoryLimit else { return false }
        guard bytes.count + line.count <= Int(UInt32.max) else { return false }
        bytes.append(contentsOf: line)
        ends.append(UInt32(bytes.count))
        return true
    }

    /// Appends the file line `start ..< end`; false unless it is this file's next line and its
    /// end is within 4 GiB of the piece's start.
    mutating func appendFile(_ file: LineFile, start: Int, end: Int) -> Bool {
        guard case .file(let own) = backing, own === file else { return false }
        guard start == base + (ends.last.map(Int.init) ?? 0), end >= start, end - base <= Int(UInt32.max) else {
            return false
        }
        ends.append(UInt32(end - base))
        return true
    }

    /// The piece cut to its first `n` lines.
    func prefix(_ n: Int) -> LinePiece {
        guard n < count else { return self }
        var piece = self
        switch backing {
        case .indexed, .dropped:
            piece.rawCount = n
            return piece
        default: break
        }
        if case .raw = backing {
            let end = n == 0 ? 0 : range(n - 1).upperBound
            piece.bytes = Array(bytes[0..<end])
            piece.ends = Array(ends[0..<((n + Self.rawStride - 1) / Self.rawStride)])
            piece.rawCount = n
            return piece
        }
        piece.ends = Array(ends[0..<n])
        if case .memory = backing { piece.bytes = Array(bytes[0..<(n == 0 ? 0 : Int(ends[n - 1]))]) }
        return piece
    }
}
