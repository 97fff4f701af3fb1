import TerminalUI

/// A search through a file's bytes from an offset to its end: sequential reads of 4 MiB,
/// each searched with `memchr` (ASCII letters folded in place first when case is ignored),
/// and its line ends counted only to say on which line a match is. Memory stays at the one
/// buffer whatever the file's size.
enum FileScan {
    static let chunkSize = 4 << 20

    /// The line (counted from the line at `offset`, 0) where `pattern` first occurs, or nil
    /// if it does not (or `token` was cancelled). A pattern never holds a line break, so a
    /// match never spans lines; the end of each chunk's last, unfinished line is carried into
    /// the next chunk so a match across the chunk boundary is found.
    static func firstMatch(of pattern: TextPattern, in file: LineFile, from offset: Int,
                           token: CancellationToken, progress: (Double) -> Void) -> Int? {
        let total = max(1, file.size - offset)
        let capacity = chunkSize + (1 << 20)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let base = buffer.baseAddress!
        var carried = 0
        var position = offset
        var linesBefore = 0
        while !token.isCancelled {
            let read = file.read(at: position, count: chunkSize, into: base + carried)
            let filled = carried + read
            guard filled > 0 else { return nil }
            let region = UnsafeMutableBufferPointer(rebasing: buffer[0..<filled])
            if let match = pattern.firstMatch(inFolding: region) {
                return linesBefore + countNewlines(UnsafeBufferPointer(rebasing: buffer[0..<match]))
            }
            guard read > 0 else { return nil }
            position += read
            linesBefore += countNewlines(UnsafeBufferPointer(rebasing: buffer[carried..<filled]))
            // Carry the unfinished last line (at most 1 MiB of it: a match needs only its tail).
            var lineStart = filled
            while lineStart > 0, buffer[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            var keep = filled - lineStart
            if keep > 1 << 20 { keep = min(keep, max(0, pattern.byteLength - 1)) }
            if keep > 0 { (base).update(from: base + filled - keep, count: keep) }
            carried = keep
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
