import Synchronization
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// The lines of a regular file, counted on a thread of its own and indexed sparsely: only
/// where every `stride`-th line starts is kept (8 bytes per `stride` lines), and the lines in
/// between are found again when shown, by scanning forward from the nearest mark (the way
/// `less` finds lines). A 1 GB file of 19 million lines costs an index of about 600 KB.
///
/// Once counted, the file is watched (inotify on the file and its folder, or a check every
/// 250 ms where the kernel has none): lines appended are counted on, and a file cut shorter or
/// replaced at its path (log rotation) is reported, so the feed reloads instead of showing the
/// old file's lines as if they were the new one's. Nothing runs while nothing changes.
///
/// A stream's spill file (`SpillFile`) is indexed the same way, but by its writer as it writes
/// (`init(spill:)`, `add(_:at:)`): no thread counts it and nothing watches it.
final class FileIndex: @unchecked Sendable {
    /// Bytes read at a time while counting: a quarter of a megabyte keeps the read calls few
    /// (4,096 for a 1 GB file) and the counting thread's buffer small beside the app.
    static let readSize = 256 << 10
    /// Bytes counted on the opening thread before the counting thread starts: a first page of
    /// a long file (200 lines of up to ~300 bytes) is there without waiting for that thread.
    static let headSize = 64 << 10
    /// A file's lines are marked every this many.
    static let fileStride = 256
    /// Lines between two marks (a spill file's writer picks it from its lines' length).
    let stride: Int
    /// How long counting may go on without telling the owner how far it got.
    static let noticeInterval: UInt64 = 50_000_000

    struct State {
        /// `marks[k]`: where line `k × stride` starts.
        var marks: [Int] = [0]
        /// Lines counted (a last line without a newline included).
        var count = 0
        /// Where the next line to count starts.
        var scanned = 0
        /// The last counted line has no newline yet (it may still grow).
        var partial = false
        /// The file's size when counting last stopped.
        var size = 0
        /// Counting has not reached the end of the file yet.
        var isCounting = true
        var isStopped = false
        /// Why the file no longer matches what was counted, once it is so.
        var reset: ResetReason?
        var isDeleted = false
    }

    let file: LineFile
    let path: String
    let state = Guarded(State())
    private let identity: (dev: UInt, ino: UInt)
    private let onChange: @Sendable (SourceChange?) -> Void
    private let stopPipe: StopPipe?
    /// The lines of the block last looked up: where each starts, and where the last one ends.
    private let recentBlock = Mutex<(block: Int, starts: [Int])?>(nil)
    /// `startCounting()` was called.
    private let hasStarted = Atomic(false)

    /// Opens `path` and counts its head, then starts counting the rest, or, with `countsLater`,
    /// leaves that to `startCounting()`. `onChange(nil)`: counting moved on or lines were
    /// appended; `onChange(.reset…)`: the file no longer matches; the owner reloads.
    init(path: String, countsLater: Bool = false, onChange: @escaping @Sendable (SourceChange?) -> Void) throws(SourceError) {
        file = try LineFile(path: path)
        stride = Self.fileStride
        self.path = path
        self.onChange = onChange
        var info = stat()
        fstat(file.fd, &info)
        identity = (UInt(info.st_dev), UInt(info.st_ino))
        stopPipe = StopPipe()
        countHead()
        if !countsLater { startCounting() }
    }

    /// Whether `startCounting()` was called (or the index counts from the start).
    var countingStarted: Bool { hasStarted.load(ordering: .relaxed) }

    /// Starts counting the lines after the head, and then watching the file, on a thread of its
    /// own; once (later calls do nothing).
    func startCounting() {
        guard stopPipe != nil, !hasStarted.exchange(true, ordering: .relaxed) else { return }
        DispatchQueue(label: "pullfeed.file-index").async { [self] in run() }
    }

    /// Indexes `file` as its writer tells what it wrote (`add(_:at:)`), from empty, marking
    /// every `stride` lines.
    init(spill file: LineFile, stride: Int = fileStride) {
        self.file = file
        self.stride = max(1, stride)
        path = ""
        onChange = { _ in }
        identity = (0, 0)
        stopPipe = nil
        state.withLock { $0.isCounting = false }
    }

    /// Stops counting and watching.
    func stop() {
        state.withLock { $0.isStopped = true }
        stopPipe?.signal()
    }

    /// Counts the lines of `bytes`, just written at `offset`, the file's end so far (a spill
    /// file's writer): lines end at their newline; bytes after the last one start a line
    /// that is counted once its newline is added. Returns how many lines it ended.
    @discardableResult
    func add(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        var (count, lineStart) = state.withLock { s in (s.count, s.scanned) }
        let before = count
        var marks: [Int] = []
        countLines(in: bytes, at: offset, count: &count, lineStart: &lineStart, marks: &marks)
        state.withLock { s in
            s.marks.append(contentsOf: marks)
            s.count = count
            s.scanned = lineStart
            s.size = offset + bytes.count
        }
        return count - before
    }

    /// Takes the line begun at a spill file's end out of it (the file is cut back to its last
    /// whole line) and returns its bytes, for its writer to write elsewhere.
    func takeUnfinishedLine() -> [UInt8] {
        let (size, scanned) = state.withLock { ($0.size, $0.scanned) }
        guard size > scanned else { return [] }
        var bytes = [UInt8](repeating: 0, count: size - scanned)
        let read = bytes.withUnsafeMutableBytes { file.read(at: scanned, count: $0.count, into: $0.baseAddress!) }
        _ = ftruncate(file.fd, off_t(scanned))
        state.withLock { $0.size = scanned }
        return Array(bytes[0..<read])
    }

    var count: Int { state.withLock { $0.count } }

    // MARK: Lines

    /// Where line `index` (< `count`) starts and ends (just after its newline, or at the end of
    /// the file for a last line without one).
    func range(of index: Int) -> Range<Int> {
        let block = index / stride
        let i = index % stride
        if let cached = recentBlock.withLock({ $0 }), cached.block == block, i + 1 < cached.starts.count {
            return cached.starts[i]..<cached.starts[i + 1]
        }
        let (start, size, lines) = state.withLock { s -> (Int, Int, Int) in
            (s.marks[block], s.size, min(stride, s.count - block * stride))
        }
        var starts = [start]
        starts.reserveCapacity(lines + 1)
        var offset = start
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while starts.count <= lines, offset < size {
            let want = min(buffer.count, size - offset)
            let n = buffer.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress!, want, off_t(offset)) }
            if n <= 0 { break }
            buffer.withUnsafeBufferPointer { raw in
                let chunk = UnsafeBufferPointer(rebasing: raw[0..<n])
                var from = 0
                while starts.count <= lines, let newline = LineScan.newline(in: chunk, from: from) {
                    starts.append(offset + newline + 1)
                    from = newline + 1
                }
            }
            offset += n
        }
        // A last line without a newline ends where the file ended when counted; lines the file
        // no longer has read as empty.
        while starts.count <= lines { starts.append(max(starts.last!, min(size, offset))) }
        recentBlock.withLock { $0 = (block, starts) }
        return starts[i]..<starts[i + 1]
    }

    /// The text of line `index` (a very long line: its first `LineFile.lineLimit` bytes, or
    /// all of it when `whole`).
    func line(_ index: Int) -> String {
        let r = range(of: index)
        return file.line(from: r.lowerBound, to: r.upperBound)
    }

    /// Line `index` whole, as its bytes (without its end).
    func lineBytes(_ index: Int) -> [UInt8] {
        let r = range(of: index)
        return file.wholeLineBytes(from: r.lowerBound, to: r.upperBound)
    }

    /// Up to `limit` lines at the end of the file, read backwards from its end (as `less`
    /// shows the end of a file it has not counted): their byte ranges, first to last, read in at
    /// most a few MiB whatever the file's size.
    func lastLines(_ limit: Int) -> [Range<Int>] {
        var info = stat()
        guard limit > 0, fstat(file.fd, &info) == 0, info.st_size > 0 else { return [] }
        let size = Int(info.st_size)
        // Where each line ends, last first; a newline that ends the file ends the last line.
        var bounds = [size]
        var position = size
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var budget = 4 << 20
        var first = true
        while position > 0, bounds.count <= limit, budget > 0 {
            let from = max(0, position - buffer.count)
            let n = buffer.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress!, position - from, off_t(from)) }
            if n <= 0 { return [] }
            var i = n - 1
            if first, buffer[i] == UInt8(ascii: "\n") { i -= 1 }
            first = false
            while i >= 0, bounds.count <= limit {
                if buffer[i] == UInt8(ascii: "\n") { bounds.append(from + i + 1) }
                i -= 1
            }
            position = from
            budget -= n
        }
        if position == 0, bounds.count <= limit { bounds.append(0) }
        var ranges: [Range<Int>] = []
        for k in Swift.stride(from: bounds.count - 1, to: 0, by: -1) { ranges.append(bounds[k]..<bounds[k - 1]) }
        return ranges
    }

    // MARK: Counting and watching

    private func run() {
        var lastNotice: UInt64 = 0
        guard let stopPipe else { return }
        let watcher = FileWatcher(path: path, stopFD: stopPipe.readFD)
        while !state.withLock({ $0.isStopped }) {
            count(lastNotice: &lastNotice)
            state.withLock { $0.isCounting = false }
            // The last bytes counted: a file that grew with other bytes there was rewritten.
            let counted = state.withLock { $0.size }
            let end = endBytes(before: counted)
            onChange(nil)
            // Wait until something happens to the file, then look at it.
            while true {
                guard watcher.wait() else { return }
                if state.withLock({ $0.isStopped }) { return }
                switch check(end: end, before: counted) {
                case .none: continue
                case .grew: break
                case .reset(let reason):
                    // A file rewritten (`cat new > f`) is empty or half written when its
                    // truncation is seen: it is read again once its writer has paused.
                    guard settle(watcher) else { return }
                    state.withLock { $0.reset = reason }
                    onChange(.reset(reason))
                    return
                case .deleted:
                    let first = state.withLock { s -> Bool in
                        defer { s.isDeleted = true }
                        return !s.isDeleted
                    }
                    if first { onChange(.deleted) }
                    continue
                }
                break
            }
        }
    }

    private enum Finding { case none, grew, reset(ResetReason), deleted }

    /// Waits until the file at the path stops changing: the same size and file `settleStep`
    /// apart (at most `settleSteps` times, so one that is written for good is read anyway).
    /// False when the index stopped meanwhile.
    private func settle(_ watcher: FileWatcher) -> Bool {
        func look() -> [UInt64]? {
            var info = stat()
            return stat(path, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size)] : nil
        }
        var last = look()
        for _ in 0..<Self.settleSteps {
            guard watcher.pause(milliseconds: Self.settleStep) else { return false }
            let now = look()
            if now == last { return true }
            last = now
        }
        return true
    }

    /// Milliseconds a rewritten file must stay the same before it is read again.
    static let settleStep: Int32 = 100
    /// How many steps a rewritten file is waited for at most.
    static let settleSteps = 20

    /// The file's bytes just before offset `end` (at most `endCheckSize`).
    private func endBytes(before end: Int) -> [UInt8] {
        let start = max(0, end - Self.endCheckSize)
        var bytes = [UInt8](repeating: 0, count: end - start)
        let n = bytes.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress, $0.count, off_t(start)) }
        return n == bytes.count ? bytes : []
    }

    /// How many bytes before the end counted are read again to tell a file that grew from one
    /// rewritten longer (`cat new > f` seen only once written).
    static let endCheckSize = 64

    /// What changed since the file was last counted (up to `before` bytes, which ended with
    /// `end`): a file that is longer but no longer ends its counted part with those bytes was
    /// rewritten, not appended to.
    private func check(end: [UInt8], before counted: Int) -> Finding {
        var atPath = stat()
        if stat(path, &atPath) != 0 { return .deleted }
        if UInt(atPath.st_dev) != identity.dev || UInt(atPath.st_ino) != identity.ino { return .reset(.replaced) }
        var info = stat()
        guard fstat(file.fd, &info) == 0 else { return .none }
        let size = Int(info.st_size)
        if size < counted { return .reset(.truncated) }
        guard size > counted else { return .none }
        return endBytes(before: counted) == end ? .grew : .reset(.truncated)
    }

    /// Counts the whole lines in the file's first `headSize` bytes; the counting thread goes on
    /// from the end of the last one. A file shorter than that, ending on a newline, is counted
    /// to its end, and says so with the count, as the counting thread does.
    private func countHead() {
        var buffer = [UInt8](repeating: 0, count: Self.headSize)
        let n = buffer.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress!, $0.count, 0) }
        guard n > 0 else { return }
        var (count, lineStart, marks) = (0, 0, [Int]())
        buffer.withUnsafeBufferPointer { raw in
            countLines(in: UnsafeBufferPointer(rebasing: raw[0..<n]), at: 0, count: &count, lineStart: &lineStart, marks: &marks)
        }
        state.withLock { s in
            s.marks.append(contentsOf: marks)
            s.count = count
            s.scanned = lineStart
            s.size = lineStart
            if n < buffer.count, lineStart == n { s.isCounting = false }
        }
    }

    /// Counts the lines that end in `chunk`, read at `offset`: each newline ends one, and every
    /// `stride`-th line's start is marked.
    private func countLines(in chunk: UnsafeBufferPointer<UInt8>, at offset: Int, count: inout Int, lineStart: inout Int,
                            marks: inout [Int]) {
        var from = 0
        while let newline = LineScan.newline(in: chunk, from: from) {
            count += 1
            lineStart = offset + newline + 1
            if count % stride == 0 { marks.append(lineStart) }
            from = newline + 1
        }
    }

    /// Counts lines from where counting stopped to the end of the file.
    private func count(lastNotice: inout UInt64) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var (offset, count, partial) = state.withLock { s -> (Int, Int, Bool) in
            if s.partial {
                // The unfinished last line is counted again with what was appended to it.
                s.partial = false
                s.count -= 1
            }
            return (s.scanned, s.count, false)
        }
        var lineStart = offset
        var marks: [Int] = []
        while true {
            if state.withLock({ $0.isStopped }) { return }
            let n = buffer.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress!, $0.count, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            buffer.withUnsafeBufferPointer { raw in
                countLines(in: UnsafeBufferPointer(rebasing: raw[0..<n]), at: offset, count: &count, lineStart: &lineStart, marks: &marks)
            }
            offset += n
            let now = DispatchTime.now().uptimeNanoseconds
            // A short read ending on a newline is the end of the file: say so together with the
            // count, so a page that waited for these lines never reads "more" by a race.
            let reachedEnd = n < buffer.count && offset == lineStart
            state.withLock { s in
                s.marks.append(contentsOf: marks)
                s.count = count
                s.scanned = lineStart
                s.size = lineStart
                if reachedEnd { s.isCounting = false }
            }
            marks.removeAll(keepingCapacity: true)
            if now - lastNotice >= Self.noticeInterval {
                lastNotice = now
                onChange(nil)
            }
        }
        if offset > lineStart {
            // A last line without a newline: shown, and counted again if it grows.
            partial = true
        }
        state.withLock { s in
            s.marks.append(contentsOf: marks)
            s.count = count + (partial ? 1 : 0)
            s.scanned = lineStart
            s.partial = partial
            s.size = offset
        }
    }
}
