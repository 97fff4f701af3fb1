/// The texts of a list's rows at one moment, readable from any thread: what search and
/// filter walk, off the UI thread when there are many rows.
public protocol ListTextSnapshot: Sendable {
    var rowCount: Int { get }
    /// The indices of the section header rows, ascending.
    var sectionHeaders: [Int] { get }
    /// Calls `body` with the index and the UTF-8 text of each row in `range`, in order, until
    /// it returns false.
    func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool)
    /// Calls `body` with runs of consecutive rows of `range` in one buffer, in order, until it
    /// returns false: the index of the run's first row, how many rows it holds, and their
    /// UTF-8 texts, each ended by `\n` but perhaps the last (a `\r` before a `\n` is not
    /// part of its row). Searching a run as one text is what makes a filter over a million
    /// rows quick. By default each row is a run of its own.
    func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool)
}

extension ListTextSnapshot {
    public func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        forEachRowText(in: range) { body($0, 1, $1) }
    }
}
