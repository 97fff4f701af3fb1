/// Splits bytes read into lines (without `\n` or a `\r` before it), keeping at most
/// `PreviewModel.maxLines` lines, `ProcessPreviewRunner.maxBytes` bytes and
/// `ProcessPreviewRunner.maxLineBytes` bytes of each line.
struct LineSplitter {
    private var partial: [UInt8] = []
    private var count = 0
    private var bytes = 0

    /// Whether a limit was reached: nothing more is kept.
    var isFull: Bool { count >= PreviewModel.maxLines || bytes >= ProcessPreviewRunner.maxBytes }

    /// The lines `chunk` completes.
    mutating func add(_ chunk: UnsafeBufferPointer<UInt8>) -> [String] {
        var lines: [String] = []
        var start = 0
        while start < chunk.count, !isFull {
            guard let end = chunk[start...].firstIndex(of: 10) else {
                keep(UnsafeBufferPointer(rebasing: chunk[start...]))
                break
            }
            keep(UnsafeBufferPointer(rebasing: chunk[start..<end]))
            lines.append(take())
            start = end + 1
        }
        return lines
    }

    /// The last line, when the output did not end with a line end.
    mutating func finish() -> String? {
        partial.isEmpty || isFull ? nil : take()
    }

    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = ProcessPreviewRunner.maxLineBytes - partial.count
        if room > 0 { partial.append(contentsOf: bytes.prefix(room)) }
    }

    private mutating func take() -> String {
        if partial.last == 13 { partial.removeLast() }
        let line = String(decoding: partial, as: UTF8.self)
        bytes += partial.count + 1
        count += 1
        partial.removeAll(keepingCapacity: true)
        return line
    }
}
