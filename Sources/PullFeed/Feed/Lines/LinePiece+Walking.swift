import SearchEngine

/// Walking a piece's lines: their texts one by one, runs of them in one buffer, or each as
/// stored (to copy it into another list). A file's lines are read in chunks of about 1 MiB,
/// not line by line.
extension LinePiece {
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
