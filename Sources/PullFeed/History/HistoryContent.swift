/// One kept result's lines as read back: their bytes, each line ended by `\n` (invalid UTF-8
/// and NUL bytes kept as read), and how many there are.
package struct HistoryContent: Sendable, Equatable {
    package private(set) var bytes: [UInt8]
    package private(set) var rowCount: Int

    /// The lines of `bytes`, each ended by `\n`.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
        rowCount = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The lines as a list the feed shows.
    package var lineList: LineList { LineList(splitting: bytes) }

    /// The lines as strings (invalid UTF-8 as U+FFFD).
    package var lines: [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }
}
