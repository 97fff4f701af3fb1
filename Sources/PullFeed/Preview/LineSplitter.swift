/// Splits bytes read into lines (without `\n` or a `\r` before it), keeping at most
/// `PreviewModel.maxLines` lines and `ProcessPreviewRunner.maxLineBytes` bytes of each line,
/// and reading at most `ProcessPreviewRunner.maxBytes` bytes (a line without end counts too).
///
/// A terminal keeps colours across a line end, and some programs set one for several lines
/// (a highlighted multi-line string); lines are drawn one by one, so each line starts with the
/// SGR sequences still in force at the end of the line before it (since its last reset, at most
/// `maxCarried` of them).
struct LineSplitter {
    static let maxCarried = 8
    static let maxCarriedLength = 32
    private var partial: [UInt8] = []
    /// The SGR sequences in force at the end of the last line.
    private var carried: [[UInt8]] = []
    private var count = 0
    private var bytes = 0

    /// Whether a limit was reached: nothing more is kept.
    var isFull: Bool { count >= PreviewModel.maxLines || bytes >= ProcessPreviewRunner.maxBytes }

    /// The lines `chunk` completes.
    mutating func add(_ chunk: UnsafeBufferPointer<UInt8>) -> [String] {
        var lines: [String] = []
        var start = 0
        while start < chunk.count, !isFull {
            guard let end = LineScan.newline(in: chunk, from: start) else {
                keep(UnsafeBufferPointer(rebasing: chunk[start...]))
                break
            }
            keep(UnsafeBufferPointer(rebasing: chunk[start..<end]))
            lines.append(take())
            start = end + 1
        }
        return lines
    }

    /// The last line, when the output did not end with a line end (or the bytes read reached
    /// their limit in the middle of a line: its start), unless the lines reached theirs.
    mutating func finish() -> String? {
        partial.isEmpty || count >= PreviewModel.maxLines ? nil : take()
    }

    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes += bytes.count
        let room = ProcessPreviewRunner.maxLineBytes - partial.count
        if room > 0 { partial.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func take() -> String {
        if partial.last == 13 { partial.removeLast() }
        let prefix = carried.joined()
        if partial.contains(0x1B) { carry(partial) }
        let line = prefix.isEmpty ? String(decoding: partial, as: UTF8.self) : String(decoding: prefix + partial, as: UTF8.self)
        bytes += 1
        count += 1
        partial.removeAll(keepingCapacity: true)
        return line
    }

    /// Follows the SGR sequences of `line`: a reset (`ESC[m`, `ESC[0m`, or one that begins
    /// with `0;`) forgets those before it.
    private mutating func carry(_ line: [UInt8]) {
        var i = 0
        while i + 2 < line.count {
            guard line[i] == 0x1B, line[i + 1] == UInt8(ascii: "[") else { i += 1; continue }
            var j = i + 2
            while j < line.count, (0x30...0x3F).contains(line[j]) { j += 1 }
            guard j < line.count, line[j] == UInt8(ascii: "m") else { i = j; continue }
            let params = line[(i + 2)..<j]
            if params.isEmpty || params.elementsEqual("0".utf8) || params.starts(with: "0;".utf8) || params.starts(with: "00".utf8) {
                carried.removeAll()
            }
            // Longer sequences are not carried: a line's prefix stays small.
            if !params.isEmpty, !params.elementsEqual("0".utf8), params.count <= Self.maxCarriedLength {
                carried.append(Array(line[i...j]))
                if carried.count > Self.maxCarried { carried.removeFirst() }
            }
            i = j + 1
        }
    }
}
