import Foundation
import Testing

/// The fuzzy filter in the real binary, in tmux, against `fzf -f` on the same 300 lines: the
/// rows and their order, fzf's extended syntax counted as fzf counts it, Enter printing the
/// best row, and Ctrl-R going round to `Fuzzy &`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct FuzzyFilterEndToEndTests {
    typealias Session = EveryTerminalTests.Session

    static let fzfPath = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// 300 real paths: the documentation directory (or, where it is thin, the system's files).
    static let items: [String] = {
        let listed = run("/bin/sh", ["-c", "{ find /usr/share/doc; find /usr/lib; } 2>/dev/null | head -300"], input: nil)
        return listed.split(separator: "\n").map(String.init)
    }()

    static func run(_ path: String, _ arguments: [String], input: String?) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FZF_DEFAULT_OPTS"] = ""
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        guard (try? process.run()) != nil else { return "" }
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inputPipe.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What `fzf -f query` prints for the items, nil without fzf.
    static func fzf(_ query: String) -> [String]? {
        guard let fzfPath else { return nil }
        let printed = run(fzfPath, ["-f", query], input: items.joined(separator: "\n") + "\n")
        return printed.split(separator: "\n").map(String.init)
    }

    func session(_ arguments: [String] = ["--fuzzy"]) throws -> Session {
        let session = try Session(["--file", "items.txt"] + arguments, term: "tmux-256color", items: Self.items, columns: 120, rows: 30)
        try session.waitForSelection(Self.items[0])
        return session
    }

    /// The rows of the list on the screen (between the title and the footer or the status line).
    func shownRows(_ session: Session) -> [String] {
        var rows: [String] = []
        for line in session.lines().dropFirst().prefix(27) {
            var row = String(line.dropFirst())
            while row.last == " " { row.removeLast() }
            if row.isEmpty || row.hasPrefix(" ") { break }
            rows.append(row)
        }
        return rows
    }

    @Test func aFuzzyQueryShowsFzfsRowsInFzfsOrderAndEnterPrintsTheBest() throws {
        guard let expected = Self.fzf("rdme"), !expected.isEmpty else { return }
        let session = try session()
        session.tmux.sendKeys("&rdme", literal: true)
        try session.tmux.waitFor("Fuzzy &rdme")
        try session.tmux.waitFor(" \(expected.count) of 300 items")
        let rows = shownRows(session)
        #expect(rows == Array(expected.prefix(rows.count)), "\(rows) vs fzf's \(expected)")
        #expect(session.selected()?.contains(expected[0]) == true)
        session.tmux.sendKeys("Enter")
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        try session.tmux.waitFor("pullfeed exited with 0")
        #expect(session.lines().contains(expected[0]))
    }

    @Test(arguments: ["^src .swift$", "!test main", "'read | make", "core !.md", "^/usr/share/doc .gz$", "doc !gz", "'copy | change"])
    func extendedSyntaxCountsAsFzfCounts(query: String) throws {
        guard let expected = Self.fzf(query) else { return }
        let session = try session()
        session.tmux.sendKeys("&" + query, literal: true)
        try session.tmux.waitFor("Fuzzy &" + query)
        try session.tmux.waitFor(" \(expected.count) of 300 items")
        let rows = shownRows(session)
        #expect(rows == Array(expected.prefix(rows.count)), "\(query): \(rows) vs fzf's \(expected)")
    }

    @Test func ctrlRGoesRoundToFuzzy() throws {
        guard let expected = Self.fzf("rdme") else { return }
        let session = try session([])
        session.tmux.sendKeys("&rdme", literal: true)
        try session.tmux.waitFor("&rdme")
        session.tmux.sendKeys("C-r")
        try session.tmux.waitFor("Literal &rdme")
        session.tmux.sendKeys("C-r")
        try session.tmux.waitFor("Fuzzy &rdme")
        try session.tmux.waitFor(" \(expected.count) of 300 items")
        session.tmux.sendKeys("C-r")
        try session.tmux.waitUntil("regular expression again") { $0.contains("\n&rdme") }
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil("prompt closed") { !$0.contains("&rdme") }
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }
}
