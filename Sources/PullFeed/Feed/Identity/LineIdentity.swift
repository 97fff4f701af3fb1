import TerminalText

/// What identifies a line from one refresh to the next: its whole text (the default), or some
/// of its fields (`--id`, split on runs of blanks or on `--delimiter`).
///
/// Fields are taken from the text the list shows without the data's colours: SGR escape
/// sequences are left out before splitting and comparing, so a line whose colours alone change
/// keeps its identity and is not changed. Other bytes count as they are (a tab is a blank).
package struct LineIdentity: Sendable, Equatable {
    /// The fields that identify a line; nil: the whole line.
    package var fields: FieldSelection?
    /// What separates fields: nil for runs of spaces and tabs (blanks before the first field
    /// ignored, as awk does); else each occurrence of these bytes.
    package var delimiter: [UInt8]?

    /// The whole line is the identity.
    package static let wholeLine = LineIdentity()

    package init(fields: FieldSelection? = nil, delimiter: String? = nil) {
        self.fields = fields
        self.delimiter = delimiter.map { Array($0.utf8) }
    }

    /// Whether identity is the whole line (no field selection).
    package var isWholeLine: Bool { fields == nil }

    /// The identity key and the text key of a line (without its line end): the key of the
    /// selected fields, and the key of the text without escape sequences (equal to
    /// `ItemKeys.key(ofLine:)` for a line that has none). With no field selection, both are the
    /// line's key.
    package func keys(ofLine line: String) -> (id: UInt64, text: UInt64) {
        var line = line
        return line.withUTF8 { keys(ofText: $0) }
    }

    /// `keys(ofLine:)` of the text `bytes` decode to (invalid UTF-8 read as U+FFFD).
    func keys(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> (id: UInt64, text: UInt64) {
        Self.isPlain(bytes) ? keys(ofVisible: bytes) : keys(ofLine: String(decoding: bytes, as: UTF8.self))
    }

    /// Keys of valid UTF-8 `bytes`: its SGR sequences left out first, if it has any.
    private func keys(ofText bytes: UnsafeBufferPointer<UInt8>) -> (id: UInt64, text: UInt64) {
        guard bytes.contains(0x1B) else { return keys(ofVisible: bytes) }
        var text = TextWalker.visible(String(decoding: bytes, as: UTF8.self), escapes: .removed, controls: .kept, tabWidth: 0).text
        return text.withUTF8 { keys(ofVisible: $0) }
    }

    private func keys(ofVisible bytes: UnsafeBufferPointer<UInt8>) -> (id: UInt64, text: UInt64) {
        let text = ItemKeys.hash(bytes)
        guard let fields else { return (text, text) }
        var hasher = Hasher()
        if fields.isFirstFieldOnly, delimiter == nil {
            let field = Self.firstBlankField(bytes)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[field])))
            hasher.combine(field.count)
        } else {
            let ranges = split(bytes)
            for range in fields.ranges {
                for i in fields.indices(of: range, fieldCount: ranges.count) {
                    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[ranges[i]])))
                    hasher.combine(ranges[i].count)
                }
            }
        }
        return (UInt64(bitPattern: Int64(hasher.finalize())), text)
    }

    /// Where each field of `bytes` is.
    func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let n = bytes.count
        guard let delimiter, !delimiter.isEmpty else {
            var i = 0
            while i < n {
                while i < n, Self.isBlank(bytes[i]) { i += 1 }
                guard i < n else { break }
                let start = i
                while i < n, !Self.isBlank(bytes[i]) { i += 1 }
                ranges.append(start..<i)
            }
            return ranges
        }
        var start = 0
        var i = 0
        let first = delimiter[0]
        while i + delimiter.count <= n {
            if bytes[i] == first, delimiter.indices.allSatisfy({ bytes[i + $0] == delimiter[$0] }) {
                ranges.append(start..<i)
                i += delimiter.count
                start = i
            } else {
                i += 1
            }
        }
        ranges.append(start..<n)
        return ranges
    }

    /// The first field of `bytes` split on blanks (empty when there is none).
    private static func firstBlankField(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var i = 0
        let n = bytes.count
        while i < n, isBlank(bytes[i]) { i += 1 }
        let start = i
        while i < n, !isBlank(bytes[i]) { i += 1 }
        return start..<i
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether `bytes` are ASCII without ESC (their text is themselves, nothing to leave out).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let esc = word ^ (ones &* 0x1B)
                // A byte of 0x80 or more, or a byte of `esc` that is zero (an ESC).
                if (word | ((esc &- ones) & ~esc)) & highs != 0 { return false }
                i += 8
            }
        }
        while i < n {
            if bytes[i] >= 0x80 || bytes[i] == 0x1B { return false }
            i += 1
        }
        return true
    }
}
