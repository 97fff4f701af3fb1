import Locking

/// The lines of a line source, stored compactly, in pieces:
/// - lines read from a pipe or a command (raw): their bytes as read, newlines included, in
///   one buffer per piece (at most about 1 MiB, so growing never copies the whole list), and
///   where every 32nd line starts: input costs little more than its own size;
/// - lines given as strings: their UTF-8 bytes in one buffer per piece and 4 bytes per line
///   for where each ends;
/// - lines of a file (`LineFile`): only where each ends in the file, 4 bytes per line. Their
///   text is read back from the file when asked for, the way `less` works, so 100,000 lines
///   of a file cost 400 KB, not their 5.5 MB.
///
/// A value is a view (`start ..< start + count`) of an append-only storage: appending to a view
/// that ends where its storage ends extends the storage in place (other views keep their own
/// range and stay valid); any other write copies. Appending to a view the lines that follow it
/// in the same storage only widens the view, so a source that keeps every line read (standard
/// input) and the feed showing them share one copy. That keeps `reduce` O(page), not O(list).
/// Reading is thread-safe.
package struct LineList: Sendable, Equatable {
    private var storage: Storage
    /// The storage index of this list's first line.
    private var start: Int
    package private(set) var count: Int

    package init() {
        storage = Storage()
        start = 0
        count = 0
    }

    package init(_ lines: [String]) {
        self.init()
        append(contentsOf: lines)
    }

    /// The lines of `bytes`: `\n` ends a line, a trailing `\r` is dropped, a final line needs
    /// no newline, invalid UTF-8 becomes U+FFFD when read.
    package init(splitting bytes: [UInt8]) {
        self.init()
        appendInPlace { pieces in
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < buffer.count {
                    let end = LineScan.newline(in: buffer, from: start).map { $0 + 1 } ?? buffer.count
                    Storage.appendRawLine(UnsafeBufferPointer(rebasing: buffer[start..<end]), to: &pieces)
                    start = end
                }
            }
        }
    }

    /// Lines of `file` by the file offsets where each ends (just after its `\n`, or the end of
    /// the file for a last line without one), the first starting at `start`.
    init(file: LineFile, start: Int, ends: [Int]) {
        self.init()
        appendInPlace { pieces in
            var lineStart = start
            for end in ends {
                Storage.appendFileLine(file, start: lineStart, end: end, to: &pieces)
                lineStart = end
            }
        }
    }

    /// Lines `range` of a counted file, kept as one run of its index.
    init(index: FileIndex, lines range: Range<Int>) {
        self.init()
        guard !range.isEmpty else { return }
        appendInPlace { pieces in Storage.append(.indexed(index, range), to: &pieces) }
    }

    package var isEmpty: Bool { count == 0 }

    package subscript(index: Int) -> String {
        precondition(index >= 0 && index < count, "line index out of range")
        return storage.line(start + index)
    }

    /// Line `index` whole, however long (a file's line past `LineFile.lineLimit` is shown cut
    /// but chosen whole).
    package func wholeLine(at index: Int) -> String {
        precondition(index >= 0 && index < count, "line index out of range")
        return String(decoding: wholeLineBytes(at: index), as: UTF8.self)
    }

    /// Line `index` whole, as the bytes read (without its end): invalid UTF-8, NUL and all.
    package func wholeLineBytes(at index: Int) -> [UInt8] {
        precondition(index >= 0 && index < count, "line index out of range")
        return storage.lineBytes(start + index)
    }

    package mutating func append(contentsOf lines: [String]) {
        appendInPlace { pieces in
            for line in lines {
                var line = line
                line.withUTF8 { Storage.appendMemoryLine($0, to: &pieces) }
            }
        }
    }

    /// Appends lines as read: `body` hands each line's bytes (with its `\n`, or none for a last
    /// line) to the function it is given. One storage update for the whole batch.
    mutating func appendRawLines(_ body: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        appendInPlace { pieces in body { Storage.appendRawLine($0, to: &pieces) } }
    }

    /// Appends the lines of `other` in `range` (all of them by default); lines of a file stay
    /// in the file. Lines that follow this list in its own storage, and any lines appended to
    /// an empty list, are shared, not copied.
    package mutating func append(_ other: LineList, range: Range<Int>? = nil) {
        let range = range ?? 0..<other.count
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "line range out of bounds")
        guard !range.isEmpty else { return }
        if count == 0 || (other.storage === storage && start + count == other.start + range.lowerBound) {
            if count == 0 {
                storage = other.storage
                start = other.start + range.lowerBound
            }
            count += range.count
            return
        }
        let lines = other.storage.lines(other.start + range.lowerBound..<other.start + range.upperBound)
        appendInPlace { own in
            lines.forEach { Storage.append($0, to: &own) }
        }
    }

    /// Calls `body` with each line as stored, in order, without making strings (for
    /// `ItemKeys`).
    func forEachStoredLine(_ body: (LinePiece.Line) -> Void) {
        guard count > 0 else { return }
        storage.lines(start..<start + count).forEach(body)
    }

    /// Lets the storage forget every line before line `index` that it holds in whole pieces
    /// (their memory, or their file, is freed once no other list refers to them): they read as
    /// empty from then on, in every list that shares the storage. Line numbers do not change.
    mutating func forgetLines(before index: Int) {
        storage.forgetLines(before: start + min(max(0, index), count))
    }

    /// Appends lines `range` of a spill file's index (`StreamSpill`).
    mutating func appendIndexed(_ index: FileIndex, lines range: Range<Int>) {
        guard !range.isEmpty else { return }
        appendInPlace { pieces in Storage.append(.indexed(index, range), to: &pieces) }
    }

    /// The first `n` lines (sharing this list's storage).
    package func prefix(_ n: Int) -> LineList {
        var list = self
        list.count = max(0, min(n, count))
        return list
    }

    /// The lines in `range` (sharing this list's storage).
    package func slice(_ range: Range<Int>) -> LineList {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "line range out of bounds")
        var list = self
        list.start = start + range.lowerBound
        list.count = range.count
        return list
    }

    /// Runs `body` on the storage's pieces if this list ends where its storage ends, else on a
    /// copy of this list's lines that becomes its storage; then counts the lines.
    private mutating func appendInPlace(_ body: (inout [LinePiece]) -> Void) {
        if let total = storage.append(ifCountIs: start + count, body) {
            count = total - start
            return
        }
        let copy = Storage()
        let lines = storage.lines(start..<start + count)
        _ = copy.append(ifCountIs: 0) { pieces in lines.forEach { Storage.append($0, to: &pieces) } }
        storage = copy
        start = 0
        count = copy.append(ifCountIs: count, body)!
    }

    package static func == (a: LineList, b: LineList) -> Bool {
        a.count == b.count && ((a.storage === b.storage && a.start == b.start) || (0..<a.count).allSatisfy { a[$0] == b[$0] })
    }

    /// Calls `body` with the index and UTF-8 text (without its line end) of each line in
    /// `range`, in order, until it returns false. Reads in bulk (a file in chunks of about
    /// 1 MiB), without making strings; for search and filter. Thread-safe.
    package func forEachLineText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachPiece(in: range) { piece, local, offset in piece.forEachText(in: local) { body($0 + offset, $1) } }
    }

    /// Calls `body` with runs of the lines in `range` in one buffer each (the index of the
    /// run's first line, how many lines it holds, their bytes, each line ended by `\n` but
    /// perhaps the last), in order, until it returns false: how a filter searches many lines
    /// as one text. Thread-safe.
    package func forEachLineBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachPiece(in: range) { piece, local, offset in piece.forEachBlock(in: local) { body($0 + offset, $1, $2) } }
    }

    /// Calls `walk` with each piece holding lines of `range`, the part of it in the range (in
    /// the piece's own line numbers) and what to add to those to get this list's, until it
    /// returns false.
    private func forEachPiece(in range: Range<Int>, _ walk: (LinePiece, Range<Int>, Int) -> Bool) {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        let (pieces, firstLine) = storage.pieceSnapshot()
        let first = start + range.lowerBound, last = start + range.upperBound
        for p in pieces.indices {
            let pieceStart = firstLine[p], pieceEnd = pieceStart + pieces[p].count
            guard pieceEnd > first else { continue }
            guard pieceStart < last else { return }
            let local = max(first, pieceStart) - pieceStart..<min(last, pieceEnd) - pieceStart
            if !walk(pieces[p], local, pieceStart - start) { return }
        }
    }

    /// Bytes held in memory by this list's storage (for the memory benchmark): line text kept
    /// in memory plus the line index.
    package var byteCount: Int { storage.byteCount }

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

        /// The pieces and where each starts, as they are now (arrays shared, not copied).
        func pieceSnapshot() -> ([LinePiece], [Int]) {
            state.withLock { ($0.pieces, $0.firstLine) }
        }

        func line(_ index: Int) -> String {
            state.withLock { s in
                let piece = Self.piece(holding: index, in: s)
                return s.pieces[piece].line(index - s.firstLine[piece])
            }
        }

        func lineBytes(_ index: Int) -> [UInt8] {
            state.withLock { s in
                let piece = Self.piece(holding: index, in: s)
                return s.pieces[piece].lineBytes(index - s.firstLine[piece])
            }
        }

        private static func piece(holding index: Int, in s: State) -> Int {
            var low = 0, high = s.firstLine.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if s.firstLine[mid] <= index { low = mid } else { high = mid - 1 }
            }
            return low
        }

        /// Replaces the whole pieces before line `line` with one piece of dropped lines.
        func forgetLines(before line: Int) {
            state.withLock { s in
                var forgotten = 0
                var k = 0
                while k < s.pieces.count, forgotten + s.pieces[k].count <= line {
                    forgotten += s.pieces[k].count
                    k += 1
                }
                guard k > 1 || (k == 1 && !s.pieces[0].isDropped) else { return }
                s.pieces.replaceSubrange(0..<k, with: [LinePiece.dropped(count: forgotten)])
                var next = 0
                for (i, piece) in s.pieces.enumerated() {
                    s.firstLine[i] = next
                    next += piece.count
                }
                s.firstLine.removeLast(s.firstLine.count - s.pieces.count)
            }
        }

        /// Runs `body` on the piece list if the storage holds `expected` lines, then brings the
        /// line index up to date (pieces are few: one per file, one per MiB of lines held in
        /// memory) and returns the new count; nil, without running `body`, if it holds more.
        func append(ifCountIs expected: Int, _ body: (inout [LinePiece]) -> Void) -> Int? {
            state.withLock { s in
                guard s.count == expected else { return nil }
                body(&s.pieces)
                s.firstLine.removeAll(keepingCapacity: true)
                var next = 0
                for piece in s.pieces {
                    s.firstLine.append(next)
                    next += piece.count
                }
                s.count = next
                return next
            }
        }

        /// A reader of the lines in `range`, as stored, over a snapshot of the pieces.
        func lines(_ range: Range<Int>) -> Lines {
            state.withLock { s in
                var pieces: [LinePiece] = []
                var firstSkip = 0
                var skip = range.lowerBound
                var left = range.count
                for piece in s.pieces where left > 0 {
                    if skip >= piece.count {
                        skip -= piece.count
                        continue
                    }
                    let cut = piece.prefix(min(piece.count, skip + left))
                    if pieces.isEmpty { firstSkip = skip }
                    pieces.append(cut)
                    left -= cut.count - skip
                    skip = 0
                }
                return Lines(pieces: pieces, skip: firstSkip)
            }
        }

        /// Lines of a snapshot of pieces, the first `skip` lines of the first piece left out.
        struct Lines {
            var pieces: [LinePiece]
            var skip: Int

            func forEach(_ body: (LinePiece.Line) -> Void) {
                for (i, piece) in pieces.enumerated() {
                    piece.forEachLine(from: i == 0 ? skip : 0, body)
                }
            }
        }

        static func append(_ line: LinePiece.Line, to pieces: inout [LinePiece]) {
            switch line {
            case .memory(let bytes): appendMemoryLine(bytes, to: &pieces)
            case .raw(let bytes): appendRawLine(bytes, to: &pieces)
            case .file(let file, let start, let end): appendFileLine(file, start: start, end: end, to: &pieces)
            case .indexed(let index, let lines):
                let last = pieces.count - 1
                if last >= 0, pieces[last].appendIndexed(index, lines) { return }
                pieces.append(.indexed(index, lines: lines))
            }
        }

        /// Appends a line given as text (no line end). Text that would read back the same from
        /// a raw piece (no `\n`, no `\r` at its end) goes into one; other text keeps its exact
        /// bytes in a memory piece.
        static func appendMemoryLine(_ bytes: UnsafeBufferPointer<UInt8>, to pieces: inout [LinePiece]) {
            if bytes.last != UInt8(ascii: "\r"), LineScan.newline(in: bytes, from: 0) == nil {
                // The line without its end is what `appendRawLine` stores as a last line.
                appendRawLine(bytes, to: &pieces)
                return
            }
            let last = pieces.count - 1
            if last >= 0, pieces[last].appendMemory(bytes) { return }
            var piece = LinePiece.memory()
            _ = piece.appendMemory(bytes)
            pieces.append(piece)
        }

        /// Appends a line as read (with its `\n`, or none for a last line). Once a list has a
        /// full raw piece, new pieces get their whole size at once, so they never grow by copying.
        static func appendRawLine(_ bytes: UnsafeBufferPointer<UInt8>, to pieces: inout [LinePiece]) {
            let last = pieces.count - 1
            if last >= 0, pieces[last].appendRaw(bytes) { return }
            var piece = LinePiece.raw(capacity: last >= 0 && pieces[last].isFullRaw ? LinePiece.memoryLimit : 0)
            _ = piece.appendRaw(bytes)
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
