import Foundation
import Testing

/// Streams past their memory budget, in tmux (`PULLFEED_SPILL_BUDGET` makes them spill after a
/// few bytes, so a test need not pipe megabytes): a line in the spilled part is found and
/// printed exactly, `--max-disk` drops the oldest lines and the title counts them, the spill
/// files have no name (nothing is left after `kill -9`), and a folder that cannot be written
/// keeps the stream in memory and says so.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct StreamSpillEndToEndTests {
    /// The shell text that pipes `input` (a shell command) into the app, spilling after
    /// `budget` bytes into `folder`.
    func piped(_ input: String, budget: Int, folder: String) -> String {
        "\(input) | PULLFEED_SPILL_BUDGET=\(budget) TMPDIR=\(Tmux.shellQuote(folder))"
    }

    func spillFolder(in directory: String) -> String {
        let folder = directory + "/spill"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The targets of the app's open descriptors.
    func openFiles(of pid: Int32) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
    }

    /// Searches for `pattern`, waits for a selected row that starts with `shown`, presses Enter
    /// and returns what the app printed to `output` (it must exit 0).
    func searchAndPrint(_ pattern: String, selecting shown: String, in session: HardeningSession, output: String) throws -> [UInt8] {
        session.tmux.sendKeys("/")
        session.tmux.sendKeys(pattern, literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitUntil(timeout: 10, "\(shown) selected") { _ in session.selectedText()?.hasPrefix(shown) == true }
        session.tmux.sendKeys("Enter")
        #expect(try session.exitStatus() == 0)
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    @Test func aLineInTheSpilledPartIsFoundAndPrintedExactly() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let needle = "needle 中文 é\ttab ✓ end"
        var lines = (1...20_000).map { "line \($0) some words" }
        lines[15_000] = needle
        let input = HardeningSession.fixture("in.txt", in: directory, Array((lines.joined(separator: "\n") + "\n").utf8))
        let session = try HardeningSession([], directory: directory,
                                           prefix: piped("cat \(Tmux.shellQuote(input))", budget: 2_000, folder: folder),
                                           redirections: "> out.txt")
        try session.tmux.waitFor("line 1 some words")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("line 20000 some words")
        let pid = try session.appPID()
        #expect(openFiles(of: pid).contains { $0.hasPrefix(folder + "/pullfeed-spill.") && $0.hasSuffix("(deleted)") })
        let printed = try searchAndPrint("needle 中文", selecting: "needle 中文", in: session, output: directory + "/out.txt")
        #expect(printed == Array((needle + "\n").utf8))
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
    }

    /// Invalid UTF-8 and NUL bytes in the spilled part, and a colour around them: Enter prints
    /// the bytes read, without the colour sequences, not the replacement characters shown.
    @Test func enterPrintsTheBytesReadInvalidUTF8AndNULIncluded() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let odd: [UInt8] = Array("odd ".utf8) + [0xFF, 0xFE, 0x20, 0x00, 0x20, 0xC3, 0x1B] + Array("[31mred".utf8)
            + [0x1B] + Array("[m \u{4E2D} end".utf8)
        var input: [UInt8] = []
        for n in 1...20_000 {
            input += n == 15_000 ? odd : Array("line \(n) some words".utf8)
            input.append(0x0A)
        }
        let file = HardeningSession.fixture("in.bin", in: directory, input)
        let session = try HardeningSession([], directory: directory,
                                           prefix: piped("cat \(Tmux.shellQuote(file))", budget: 2_000, folder: folder),
                                           redirections: "> out.txt")
        try session.tmux.waitFor("line 1 some words")
        let printed = try searchAndPrint("^odd", selecting: "odd", in: session, output: directory + "/out.txt")
        let expected: [UInt8] = Array("odd ".utf8) + [0xFF, 0xFE, 0x20, 0x00, 0x20, 0xC3] + Array("red \u{4E2D} end\n".utf8)
        #expect(printed == expected)
    }

    /// The stream ends while a search for a missing text goes through its spilled part: the
    /// search ends with "Pattern not found" once the last line is read, and the app goes on.
    @Test func theStreamEndingWhileASearchRunsEndsTheSearch() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let writes = "for i in $(seq 0 19); do seq $((i*10000+1)) $((i*10000+10000)); sleep 0.03; done"
        let session = try HardeningSession([], directory: directory, prefix: piped("(\(writes))", budget: 2_000, folder: folder))
        try session.tmux.waitUntil(timeout: 10, "the first line") { _ in session.selectedText() == "1" }
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("^nowhere$", literal: true)
        session.tmux.sendKeys("Enter")
        try session.tmux.waitFor("Pattern not found: ^nowhere$", timeout: 20)
        #expect(session.screenLines()[0].hasSuffix(" 200,000 items"), "\(session.screenLines()[0])")
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil(timeout: 10, "the last line") { _ in session.selectedText() == "200000" }
    }

    @Test func maxDiskDropsTheOldestLinesAndTheTitleCountsThem() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let session = try HardeningSession(["--max-disk", "256K"], directory: directory,
                                           prefix: piped("seq 1 300000", budget: 1_000, folder: folder))
        try session.tmux.waitFor("items")
        session.tmux.sendKeys("End")
        let screen = try session.tmux.waitFor("300000", timeout: 20)
        let title = screen.components(separatedBy: "\n")[0]
        let dropped = try #require(title.range(of: #"[0-9,]+ dropped"#, options: .regularExpression).map { String(title[$0]) })
        let count = try #require(Int(dropped.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: " dropped", with: "")))
        #expect(count > 200_000 && count < 300_000, "\(title)")
        #expect(title.contains("\(groupedCount(300_000 - count)) items"), "\(title)")
        session.tmux.sendKeys("g")
        try session.tmux.waitUntil(timeout: 5, "the first kept line") { _ in session.selectedText() == "\(count + 1)" }
    }

    /// A disk that fills during the run, made by a file size limit (`ulimit -f`, SIGXFSZ
    /// ignored as a shell's `trap ''` leaves it): the oldest lines are dropped, the status line
    /// says so, the newest lines are all there and the app goes on.
    @Test func aDiskThatFillsDropsTheOldestLinesAndSaysSo() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let session = try HardeningSession([], directory: directory, columns: 160,
                                           prefix: "trap '' XFSZ; ulimit -f 400; " + piped("seq 1 300000", budget: 1_000, folder: folder))
        try session.tmux.waitFor("items")
        session.tmux.sendKeys("End")
        let screen = try session.tmux.waitFor("No space left in \(folder): the oldest lines were dropped", timeout: 20)
        #expect(!screen.contains("Error"), "\(screen)")
        try session.tmux.waitUntil(timeout: 20, "the last line") { _ in session.selectedText() == "300000" }
        let title = session.screenLines()[0]
        #expect(title.contains("dropped"), "\(title)")
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test func nothingIsLeftBehindAfterKill9() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let session = try HardeningSession([], directory: directory,
                                           prefix: piped("{ seq 1 50000; sleep 600; }", budget: 0, folder: folder))
        try session.tmux.waitFor("items")
        let pid = try session.appPID()
        try session.tmux.waitUntil(timeout: 10, "a spill file") { _ in
            openFiles(of: pid).contains { $0.hasPrefix(folder + "/pullfeed-spill.") }
        }
        #expect(openFiles(of: pid).filter { $0.hasPrefix(folder) }.allSatisfy { $0.hasSuffix("(deleted)") })
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
        kill(pid, SIGKILL)
        try session.tmux.waitUntil(timeout: 10, "the app gone") { _ in !FileManager.default.fileExists(atPath: "/proc/\(pid)/status") }
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
    }

    /// Small and large writes, pauses, a last line without a newline, and a spill half-way:
    /// every line is shown on the first run and on every refresh.
    @Test func everyLineWrittenIsShownOnEveryStartAndRefresh() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let script = HardeningSession.fixture("writer.sh", in: directory, Array("""
            i=0
            while [ $i -lt 300 ]; do
              printf 'line %d\\n' $i
              if [ $((i % 50)) -eq 0 ]; then sleep 0.05; seq -f "bulk $i %g" 1 1000; fi
              if [ $((i % 7)) -eq 0 ]; then printf 'half '; sleep 0.02; printf 'a line %d\\n' $i; fi
              i=$((i + 1))
            done
            printf 'last without newline'
            """.utf8))
        let expected = 300 + 6 * 1_000 + 43 + 1
        let command = "sh \(Tmux.shellQuote(script))"
        for (arguments, prefix) in [(["--command", command], "PULLFEED_SPILL_BUDGET=3000 TMPDIR=\(Tmux.shellQuote(folder))"),
                                    ([], piped(command, budget: 3_000, folder: folder))] {
            // End is pressed at once, before the first lines show: the run goes on after them.
            let session = try HardeningSession(arguments, directory: directory, prefix: prefix)
            for refresh in 0..<3 {
                if refresh > 0 {
                    session.tmux.sendKeys("r")
                    try session.tmux.waitFor("No new items", timeout: 20)
                }
                session.tmux.sendKeys("End")
                try session.tmux.waitUntil(timeout: 20, "every line, refresh \(refresh)") { screen in
                    screen.components(separatedBy: "\n")[0].hasSuffix(" \(groupedCount(expected)) items")
                        && session.selectedText() == "last without newline"
                }
                session.tmux.sendKeys("/")
                session.tmux.sendKeys("half a line 294", literal: true)
                session.tmux.sendKeys("Enter")
                try session.tmux.waitUntil(timeout: 10, "the line written in two parts") { _ in session.selectedText() == "half a line 294" }
            }
        }
    }

    @Test func aFolderThatCannotBeWrittenKeepsTheStreamInMemoryAndSaysSo() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = "/nonexistent/spill"
        let session = try HardeningSession([], directory: directory, prefix: piped("seq 1 20000", budget: 1_000, folder: missing))
        try session.tmux.waitFor("Cannot write to \(missing): the stream is kept in memory")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("20,000 items")
        #expect(session.selectedText() == "20000")
    }

    /// Ctrl-Z while End reads a stream on into its spill, then `fg`: reading goes on where it
    /// stopped, every line arrives once, and a line in the spilled part is still found.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash for job control"))
    func ctrlZAndFgDuringASpillLoseNothing() throws {
        let binary = try #require(Tmux.builtProduct("pullfeed"), "pullfeed is not built: run `swift build` first")
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = spillFolder(in: directory)
        let tmux = try Tmux(command: ["bash", "--norc", "--noprofile", "-i"],
                            environment: ["PS1": "$ ", "SWIFT_BACKTRACE": "enable=no", "XDG_STATE_HOME": directory])
        defer { tmux.kill() }
        try tmux.waitFor("$")
        // A writer that takes a while, so Ctrl-Z lands in the middle of the spill.
        let writer = "for i in $(seq 0 39); do seq $((i*5000+1)) $((i*5000+5000)); sleep 0.05; done"
        tmux.sendKeys("(\(writer)) | PULLFEED_SPILL_BUDGET=2000 TMPDIR=\(Tmux.shellQuote(folder)) \(Tmux.shellQuote(binary.path))", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitFor("items")
        tmux.sendKeys("End")
        try tmux.waitFor("following")
        tmux.sendKeys("C-z")
        try tmux.waitFor("Stopped")
        usleep(300_000)
        tmux.sendKeys("fg", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitUntil(timeout: 30, "every line after fg") { screen in
            screen.components(separatedBy: "\n")[0].hasSuffix(" 200,000 items")
                && screen.components(separatedBy: "\n").contains { $0.hasPrefix("›") && $0.contains("200000") }
        }
        tmux.sendKeys("/")
        tmux.sendKeys("^1234$", literal: true)
        tmux.sendKeys("Enter")
        try tmux.waitUntil(timeout: 10, "a spilled line found") { screen in
            screen.components(separatedBy: "\n").contains { $0 == "›1234" }
        }
        tmux.sendKeys("q")
        try tmux.waitFor("$ ")
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder)).isEmpty)
    }
}
