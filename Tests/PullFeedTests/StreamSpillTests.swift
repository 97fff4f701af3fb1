import Dispatch
import Foundation
import Testing
@testable import PullFeed
import TerminalUI

/// Streams past their memory budget: lines go to unlinked files and stay readable byte for
/// byte; `--max-disk` and a full disk drop the oldest; a folder that cannot be written keeps
/// the stream in memory and says so once.
@Suite struct StreamSpillTests {
    /// A folder of its own for spill files, removed by `cleanUp`.
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "pullfeed-spill-test-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `chunks` into a pipe on a thread of its own, sleeping `pause` microseconds after
    /// each, and closes it; returns the read end.
    static func pipe(writing chunks: [[UInt8]], pause: UInt32 = 0) -> Int32 {
        var fds: [Int32] = [0, 0]
        _ = Glibc.pipe(&fds)
        let writeFD = fds[1]
        DispatchQueue(label: "writer").async {
            for chunk in chunks {
                var done = 0
                while done < chunk.count {
                    let n = chunk[done...].withUnsafeBytes { write(writeFD, $0.baseAddress!, $0.count) }
                    if n <= 0 { break }
                    done += n
                }
                if pause > 0 { usleep(pause) }
            }
            close(writeFD)
        }
        return fds[0]
    }

    /// Reads the store until its input ends and gives every line it hands out, as bytes.
    static func readAll(_ store: StreamStore) throws -> (bytes: [[UInt8]], page: Page) {
        let request = PageRequest.rest(offset: 0, limit: 1 << 40)
        var page = try store.page(request, token: CancellationToken())
        let deadline = Date().addingTimeInterval(20)
        while page.isOpen, Date() < deadline {
            usleep(2_000)
            page = try store.page(request, token: CancellationToken())
        }
        var bytes: [[UInt8]] = []
        page.lines.forEachLineText(in: 0..<page.lines.count) { _, text in
            bytes.append(Array(text))
            return true
        }
        return (bytes, page)
    }

    /// Splits `data` into chunks of the sizes in `sizes`, over and over.
    static func chunks(_ data: [UInt8], sizes: [Int]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var at = 0
        var k = 0
        while at < data.count {
            let n = min(sizes[k % sizes.count], data.count - at)
            out.append(Array(data[at..<at + n]))
            at += n
            k += 1
        }
        return out
    }

    static func spillFiles(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    @Test(arguments: [0, 100, 5_000, 1 << 30])
    func everyLineIsKeptExactlyWhateverTheWritesAndTheBudget(budget: Int) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // NUL bytes, invalid UTF-8, CRLF, long and empty lines; the last has no newline.
        var lines: [[UInt8]] = []
        for i in 0..<3_000 {
            var line = Array("line \(i) 中文".utf8)
            if i % 7 == 0 { line += [0, 0xFF, 0xC3] }
            if i % 11 == 0 { line = [] }
            if i % 13 == 0 { line += [UInt8](repeating: UInt8(ascii: "x"), count: 3_000) }
            lines.append(line)
        }
        let data = lines.map { $0 + [10] }.joined().dropLast()
        for sizes in [[1, 300], [7, 4_096, 3], [65_536], [100_000]] {
            let fd = Self.pipe(writing: Self.chunks(Array(data), sizes: sizes), pause: sizes == [7, 4_096, 3] ? 50 : 0)
            let store = StreamStore(fd: fd, closesFD: true, spill: SpillSettings(directory: folder, memoryBudget: budget)) {}
            let (read, page) = try Self.readAll(store)
            #expect(read == lines, "budget \(budget), writes \(sizes)")
            #expect(page.lines.count == lines.count)
            // Text reads as from memory: invalid UTF-8 as U+FFFD, the same for every line.
            for i in [0, 7, 13, 2_999] { #expect(page.lines[i] == String(decoding: lines[i], as: UTF8.self)) }
            #expect(page.lines.wholeLine(at: 13) == String(decoding: lines[13], as: UTF8.self))
            // The spill files have no name: nothing is left in the folder, even while open.
            #expect(Self.spillFiles(in: folder).isEmpty)
            store.stop()
        }
    }

    @Test func aSpilledStreamCostsNoMemoryPerLine() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = (0..<200_000).map { "line \($0)\n" }.joined()
        let fd = Self.pipe(writing: Self.chunks(Array(data.utf8), sizes: [65_536]))
        let store = StreamStore(fd: fd, closesFD: true, spill: SpillSettings(directory: folder, memoryBudget: 10_000)) {}
        let (read, page) = try Self.readAll(store)
        #expect(read.count == 200_000)
        #expect(read.last == Array("line 199999".utf8))
        // 10 KB of lines in memory, and the sparse index of the rest (8 bytes per 256 lines).
        #expect(page.lines.byteCount < 100_000)
        store.stop()
    }

    /// Short lines are marked less often, so the index grows with the bytes, not the lines
    /// (`yes` would otherwise cost 8 bytes per 512 bytes it writes).
    @Test func shortLinesAreMarkedByTheirBytesAndStillReadBackOneByOne() throws {
        #expect(StreamSpill.stride(lines: 1_000, bytes: 2_000) == 32_768)
        #expect(StreamSpill.stride(lines: 1_000, bytes: 70_000) == 1_024)
        #expect(StreamSpill.stride(lines: 0, bytes: 0) == FileIndex.fileStride)
        #expect(StreamSpill.stride(lines: 10, bytes: 10_000_000) == FileIndex.fileStride)
        #expect(StreamSpill.stride(lines: 1_000_000, bytes: 1_000_000) == 1 << 16)
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = (0..<300_000).map { "\($0 % 10)\n" }.joined()
        let fd = Self.pipe(writing: Self.chunks(Array(data.utf8), sizes: [65_536]))
        let store = StreamStore(fd: fd, closesFD: true, spill: SpillSettings(directory: folder, memoryBudget: 1_000)) {}
        let (read, page) = try Self.readAll(store)
        #expect(read.count == 300_000)
        #expect(read.enumerated().allSatisfy { $0.element == Array("\($0.offset % 10)".utf8) })
        for i in [0, 499, 500, 501, 40_000, 131_071, 131_072, 299_999] { #expect(page.lines[i] == "\(i % 10)") }
        store.stop()
    }

    @Test func pastMaxDiskTheOldestLinesAreDroppedAndTheRestStayInOrder() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 100_000
        let data = (0..<count).map { "line \($0)\n" }.joined()
        let fd = Self.pipe(writing: Self.chunks(Array(data.utf8), sizes: [4_096]))
        let settings = SpillSettings(directory: folder, memoryBudget: 2_000, maxDisk: 256 << 10)
        let store = StreamStore(fd: fd, closesFD: true, spill: settings) {}
        let (read, page) = try Self.readAll(store)
        #expect(page.dropped > 0)
        #expect(page.dropped + read.count == count)
        // What is kept is the newest lines, each in its place.
        for (k, line) in read.enumerated() where k % 997 == 0 || k == read.count - 1 {
            #expect(line == Array("line \(page.dropped + k)".utf8))
        }
        // The kept lines fit the limit (a segment's worth of slack).
        let keptBytes = read.reduce(0) { $0 + $1.count + 1 }
        #expect(keptBytes <= (256 << 10) + (64 << 10))
        #expect(keptBytes >= 128 << 10)
        // A request that knew of no drop gets the first kept line, and the count dropped.
        let first = try store.page(PageRequest.refresh(limit: 3), token: CancellationToken())
        #expect(first.dropped == page.dropped)
        #expect(first.lines[0] == "line \(page.dropped)")
        // One that knew of the drop counts from the first kept line.
        let after = PageRequest.next(offset: 5, limit: 1, dropped: page.dropped)
        #expect(try store.page(after, token: CancellationToken()).lines[0] == "line \(page.dropped + 5)")
        store.stop()
    }

    @Test func aLineLongerThanTheDiskLimitIsKeptCutAndMemoryStaysSmall() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)
        let data = Array("first\n".utf8) + long + Array("\nlast".utf8)
        let fd = Self.pipe(writing: Self.chunks(data, sizes: [65_536]))
        let settings = SpillSettings(directory: folder, memoryBudget: 1_000, maxDisk: 512 << 10)
        let store = StreamStore(fd: fd, closesFD: true, spill: settings) {}
        let (read, page) = try Self.readAll(store)
        #expect(read.last == Array("last".utf8))
        let cut = try #require(read.first { $0.first == UInt8(ascii: "a") })
        #expect(cut.count >= 64 << 10 && cut.count < 1 << 20)
        #expect(page.lines.byteCount < 10_000)
        store.stop()
    }

    @Test func aFolderThatCannotBeWrittenKeepsTheStreamInMemoryAndSaysSoOnce() throws {
        let data = (0..<5_000).map { "line \($0)\n" }.joined()
        let fd = Self.pipe(writing: Self.chunks(Array(data.utf8), sizes: [1_000]))
        let missing = "/nonexistent-\(UUID().uuidString)"
        let store = StreamStore(fd: fd, closesFD: true, spill: SpillSettings(directory: missing, memoryBudget: 1_000)) {}
        let deadline = Date().addingTimeInterval(10)
        while !store.state.withLock({ $0.isClosed }), Date() < deadline { usleep(2_000) }
        let page = try store.page(PageRequest.refresh(limit: 1 << 30), token: CancellationToken())
        #expect(page.notice == .spillUnavailable(directory: missing))
        #expect(page.lines.count == 5_000)
        #expect(page.lines[4_999] == "line 4999")
        let again = try store.page(PageRequest.refresh(limit: 10), token: CancellationToken())
        #expect(again.notice == nil)
        store.stop()
    }

    @Test func sizesAsMaxDiskTakesThem() {
        #expect(SpillSettings.parseSize("0") == 0)
        #expect(SpillSettings.parseSize("1234") == 1234)
        #expect(SpillSettings.parseSize("512M") == 512 << 20)
        #expect(SpillSettings.parseSize("4G") == 4 << 30)
        #expect(SpillSettings.parseSize("4g") == 4 << 30)
        #expect(SpillSettings.parseSize("4GiB") == 4 << 30)
        #expect(SpillSettings.parseSize("64K") == 64 << 10)
        #expect(SpillSettings.parseSize("1.5G") == 3 << 29)
        for bad in ["", "G", "-1", "4X", "1e9", "four", "4 G", "0x10", "99999999999T"] {
            #expect(SpillSettings.parseSize(bad) == nil, "\(bad)")
        }
    }

    @Test func theTitleSaysHowManyLinesWereDropped() {
        #expect(AppStrings.grouped(1_234_567) == "1,234,567")
        #expect(AppStrings.grouped(999) == "999")
        #expect(AppStrings.grouped(1_000) == "1,000")
        #expect(AppStrings(language: .english).dropped(1_234_567) == "1,234,567 dropped")
        #expect(AppStrings(language: .simplifiedChinese).dropped(1_234_567) == "已丢弃 1,234,567 行")
    }
}
