import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// A search through a file's bytes from an offset to its end, as `grep` does it: the file
/// is cut into one part per core (at line starts), and each part is read sequentially in
/// 4 MiB chunks, each chunk searched as one text (`TextPattern.forEachMatchingLine`:
/// `memchr` or one `regexec` call over its whole lines) after one pass that counts its lines
/// (to say on which line a match is) and finds whether any needs converting to what it
/// shows. Memory stays at one buffer per core whatever the file's size.
enum FileScan {
    static let chunkSize = 4 << 20
    /// Files smaller than this are searched on one thread.
    static let partMinimum = 64 << 20

    /// What one part found.
    private enum PartResult {
        /// A match on this line of the part.
        case found(Int)
        /// No match; the part holds this many line ends.
        case missed(lines: Int)
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
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let count = max(1, parts ?? (total < partMinimum ? 1 : min(cores, 8)))
        var bounds = [offset]
        for k in 1..<max(1, count) { bounds.append(lineStart(in: file, near: offset + total / count * k, after: bounds[k - 1])) }
        bounds.append(size)
        let parts = bounds
        let scanned = Locked(0)
        let firstFound = Locked(Int.max)
        let results = Locked([PartResult](repeating: .stopped, count: count))
        withoutActuallyEscaping(progress) { progress in
            let report = UncheckedSendable(progress)
            DispatchQueue.concurrentPerform(iterations: count) { part in
                let result = scan(pattern, in: file, range: parts[part]..<parts[part + 1], stop: {
                    token.isCancelled || firstFound.withLock { $0 } < part
                }, read: { bytes in
                    let done = scanned.withLock { $0 += bytes; return $0 }
                    if part == 0 { report.value(Double(done) / Double(total)) }
                })
                if case .found = result { firstFound.withLock { $0 = min($0, part) } }
                results.withLock { $0[part] = result }
            }
        }
        var linesBefore = 0
        for result in results.withLock({ $0 }) {
            switch result {
            case .found(let line): return linesBefore + line
            case .missed(let lines): linesBefore += lines
            case .stopped: return nil
            }
        }
        return nil
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
        var linesBefore = 0
        while !stop() {
            let read = position < range.upperBound
                ? file.read(at: position, count: min(chunkSize - carried, range.upperBound - position), into: base + carried) : 0
            let filled = carried + read
            guard filled > 0 else { return .missed(lines: linesBefore) }
            let bytes = UnsafeBufferPointer(rebasing: buffer[0..<filled])
            // Whole lines only, unless the part ends here or one line fills the buffer.
            var used = filled
            if read > 0, let last = bytes.lastIndex(of: UInt8(ascii: "\n")) { used = last + 1 }
            let block = UnsafeBufferPointer(rebasing: bytes[0..<used])
            let (newlines, mayNeedConversion) = LineBytes.profile(block)
            var match: Int?
            pattern.forEachMatchingLine(in: block, mayNeedConversion: mayNeedConversion) { line in
                match = line
                return false
            }
            if let match { return .found(linesBefore + match) }
            linesBefore += newlines
            guard read > 0 else { return .missed(lines: linesBefore) }
            position += read
            carried = filled - used
            if carried > 0 { base.update(from: base + used, count: carried) }
            reported(read)
        }
        return .stopped
    }

    /// How many `\n` bytes `bytes` holds.
    static func countNewlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        LineBytes.countNewlines(in: bytes, from: 0, to: bytes.count)
    }
}
