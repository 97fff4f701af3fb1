import Locking
import SearchEngine
import Synchronization
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A search through a file's bytes from an offset to its end, as `grep` does it: the file
/// is cut into one part per core (at line starts), and each part is read sequentially in
/// chunks small enough to stay in the core's cache while they are looked at twice: once for
/// whether any line needs converting to what it shows, once searched as one text
/// (`TextPattern.forEachMatchingLine`: `memchr` or one `regexec` call over its whole lines).
/// Lines are counted only once a match is found, up to it, so a miss reads each byte once.
/// Memory stays at one buffer per core whatever the file's size.
enum FileScan {
    static let chunkSize = 256 << 10
    /// Files smaller than this are searched on one thread.
    static let partMinimum = 64 << 20

    /// What one part found.
    private enum PartResult {
        /// A match on the line that starts at this byte of the file.
        case found(Int)
        case missed
        /// It stopped early: cancelled, or an earlier part found a match.
        case stopped
    }

    /// The line (counted from the line at `offset`, 0) whose visible text first matches
    /// `pattern`, or nil if none does (or `token` was cancelled). Each chunk is searched up to
    /// its last line end; the unfinished line is carried into the next chunk. A line longer
    /// than a chunk is searched in chunk-long parts.
    /// `parts` (one per core by default, one for less than `partMinimum` bytes) is for tests.
    static func firstMatch(of pattern: TextPattern, in file: LineFile, from offset: Int,
                           token: CancellationToken, parts: Int? = nil, progress: (Double) -> Void) -> Int? {
        let size = file.size
        let total = max(1, size - offset)
        let count = max(1, parts ?? (total < partMinimum ? 1 : cores))
        let bounds = partBounds(in: file, range: offset..<size, count: count)
        let scanned = Mutex(0)
        let firstFound = Mutex(Int.max)
        let results = Mutex([PartResult](repeating: .stopped, count: count))
        withoutActuallyEscaping(progress) { progress in
            let report = UncheckedSendable(progress)
            DispatchQueue.concurrentPerform(iterations: count) { part in
                let result = scan(pattern, in: file, range: bounds[part]..<bounds[part + 1], stop: {
                    token.isCancelled || firstFound.withLock { $0 } < part
                }, read: { bytes in
                    let done = scanned.withLock { $0 += bytes; return $0 }
                    if part == 0 { report.value(Double(done) / Double(total)) }
                })
                if case .found = result { firstFound.withLock { $0 = min($0, part) } }
                results.withLock { $0[part] = result }
            }
        }
        for result in results.withLock({ $0 }) {
            switch result {
            case .found(let lineStart): return token.isCancelled ? nil : countNewlines(in: file, range: offset..<lineStart)
            case .missed: continue
            case .stopped: return nil
            }
        }
        return nil
    }

    /// The cores a scan is spread over (at most 8).
    private static var cores: Int { min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `count + 1` offsets that cut `range` into `count` parts at line starts.
    private static func partBounds(in file: LineFile, range: Range<Int>, count: Int) -> [Int] {
        var bounds = [range.lowerBound]
        for k in 1..<max(1, count) {
            bounds.append(lineStart(in: file, near: range.lowerBound + range.count / count * k, after: bounds[k - 1]))
        }
        bounds.append(range.upperBound)
        return bounds
    }

    /// How many `\n` bytes `range` of the file holds, counted on every core for a large range
    /// (`parts`, for tests, says on how many).
    static func countNewlines(in file: LineFile, range: Range<Int>, parts: Int? = nil) -> Int {
        let count = max(1, parts ?? (range.count < partMinimum ? 1 : cores))
        let step = (range.count + count - 1) / max(1, count)
        let totals = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: count) { part in
            let lower = range.lowerBound + part * step
            let upper = min(range.upperBound, lower + step)
            guard lower < upper else { return }
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
            defer { buffer.deallocate() }
            var position = lower
            var lines = 0
            while position < upper {
                let read = file.read(at: position, count: min(chunkSize, upper - position), into: buffer.baseAddress!)
                guard read > 0 else { break }
                lines += LineBytes.countNewlines(in: UnsafeBufferPointer(buffer), from: 0, to: read)
                position += read
            }
            totals.withLock { $0 += lines }
        }
        return totals.withLock { $0 }
    }

    /// Where the first line starting at or after `position` starts (looking at most 1 MiB
    /// ahead; `position` itself in a longer line), and never before `after`.
    private static func lineStart(in file: LineFile, near position: Int, after: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let read = buffer.withUnsafeMutableBytes { file.read(at: max(0, position - 1), count: $0.count, into: $0.baseAddress!) }
        let start = buffer[0..<read].firstIndex(of: UInt8(ascii: "\n")).map { max(0, position - 1) + $0 + 1 } ?? position
        return max(after, min(start, file.size))
    }

    private static func scan(_ pattern: TextPattern, in file: LineFile, range: Range<Int>, stop: () -> Bool,
                             read reported: (Int) -> Void) -> PartResult {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        let base = buffer.baseAddress!
        var carried = 0
        var position = range.lowerBound
        while !stop() {
            let read = position < range.upperBound
                ? file.read(at: position, count: min(chunkSize - carried, range.upperBound - position), into: base + carried) : 0
            let filled = carried + read
            guard filled > 0 else { return .missed }
            let bytes = UnsafeBufferPointer(rebasing: buffer[0..<filled])
            // Whole lines only, unless the part ends here or one line fills the buffer.
            var used = filled
            if read > 0, let last = LineBytes.lastNewline(in: bytes, from: 0, to: filled) { used = last + 1 }
            let block = UnsafeBufferPointer(rebasing: bytes[0..<used])
            var match: Int?
            pattern.forEachMatchingLine(in: block, mayNeedConversion: LineBytes.hasSpecialBytes(block)) { line in
                match = line
                return false
            }
            if let match { return .found(position - carried + lineStart(match, in: block)) }
            guard read > 0 else { return .missed }
            position += read
            carried = filled - used
            if carried > 0 { base.update(from: base + used, count: carried) }
            reported(read)
        }
        return .stopped
    }

    /// Where line `line` (0 for the first) of `block` starts.
    private static func lineStart(_ line: Int, in block: UnsafeBufferPointer<UInt8>) -> Int {
        var start = 0
        for _ in 0..<line {
            guard let newline = LineBytes.newline(in: block, from: start) else { break }
            start = newline + 1
        }
        return start
    }
}
