import Foundation
import Testing

/// Real data that keeps coming, driven through the real binary in tmux: a slow pipe, a file
/// that grows, is truncated or replaced while shown, and a large file's End.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct LiveDataTests {
    typealias Session = EveryTerminalTests.Session

    /// Appends `text` to the file at `path`.
    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// A slow pipe: its first line shows long before a page is full, later lines are appended
    /// without a key, and while the pipe is open the footer says so instead of "No more data".
    @Test func aSlowPipeShowsEachLineAsItComes() throws {
        let session = try Session([], term: "tmux-256color",
                                  prefix: "(for i in $(seq 40); do echo line $i; sleep 0.1; done) |")
        let start = Date()
        _ = try session.tmux.waitFor("line 1", timeout: 5)
        #expect(Date().timeIntervalSince(start) < 3, "the first line waited for a page")
        _ = try session.tmux.waitFor("Waiting for more...", timeout: 5)
        #expect(!session.tmux.capture().contains("No more data"))
        // No key pressed: the count grows as lines come.
        try session.tmux.waitUntil(timeout: 10, "the count to reach 40") { $0.contains("40 items") }
        #expect(session.selected()?.contains("line 1") == true, "the view moved without following")
        // Once the pipe is closed, its end says there is no more.
        session.tmux.sendKeys("End")
        _ = try session.tmux.waitFor("No more data", timeout: 5)
        #expect(!session.tmux.capture().contains("following"))
    }

    /// End on a pipe follows it: lines that come stay in view; Up stops following.
    @Test func endFollowsAPipe() throws {
        let session = try Session([], term: "tmux-256color",
                                  prefix: "(for i in $(seq 60); do echo line $i; sleep 0.1; done) |")
        _ = try session.tmux.waitFor("line 1", timeout: 5)
        session.tmux.sendKeys("End")
        _ = try session.tmux.waitFor("· following", timeout: 5)
        // The selection moves with the lines that come, past what the first screen held.
        try session.tmux.waitUntil(timeout: 10, "the selection to follow past line 30") { screen in
            screen.components(separatedBy: "\n").contains { row in
                row.hasPrefix("›line ") && (Int(row.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0) > 30
            }
        }
        session.tmux.sendKeys("Up")
        try session.tmux.waitUntil(timeout: 5, "following to stop") { !$0.contains("following") }
        let held = session.selected()
        _ = try session.tmux.waitFor("60 items", timeout: 10)
        #expect(session.selected() == held)
    }

    /// A file that grows while End follows it; truncated and replaced files reload with a
    /// toast, and a deleted one keeps what is shown.
    @Test func aGrowingFileIsFollowedAndRotationsReload() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = EveryTerminalTests.writeLines((1...50).map { "old \($0)" }, in: directory, name: "app.log")
        let session = try Session(["--file", path], term: "tmux-256color")
        try session.waitForSelection("old 1")
        session.tmux.sendKeys("End")
        try session.waitForSelection("old 50")
        _ = try session.tmux.waitFor("· following")
        try Self.append("new 1\nnew 2\n", to: path)
        try session.waitForSelection("new 2", timeout: 5)
        _ = try session.tmux.waitFor("52 items")

        // Truncated (copytruncate): reloaded from the new contents, said in a toast.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.truncateFile(atOffset: 0)
        handle.write(Data("fresh 1\n".utf8))
        try handle.close()
        _ = try session.tmux.waitFor("File was truncated; reloaded", timeout: 5)
        _ = try session.tmux.waitFor("1 item", timeout: 5)
        #expect(!session.tmux.capture().contains("old "))

        // Replaced (rename and create): the new file is shown.
        #expect(rename(path, path + ".1") == 0)
        _ = EveryTerminalTests.writeLines(["rotated 1", "rotated 2"], in: directory, name: "app.log")
        _ = try session.tmux.waitFor("File was replaced; reloaded", timeout: 5)
        _ = try session.tmux.waitFor("rotated 2", timeout: 5)
        #expect(!session.tmux.capture().contains("fresh 1"))

        // Deleted: what is shown stays.
        unlink(path)
        _ = try session.tmux.waitFor("File was deleted", timeout: 5)
        #expect(session.tmux.capture().contains("rotated 2"))
    }

    /// End on a file far larger than what is counted at once shows its last lines while the
    /// rest is counted, and the title says counting is under way until the count is right.
    /// `PULLFEED_E2E_BIG=1` uses a 1 GB file; the default run uses about 60 MB.
    @Test func endOnALargeFileShowsItsLastLinesAtOnce() throws {
        let big = ProcessInfo.processInfo.environment["PULLFEED_E2E_BIG"] == "1"
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.txt"
        let lineCount = big ? 19_000_000 : 1_000_000
        let block = (1...10_000).map { "entry \(String(format: "%07d", $0)) some words to make the line longer than it needs\n" }.joined()
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        for _ in 0..<(lineCount / 10_000 - 1) { handle.write(Data(block.utf8)) }
        handle.write(Data(block.replacingOccurrences(of: "entry 0010000", with: "the very last").utf8))
        try handle.close()

        let session = try Session(["--file", path], term: "tmux-256color")
        _ = try session.tmux.waitFor("entry 0000001")
        session.tmux.sendKeys("End")
        try session.waitForSelection("the very last", timeout: 5)
        try session.tmux.waitUntil(timeout: 60, "the full count") { $0.contains("\(groupedCount(lineCount)) items") }
        #expect(session.selected()?.contains("the very last") == true)
        session.tmux.sendKeys("Home")
        try session.waitForSelection("entry 0000001")
        session.tmux.sendKeys("End")
        try session.waitForSelection("the very last")
    }

    /// A writer already waiting on a FIFO loses nothing: the app's check that the FIFO can be read
    /// does not open it (opening and closing it would let the writer start with no reader, and
    /// die of SIGPIPE). Several times, as the gap it fell into was short.
    @Test func aWriterWaitingOnTheFifoLosesNothing() throws {
        for attempt in 1...5 {
            let session = try Session(["--file", "fifo"], term: "tmux-256color",
                                      prefix: "mkfifo fifo; (seq 1 200000 > fifo; echo $? > writer) & sleep 0.2;")
            try session.waitForSelection("1")
            // End reads the stream to its end (it holds a little ahead of the rows shown until then).
            session.tmux.sendKeys("End")
            _ = try session.tmux.waitFor("200,000 items", timeout: 20)
            try session.tmux.waitUntil("the writer's status") { _ in !session.file("writer").isEmpty }
            #expect(session.file("writer") == "0", "attempt \(attempt): the writer ended with \(session.file("writer"))")
            session.tmux.sendKeys("q")
            _ = try session.exitStatus()
        }
    }

    /// A FIFO whose writer never comes shows that it waits; the keys still work.
    @Test func aFifoWithoutAWriterWaits() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let session = try Session(["--file", path], term: "tmux-256color")
        _ = try session.tmux.waitFor("Waiting for more...", timeout: 5)
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
    }
}
