/// A snapshot of texts held as strings.
public struct StringsTextSnapshot: ListTextSnapshot {
    /// The rows' texts, one per row, in order.
    public let texts: [String]
    public let sectionHeaders: [Int]

    /// A snapshot of `texts`.
    ///
    /// - Parameters:
    ///   - texts: The rows' texts, one per row, in order.
    ///   - sectionHeaders: The indices of the section header rows, ascending; none by default.
    public init(texts: [String], sectionHeaders: [Int] = []) {
        self.texts = texts
        self.sectionHeaders = sectionHeaders
    }

    public var rowCount: Int { texts.count }

    public func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        for i in range.clamped(to: 0..<texts.count) {
            var text = texts[i]
            if !text.withUTF8({ body(i, $0) }) { return }
        }
    }
}
