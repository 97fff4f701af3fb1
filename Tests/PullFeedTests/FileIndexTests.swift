import Glibc
import Testing
@testable import PullFeed

/// Opening a file's index counts its head on the opening thread, so the first page of a long
/// file is there as soon as the index is, without waiting for the counting thread to start.
@Suite struct FileIndexTests {
    @Test func theHeadIsCountedWhenTheIndexIsMade() throws {
        let text = Array((1...100_000).map { "line \($0)\n" }.joined().utf8)
        let path = temporaryFile(text)
        defer { unlink(path) }
        let index = try FileIndex(path: path) { _ in }
        defer { index.stop() }
        let (count, scanned) = index.state.withLock { ($0.count, $0.scanned) }
        let head = text.prefix(FileIndex.headSize)
        let headLines = head.count { $0 == UInt8(ascii: "\n") }
        #expect(count >= headLines)
        #expect(scanned >= head.lastIndex(of: UInt8(ascii: "\n"))! + 1)
        #expect(index.line(0) == "line 1")
        #expect(index.line(headLines - 1) == "line \(headLines)")
        // Counting goes on from there to the end.
        let total = index.state.wait(until: { !$0.isCounting }, then: { $0.count })
        #expect(total == 100_000)
        #expect(index.line(99_999) == "line 100000")
    }

    /// A short file ending on a newline is counted whole when the index is made, and says so: a
    /// page that asks for its last line never reads "more" because the counting thread has not
    /// looked at the end yet.
    @Test func aShortFileIsCountedToItsEndWhenTheIndexIsMade() throws {
        let path = temporaryFile(Array((1...400).map { "l\($0)\n" }.joined().utf8))
        defer { unlink(path) }
        let index = try FileIndex(path: path) { _ in }
        defer { index.stop() }
        let (count, counting) = index.state.withLock { ($0.count, $0.isCounting) }
        #expect(count == 400)
        #expect(!counting)
    }
}
