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
    private var bytes: [UInt8] = []
    /// Where each line ends (memory and file pieces), or where lines 0, `rawStride`,
    /// 2 × `rawStride`… start (raw pieces).
    private var ends: [UInt32] = []
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

    private func range(_ index: Int) -> Range<Int> {
        if case .raw = backing {
            return bytes.withUnsafeBufferPointer { rawRange(index, in: $0) }
        }
        return (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Where raw line `index` starts and ends (just after its `\n`).
    private func rawRange(_ index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
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

    /// Calls `body` with the index and text (UTF-8, without its line end) of each line in
    /// `range`, until it returns false; returns false if it did. A file's lines are read in
    /// chunks of about 1 MiB, not line by line.
    func forEachText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard !range.isEmpty else { return true }
        switch backing {
        case .dropped:
            for i in range where !body(i, UnsafeBufferPointer(start: nil, count: 0)) { return false }
            return true
        case .memory:
            return bytes.withUnsafeBufferPointer { buffer in
                for i in range where !body(i, UnsafeBufferPointer(rebasing: buffer[self.range(i)])) { return false }
                return true
            }
        case .raw:
            return bytes.withUnsafeBufferPointer { buffer in
                var start = rawRange(range.lowerBound, in: buffer).lowerBound
                for i in range {
                    let end = LineScan.newline(in: buffer, from: start)! + 1
                    if !body(i, LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[start..<end]))) { return false }
                    start = end
                }
                return true
            }
        case .indexed(let index):
            // The lines are consecutive in the file: read their bytes in large chunks from where
            // the first one starts, and split them at newlines, as a file piece does.
            let start = index.range(of: base + range.lowerBound).lowerBound
            let end = index.range(of: base + range.upperBound - 1).upperBound
            // As large as the lines (a walk in small ranges zeroes no megabyte each time).
            var chunk = [UInt8](repeating: 0, count: min(Self.memoryLimit, max(4_096, end - start)) + 1)
            var offset = start
            var i = range.lowerBound
            var carried = 0
            while i < range.upperBound, offset < end || carried > 0 {
                let want = min(chunk.count - carried, end - offset)
                let read = want > 0 ? chunk.withUnsafeMutableBytes { index.file.read(at: offset, count: want, into: $0.baseAddress! + carried) } : 0
                offset += read
                let filled = carried + read
                let atEnd = offset >= end || read == 0
                var goOn = true
                let used = chunk.withUnsafeBufferPointer { buffer -> Int in
                    var from = 0
                    while i < range.upperBound {
                        let newline = LineScan.newline(in: UnsafeBufferPointer(rebasing: buffer[0..<filled]), from: from)
                        guard newline != nil || atEnd else { break }
                        let lineEnd = newline.map { $0 + 1 } ?? filled
                        if lineEnd <= from, newline == nil { break }
                        if !body(i, LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[from..<lineEnd]))) {
                            goOn = false
                            return lineEnd
                        }
                        i += 1
                        from = lineEnd
                        if newline == nil { break }
                    }
                    return from
                }
                if !goOn { return false }
                if atEnd { break }
                carried = filled - used
                if used == 0, carried == chunk.count { chunk += [UInt8](repeating: 0, count: chunk.count) }
                if carried > 0, used > 0 {
                    chunk.withUnsafeMutableBufferPointer { buffer in
                        UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: buffer.baseAddress! + used, byteCount: carried)
                    }
                }
            }
            // Lines the file no longer has (it shrank) read as empty, as `index.line` gives them.
            while i < range.upperBound {
                if !body(i, UnsafeBufferPointer(start: nil, count: 0)) { return false }
                i += 1
            }
            return true
        case .file(let file):
            return forEachFileChunk(file, in: range) { lines, chunkStart, buffer in
                forEachLine(lines, chunkStart: chunkStart, in: buffer, body)
            }
        }
    }

    /// Reads this file piece's lines of `range` in chunks of about 1 MiB: calls `body` with
    /// each chunk's lines, where the chunk starts in the piece, and the bytes read (fewer when
    /// the file shrank meanwhile), until it returns false; returns false if it did.
    private func forEachFileChunk(_ file: LineFile, in range: Range<Int>,
                                  _ body: (Range<Int>, Int, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var chunk: [UInt8] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let chunkStart = self.range(i).lowerBound
            var j = i + 1
            while j < range.upperBound, Int(ends[j]) - chunkStart <= Self.memoryLimit { j += 1 }
            let chunkEnd = Int(ends[j - 1])
            if chunk.count < chunkEnd - chunkStart { chunk = [UInt8](repeating: 0, count: chunkEnd - chunkStart) }
            let filled = chunk.withUnsafeMutableBytes { file.read(at: base + chunkStart, count: chunkEnd - chunkStart, into: $0.baseAddress!) }
            if !chunk.withUnsafeBufferPointer({ body(i..<j, chunkStart, UnsafeBufferPointer(rebasing: $0[0..<filled])) }) {
                return false
            }
            i = j
        }
        return true
    }

    /// Calls `body` with each of `lines` (without its line end), read into `buffer` from
    /// `chunkStart`; lines past what was read are empty.
    private func forEachLine(_ lines: Range<Int>, chunkStart: Int, in buffer: UnsafeBufferPointer<UInt8>,
                             _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        for k in lines {
            let r = self.range(k)
            let lo = min(r.lowerBound - chunkStart, buffer.count), hi = min(r.upperBound - chunkStart, buffer.count)
            if !body(k, LineScan.trimmingLineEnd(UnsafeBufferPointer(rebasing: buffer[lo..<hi]))) { return false }
        }
        return true
    }

    /// Calls `body` with runs of the lines in `range` in one buffer each (the index of the
    /// run's first line, how many lines it holds, their bytes, each line ended by `\n` but
    /// perhaps the last), until it returns false; returns false if it did. Raw lines are
    /// handed out as they are stored; a file's are read in chunks of about 1 MiB; lines held
    /// without their ends are runs of one.
    func forEachBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard !range.isEmpty else { return true }
        switch backing {
        case .memory:
            return forEachText(in: range) { body($0, 1, $1) }
        case .raw:
            return bytes.withUnsafeBufferPointer { buffer in
                let start = rawRange(range.lowerBound, in: buffer).lowerBound
                let end = range.upperBound == count ? buffer.count : rawRange(range.upperBound, in: buffer).lowerBound
                return body(range.lowerBound, range.count, UnsafeBufferPointer(rebasing: buffer[start..<end]))
            }
        case .file(let file):
            return forEachFileChunk(file, in: range) { lines, chunkStart, buffer in
                // A chunk read short (the file shrank): its lines one by one, as `forEachText` gives them.
                guard buffer.count == Int(ends[lines.upperBound - 1]) - chunkStart else {
                    return forEachLine(lines, chunkStart: chunkStart, in: buffer) { body($0, 1, $1) }
                }
                return body(lines.lowerBound, lines.count, buffer)
            }
        case .indexed(let index):
            return forEachIndexedBlock(index, in: range, body)
        case .dropped:
            return forEachText(in: range) { body($0, 1, $1) }
        }
    }

    private func forEachIndexedBlock(_ index: FileIndex, in range: Range<Int>,
                                     _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let end = index.range(of: base + range.upperBound - 1).upperBound
        var offset = index.range(of: base + range.lowerBound).lowerBound
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(Self.memoryLimit, max(4_096, end - offset)))
        defer { chunk.deallocate() }
        var i = range.lowerBound
        while i < range.upperBound, offset < end {
            let read = index.file.read(at: offset, count: min(chunk.count, end - offset), into: chunk.baseAddress!)
            guard read > 0 else { break }
            // The whole lines of the chunk (the range's last line may have no newline), at
            // most as many as the range has left: all of them, uncounted, when the chunk
            // reaches the range's end.
            let (used, lines) = { () -> (Int, Int) in
                let filled = UnsafeBufferPointer(rebasing: chunk[0..<read])
                if offset + read == end { return (read, range.upperBound - i) }
                var used = read
                if offset + read < end || filled[read - 1] == UInt8(ascii: "\n") {
                    guard let last = filled.lastIndex(of: UInt8(ascii: "\n")) else { return (0, 0) }
                    used = last + 1
                }
                var lines = LineBytes.countNewlines(in: filled, from: 0, to: used)
                if filled[used - 1] != UInt8(ascii: "\n") { lines += 1 }
                if lines > range.upperBound - i {
                    lines = range.upperBound - i
                    used = 0
                    for _ in 0..<lines { used = LineScan.newline(in: filled, from: used).map { $0 + 1 } ?? read }
                }
                return (used, lines)
            }()
            if lines == 0 {
                // A line longer than the chunk: on its own, cut as a row shows it.
                if !forEachText(in: i..<i + 1, { body($0, 1, $1) }) { return false }
                offset = index.range(of: base + i).upperBound
                i += 1
                continue
            }
            if !body(i, lines, UnsafeBufferPointer(rebasing: chunk[0..<used])) { return false }
            offset += used
            i += lines
        }
        // Lines the file no longer has (it shrank) read as empty, as `index.line` gives them.
        while i < range.upperBound {
            if !body(i, 1, UnsafeBufferPointer(start: nil, count: 0)) { return false }
            i += 1
        }
        return true
    }

    /// Calls `body` with each line from `first` on, as stored.
    func forEachLine(from first: Int, _ body: (Line) -> Void) {
        switch backing {
        case .memory:
            bytes.withUnsafeBufferPointer { buffer in
                for i in first..<count { body(.memory(UnsafeBufferPointer(rebasing: buffer[range(i)]))) }
            }
        case .raw:
            guard first < count else { return }
            bytes.withUnsafeBufferPointer { buffer in
                var start = rawRange(first, in: buffer).lowerBound
                for _ in first..<count {
                    let end = LineScan.newline(in: buffer, from: start)! + 1
                    body(.raw(UnsafeBufferPointer(rebasing: buffer[start..<end])))
                    start = end
                }
            }
        case .file(let file):
            for i in first..<count {
                let r = range(i)
                body(.file(file, start: base + r.lowerBound, end: base + r.upperBound))
            }
        case .indexed(let index):
            if first < count { body(.indexed(index, base + first..<base + count)) }
        case .dropped:
            for _ in first..<count { body(.memory(UnsafeBufferPointer(start: nil, count: 0))) }
        }
    }
}
