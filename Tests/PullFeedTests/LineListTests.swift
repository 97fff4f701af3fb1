import Foundation
import Testing
@testable import PullFeed

@Suite struct LineListTests {
    func all(_ list: LineList) -> [String] { (0..<list.count).map { list[$0] } }

    /// A file's lines as the file source keeps them: byte ranges of the file.
    func fileLines(_ text: String) throws -> (LineList, path: String) {
        let bytes = Array(text.utf8)
        let path = temporaryFile(bytes)
        // Each line ends just after its newline; a last line without one ends with the file.
        var ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        if bytes.count > (ends.last ?? 0) { ends.append(bytes.count) }
        return (LineList(file: try LineFile(path: path), start: 0, ends: ends), path)
    }

    /// A counted file's lines handed out in blocks: every line once, in order, with its
    /// number, whether a range fits one read (its lines are not counted) or spans many.
    @Test func aCountedFilesLinesComeInBlocksWithTheirNumbers() throws {
        let lines = (0..<60_000).map { "line \($0) " + String(repeating: "x", count: $0 % 97) }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let path = temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let index = FileIndex(spill: try LineFile(path: path))
        bytes.withUnsafeBufferPointer { _ = index.add($0, at: 0) }
        #expect(index.count == lines.count)
        let list = LineList(index: index, lines: 0..<lines.count)
        for range in [0..<lines.count, 5..<6, 100..<2_000, 59_000..<60_000, 59_999..<60_000, 30_000..<45_123] {
            var seen: [String] = []
            list.forEachLineBlock(in: range) { first, count, block in
                #expect(first == range.lowerBound + seen.count, "\(range)")
                var text = String(decoding: block, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if text.last == "" { text.removeLast() }
                #expect(text.count == count, "\(range) from \(first)")
                seen += text
                return true
            }
            #expect(seen == Array(lines[range]), "\(range)")
        }
    }

    @Test func splittingBytesDropsLineEndsAndKeepsEmptyLines() {
        let list = LineList(splitting: Array("a\r\n\nb\u{1B}c\nlast".utf8) + [0xFF])
        #expect(all(list) == ["a", "", "b\u{1B}c", "last\u{FFFD}"])
        #expect(LineList(splitting: []).isEmpty)
        #expect(all(LineList(splitting: Array("x\n".utf8))) == ["x"])
    }

    @Test func fileLinesAreReadBackFromTheFileAndCostFourBytesEach() throws {
        let text = (1...10_000).map { "line \($0) 第\($0)条\r\n" }.joined()
        let (list, path) = try fileLines(text)
        defer { unlink(path) }
        #expect(list.count == 10_000)
        #expect(list[0] == "line 1 第1条")
        #expect(list[9_999] == "line 10000 第10000条")
        #expect(list[5_000] == "line 5001 第5001条")  // far from the last window, then back
        #expect(list[1] == "line 2 第2条")
        #expect(list.byteCount == 10_000 * 4)
    }

    @Test func aFileTruncatedBehindOurBackReadsAsEmptyLines() throws {
        let (list, path) = try fileLines("one\ntwo\nthree\n")
        defer { unlink(path) }
        truncate(path, 4)
        let reopened = LineList(file: try LineFile(path: path), start: 0, ends: [4, 8, 14])
        #expect(all(reopened) == ["one", "", ""])
        #expect(list.count == 3)
    }

    @Test func memoryLinesGrowInPiecesWithoutLosingAny() {
        var list = LineList()
        let line = String(repeating: "x", count: 1000)
        for page in 0..<30 {
            list.append(contentsOf: (0..<100).map { "\(page * 100 + $0) \(line)" })
        }
        #expect(list.count == 3000)  // about 3 MB: three or more pieces
        #expect((0..<3000).allSatisfy { list[$0].hasPrefix("\($0) ") })
        #expect(list.byteCount >= 3000 * 1000)
    }

    @Test func appendingMixesFileAndMemoryLinesAndKeepsSnapshots() throws {
        let (file, path) = try fileLines("f1\nf2\nf3\n")
        defer { unlink(path) }
        var list = LineList(["m1"])
        let snapshot = list
        list.append(file)
        list.append(contentsOf: ["m2"])
        list.append(file, range: 1..<3)
        #expect(all(list) == ["m1", "f1", "f2", "f3", "m2", "f2", "f3"])
        #expect(all(snapshot) == ["m1"])
        var branch = snapshot
        branch.append(contentsOf: ["b"])
        #expect(all(branch) == ["m1", "b"])
        #expect(all(list.prefix(2)) == ["m1", "f1"])
        #expect(list.prefix(2) == LineList(["m1", "f1"]))
        #expect(list != list.prefix(6))
    }

    @Test func contiguousFileLinesShareOnePiece() throws {
        let (first, path) = try fileLines((1...100).map { "l\($0)\n" }.joined())
        defer { unlink(path) }
        var list = LineList()
        list.append(first, range: 0..<50)
        list.append(first, range: 50..<100)
        #expect(list.byteCount == 100 * 4)
        #expect(list[99] == "l100")
    }

    @Test func rawLinesCostTheirBytesAndReadBackLikeAnyLine() {
        let text = (0..<100_000).map { "r\($0)\($0 % 3 == 0 ? "\r" : "")\n" }.joined()
        let list = LineList(splitting: Array(text.utf8) + [0x61, 0xC3])
        #expect(list.count == 100_001)
        #expect(list[0] == "r0" && list[1] == "r1" && list[99_999] == "r99999")
        #expect(list[100_000] == "a\u{FFFD}")
        #expect((0..<100_000).allSatisfy { list[$0] == "r\($0)" })
        // The bytes as read (a newline added to the last line) and 4 bytes per 32 lines.
        #expect(list.byteCount == text.utf8.count + 3 + (100_001 + 31) / 32 * 4)
    }

    @Test func viewsShareTheirStorageUntilTheyDiverge() {
        var base = LineList(splitting: Array("a\nb\nc\nd\n".utf8))
        var feed = LineList()
        feed.append(base.slice(0..<2))
        feed.append(base.slice(2..<4))
        #expect(all(feed) == ["a", "b", "c", "d"])
        #expect(feed.byteCount == base.byteCount)
        let middle = base.slice(1..<3)
        #expect(all(middle) == ["b", "c"])
        var branch = middle
        branch.append(contentsOf: ["x\ny", "z\r"])
        #expect(all(branch) == ["b", "c", "x\ny", "z\r"])
        base.append(contentsOf: ["e"])
        #expect(all(base) == ["a", "b", "c", "d", "e"])
        #expect(all(feed) == ["a", "b", "c", "d"])
        feed.append(contentsOf: ["f"])
        #expect(all(feed) == ["a", "b", "c", "d", "f"])
        #expect(all(base) == ["a", "b", "c", "d", "e"])
        #expect(all(middle) == ["b", "c"])
        #expect(middle == LineList(["b", "c"]))
    }
}
