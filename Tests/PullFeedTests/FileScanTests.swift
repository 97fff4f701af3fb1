import Foundation
@testable import PullFeed
import SearchEngine
import Testing

/// The search through a file's bytes past the loaded lines, cut into parts searched at once.
@Suite struct FileScanTests {
    /// A file of `count` lines "line N", with `extra` lines put in at their numbers.
    func file(_ count: Int, _ extra: [Int: String] = [:]) throws -> (LineFile, String) {
        let path = NSTemporaryDirectory() + "pullfeed-scan-\(UUID().uuidString)"
        let text = (0..<count).map { extra[$0] ?? "line \($0) plain text" }.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (try LineFile(path: path), path)
    }

    func find(_ text: String, in file: LineFile, from offset: Int = 0, parts: Int, regex: Bool = false) throws -> Int? {
        let pattern = try #require(try TextPattern(text, syntax: regex ? .regularExpression : .literal))
        return FileScan.firstMatch(of: pattern, in: file, from: offset, token: CancellationToken(), parts: parts) { _ in }
    }

    @Test func theLineOfTheFirstMatchWhateverThePart() throws {
        let (file, path) = try file(60_000, [7: "a \u{1B}[31mNEEDLE\u{1B}[0m", 31_000: "needle here", 59_999: "last needle"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for parts in [1, 2, 3, 7] {
            #expect(try find("needle", in: file, parts: parts) == 7, "\(parts) parts")
            #expect(try find("needle h", in: file, parts: parts) == 31_000, "\(parts) parts")
            #expect(try find("last needle$", in: file, parts: parts, regex: true) == 59_999, "\(parts) parts")
            #expect(try find("absent", in: file, parts: parts) == nil, "\(parts) parts")
            // Escapes are not text: `31m` is nowhere to be seen.
            #expect(try find("31m", in: file, parts: parts) == nil, "\(parts) parts")
        }
        let offset = ("line 0 plain text\n".utf8.count) * 5
        #expect(try find("line 6 ", in: file, from: offset, parts: 3) == 1)
    }

    /// Lines are counted only for a match, over the file up to it, on as many threads as asked.
    @Test func newlinesAreCountedOverAnyRangeInAnyNumberOfParts() throws {
        let (file, path) = try file(30_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        for range in [0..<text.count, 0..<0, 7..<text.count - 3, 100_000..<400_017] {
            let expected = text[range].filter { $0 == 0x0A }.count
            for parts in [1, 2, 3, 8] {
                #expect(FileScan.countNewlines(in: file, range: range, parts: parts) == expected, "\(range), \(parts) parts")
            }
        }
    }

    @Test func aCancelledScanFindsNothing() throws {
        let (file, path) = try file(10_000, [9_000: "needle"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let token = CancellationToken()
        token.cancel()
        let pattern = try #require(TextPattern("needle"))
        #expect(FileScan.firstMatch(of: pattern, in: file, from: 0, token: token, parts: 2) { _ in } == nil)
    }
}
