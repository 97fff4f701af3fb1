import TerminalUI

/// A search through a file's bytes from an offset to its end: sequential reads of 4 MiB,
/// each searched as one text (`TextPattern.forEachMatchingLine(in:_:)`: `memchr` or one
/// `regexec` call over the chunk's whole lines), and its line ends counted only to say on
/// which line a match is. Memory stays at the one buffer whatever the file's size.
enum FileScan {
    static let chunkSize = 4 << 20

    /// The line (counted from the line at `offset`, 0) whose visible text first matches
    /// `pattern`, or nil if none does (or `token` was cancelled). Each chunk is searched up to
    /// its last line end; the unfinished line is carried into the next chunk. A line longer
    /// than a chunk is searched in chunk-long parts.
    static func firstMatch(of pattern: TextPattern, in file: LineFile, from offset: Int,
                           token: CancellationToken, progress: (Double) -> Void) -> Int? {
        let total = max(1, file.size - offset)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        let base = buffer.baseAddress!
        var carried = 0
        var position = offset
        var linesBefore = 0
        while !token.isCancelled {
            let read = file.read(at: position, count: chunkSize - carried, into: base + carried)
            let filled = carried + read
            guard filled > 0 else { return nil }
            let bytes = UnsafeBufferPointer(rebasing: buffer[0..<filled])
            // Whole lines only, unless the file ends here or one line fills the buffer.
            var used = filled
            if read > 0, let last = bytes.lastIndex(of: UInt8(ascii: "\n")) { used = last + 1 }
            let block = UnsafeBufferPointer(rebasing: bytes[0..<used])
            var match: Int?
            pattern.forEachMatchingLine(in: block) { line in
                match = line
                return false
            }
            if let match { return linesBefore + match }
            guard read > 0 else { return nil }
            position += read
            linesBefore += countNewlines(block)
            carried = filled - used
            if carried > 0 { base.update(from: base + used, count: carried) }
            progress(Double(position - offset) / Double(total))
        }
        return nil
    }

    /// How many `\n` bytes `bytes` holds (a loop the compiler vectorises).
    static func countNewlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes { count &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
        return count
    }
}
