import Glibc
import Locking
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

    /// A file rewritten longer in place, seen only once written (`cat new > f` whose truncation
    /// went unnoticed), is a reload, not lines appended: the bytes at the end of what was
    /// counted are not the same any more. Lines appended to it are growth.
    @Test func aFileRewrittenLongerIsReloadedAndOneAppendedToGrows() throws {
        let path = temporaryFile(Array((1...900).map { "line \($0)\n" }.joined().utf8))
        defer { unlink(path) }
        // nil: counting moved on (lines appended), as FileSource reads it.
        let changes = Locked<[SourceChange?]>([])
        let index = try FileIndex(path: path) { change in changes.withLock { $0.append(change) } }
        defer { index.stop() }
        _ = index.state.wait(until: { !$0.isCounting }, then: { $0.count })
        func waitForChange(after count: Int) -> SourceChange? {
            for _ in 0..<500 {
                if let change = changes.withLock({ $0.count > count ? $0[count...].map { $0 ?? .grew }.last : nil }) { return change }
                usleep(10_000)
            }
            return nil
        }
        let seen = changes.withLock { $0.count }
        let appended = open(path, O_WRONLY | O_APPEND)
        _ = "line 901\n".withCString { write(appended, $0, 9) }
        close(appended)
        #expect(waitForChange(after: seen) == .grew)
        _ = index.state.wait(until: { !$0.isCounting && $0.count == 901 }, then: { $0.count })
        // Written over from the start, longer, without a truncation: a rewrite.
        let rewritten = Array(("new a\nnew b\n" + (1...901).map { "line \($0)\n" }.joined()).utf8)
        let fd = open(path, O_WRONLY)
        _ = rewritten.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        close(fd)
        let after = changes.withLock { $0.count }
        #expect(waitForChange(after: after) == .reset(.truncated))
    }
}
