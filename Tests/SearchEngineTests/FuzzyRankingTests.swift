import Foundation
@testable import SearchEngine
import TerminalUI
import Testing

/// Fuzzy filtering agrees with `fzf -f` (fzf's own filter mode, algorithm v2, smart case,
/// sorted by score then length): the same lines in the same order, on real and made-up inputs.
@Suite struct FuzzyRankingTests {
    /// The lines `fzf -f query` prints for `input`, nil when fzf is not installed.
    static func fzf(_ query: String, input: [String], sorted: Bool = true) throws -> [String]? {
        guard let fzf = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fzf)
        process.arguments = ["-f", query] + (sorted ? [] : ["--no-sort"])
        var environment = ProcessInfo.processInfo.environment
        environment["FZF_DEFAULT_OPTS"] = ""
        process.environment = environment
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzzy-\(UUID().uuidString).txt")
        try (input.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        process.standardInput = try FileHandle(forReadingFrom: file)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The lines PullFeed's fuzzy filter shows for `query`, in order (rows matched, then ranked).
    static func pullfeed(_ query: String, input: [String]) throws -> [String] {
        guard let pattern = try TextPattern(query, syntax: .fuzzy), let fuzzy = pattern.fuzzy else { return input }
        let snapshot = StringsTextSnapshot(texts: input)
        let matches = try #require(ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<input.count))
        guard fuzzy.ranks else { return matches.map { input[$0] } }
        let ranking = try #require(ListFinder.rank(fuzzy, in: snapshot, rows: matches))
        return ranking.rows.map { input[$0] }
    }

    /// Checks `found` against `expected`, naming the first line where they part.
    static func expectSame(_ found: [String], _ expected: [String], _ query: String) {
        #expect(found.count == expected.count, "\(query): \(found.count) lines, fzf \(expected.count)")
        if let first = zip(found, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("\(query): line \(first.offset) is \(first.element.0.debugDescription), fzf's \(first.element.1.debugDescription)")
        }
    }

    static func lines(of command: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Paths, words in camelCase and snake_case, numbers and spaces: every kind of bonus.
    static let madeUp: [String] = {
        var random = SeededRandom(seed: 43)
        let parts = ["src", "Sources", "main", "README", "readme", "make", "Makefile", "core", "test", "Tests", "read_me",
                     "fuzzy-finder", "fuzzyfinder", "FooBar", "foo bar", "x1", "v2.0", "md", ".md", ".swift", "a", "e",
                     "rdme", "mkfile", "  lead", "trail  ", "Ünïcode", "café", "straße", "日本"]
        let joins = ["/", "_", "-", ".", " ", "", ":", ","]
        return (0..<2000).map { _ in
            var line = ""
            for k in 0..<(1 + Int(random.next() % 5)) {
                if k > 0 { line += joins[Int(random.next() % UInt64(joins.count))] }
                line += parts[Int(random.next() % UInt64(parts.count))]
            }
            return line
        }
    }()

    static let queries = ["rdme", "src", "mk", "a", "e", "ReadMe", "sw", "fb", "fuzfind", "coremd", "x12",
                          "^src .swift$", "!test main", "'read | make", "core !.md", "^read", "md$", "^readme$",
                          "'make", "!'rd", "te st", "README | src", "lead", "trail", "ünï", "straße", "日", "S"]

    @Test(arguments: queries)
    func madeUpLinesRankAsFzfRanksThem(query: String) throws {
        guard let expected = try Self.fzf(query, input: Self.madeUp) else { return }
        Self.expectSame(try Self.pullfeed(query, input: Self.madeUp), expected, query)
    }

    @Test(arguments: ["^src .swift$", "!test main", "'read | make", "core !.md", "rdme", "doc", "gz", "usd", "ch log"])
    func documentationPathsRankAsFzfRanksThem(query: String) throws {
        let input = try Self.lines(of: "find /usr/share/doc | head -300")
        guard let expected = try Self.fzf(query, input: input) else { return }
        Self.expectSame(try Self.pullfeed(query, input: input), expected, query)
    }

    @Test(arguments: ["lib", "usrbin", "pyth", "^/usr/share .py$", "conf !share", "'lib | 'bin"])
    func systemPathsRankAsFzfRanksThem(query: String) throws {
        let input = try Self.lines(of: "find /usr -maxdepth 4 | head -20000")
        guard let expected = try Self.fzf(query, input: input) else { return }
        Self.expectSame(try Self.pullfeed(query, input: input), expected, query)
    }

    /// The one-walk filter (matched and scored together, on every core, from a shorter text's
    /// rows or from all) gives what fzf gives, on more rows than one thread takes.
    @Test(arguments: ["rdme", "src !test", "'read | make"])
    func theOneWalkFilterOnManyRowsRanksAsFzf(query: String) throws {
        let input = Array((0..<30).map { _ in Self.madeUp }.joined())
        let snapshot = StringsTextSnapshot(texts: input)
        let pattern = try #require(try TextPattern(query, syntax: .fuzzy))
        let fuzzy = try #require(pattern.fuzzy)
        let all = try #require(ListFinder.fuzzyFilter(fuzzy, in: snapshot, range: 0..<input.count))
        // From a broader text's rows (every third row and the matches), and from a few rows.
        let broader = RowSet((0..<input.count).filter { $0 % 3 == 0 || all.matches.contains($0) })
        let narrowed = try #require(ListFinder.fuzzyFilter(fuzzy, in: snapshot, range: 0..<input.count, among: broader))
        let few = RowSet(all.matches.prefix(50))
        let fromFew = try #require(ListFinder.fuzzyFilter(fuzzy, in: snapshot, range: 0..<input.count, among: few))
        #expect(all.matches == ListFinder.matchingRowSet(pattern, in: snapshot, range: 0..<input.count))
        #expect(all.ranking == narrowed.ranking && all.matches == narrowed.matches)
        #expect(fromFew.matches == few && fromFew.ranking.rows == all.ranking.rows.filter { few.contains($0) })
        #expect(all.matches.count == all.ranking.count)
        guard let expected = try Self.fzf(query, input: input) else { return }
        Self.expectSame(all.ranking.rows.map { input[$0] }, expected, query)
    }

    /// Lines held as one buffer, handed out in runs of many rows, as a file's lines are.
    struct JoinedLines: ListTextSnapshot {
        let bytes: [UInt8]
        let starts: [Int]
        var rowCount: Int { starts.count - 1 }
        var sectionHeaders: [Int] { [] }

        init(_ lines: [String]) {
            var bytes: [UInt8] = []
            var starts: [Int] = []
            for line in lines {
                starts.append(bytes.count)
                bytes += Array(line.utf8) + [UInt8(ascii: "\n")]
            }
            starts.append(bytes.count)
            (self.bytes, self.starts) = (bytes, starts)
        }

        func forEachRowText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
            bytes.withUnsafeBufferPointer { all in
                for row in range where !body(row, UnsafeBufferPointer(rebasing: all[starts[row]..<starts[row + 1] - 1])) { return }
            }
        }

        /// Runs of 100 rows.
        func forEachRowBlock(in range: Range<Int>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Bool) {
            bytes.withUnsafeBufferPointer { all in
                var first = range.lowerBound
                while first < range.upperBound {
                    let end = Swift.min(range.upperBound, first + 100)
                    if !body(first, end - first, UnsafeBufferPointer(rebasing: all[starts[first]..<starts[end]])) { return }
                    first = end
                }
            }
        }
    }

    /// Lines read in runs, some runs with coloured lines (escape sequences, which the screen
    /// does not show) and tabs among plain ones, others all plain: each line is matched and
    /// ranked by what it shows, as the same lines without their escapes are.
    @Test(arguments: ["amber", "rdme", "mk", "31m"])
    func linesInRunsAreRankedByWhatTheyShow(query: String) throws {
        var random = SeededRandom(seed: 7)
        let shown = Array(Self.madeUp.prefix(1000))
        let read = shown.enumerated().map { row, line in
            // Rows 300..<500 are plain: whole runs without a byte to convert.
            guard row < 300 || row >= 500, random.next() % 4 == 0 else { return line }
            return random.next() % 2 == 0 ? "\u{1B}[31m" + line + "\u{1B}[0m" : line.replacingOccurrences(of: " ", with: "\t")
        }
        let visible = read.map { line in line.utf8CString.withUnsafeBufferPointer { chars in
            chars.withMemoryRebound(to: UInt8.self) { VisibleLine.visibleText(of: UnsafeBufferPointer(rebasing: $0.dropLast())) }
        } }
        let fuzzy = try #require(try TextPattern(query, syntax: .fuzzy)?.fuzzy)
        let found = try #require(ListFinder.fuzzyFilter(fuzzy, in: JoinedLines(read), range: 0..<read.count))
        let expected = try #require(ListFinder.fuzzyFilter(fuzzy, in: StringsTextSnapshot(texts: visible), range: 0..<read.count))
        #expect(found.ranking == expected.ranking)
        #expect(found.matches == expected.matches)
        #expect(read != visible)
    }
}
