/// One run of a `LineList`'s lines that share a backing: bytes held in memory, or byte ranges
/// of one file. Each line's end is kept as a 4-byte offset from the piece's start.
struct LinePiece {
    /// Where a piece's lines live.
    enum Backing {
        /// `bytes` holds the lines' text, without newlines.
        case memory
        /// The lines are the file's bytes from `base`; each range includes its newline, which
        /// is dropped (with a `\r` before it) when the line is read.
        case file(LineFile)
    }

    /// One line as stored, for copying it into another list.
    enum Line {
        case memory(UnsafeBufferPointer<UInt8>)
        case file(LineFile, start: Int, end: Int)
    }

    /// Memory pieces stop growing past this many bytes, so a long list grows by new pieces
    /// instead of copying all it holds into an ever larger buffer.
    static let memoryLimit = 1 << 20

    private(set) var backing: Backing
    /// The file offset of the first line (file pieces).
    private(set) var base: Int
    private var bytes: [UInt8] = []
    private var ends: [UInt32] = []

    static func memory() -> LinePiece { LinePiece(backing: .memory, base: 0) }
    static func file(_ file: LineFile, base: Int) -> LinePiece { LinePiece(backing: .file(file), base: base) }

    var count: Int { ends.count }
    var byteCount: Int { bytes.count + ends.count * 4 }

    private func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    func line(_ index: Int) -> String {
        let r = range(index)
        switch backing {
        case .memory:
            return bytes.withUnsafeBufferPointer { String(decoding: $0[r], as: UTF8.self) }
        case .file(let file):
            return file.line(from: base + r.lowerBound, to: base + r.upperBound)
        }
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
        piece.ends = Array(ends[0..<n])
        if case .memory = backing { piece.bytes = Array(bytes[0..<(n == 0 ? 0 : Int(ends[n - 1]))]) }
        return piece
    }

    /// Calls `body` with each line from `first` on, as stored.
    func forEachLine(from first: Int, _ body: (Line) -> Void) {
        switch backing {
        case .memory:
            bytes.withUnsafeBufferPointer { buffer in
                for i in first..<count { body(.memory(UnsafeBufferPointer(rebasing: buffer[range(i)]))) }
            }
        case .file(let file):
            for i in first..<count {
                let r = range(i)
                body(.file(file, start: base + r.lowerBound, end: base + r.upperBound))
            }
        }
    }
}
