import Foundation
import Testing

/// Streams as a new user meets them in the first hour: `yes` searched and filtered, then the
/// search cancelled; a command that never ends (`tail -f`); a small pipe that has ended; an
/// interval too short to be useful. Each test drives the built binary in tmux.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: skipping the end-to-end tests (apt-get install tmux)"))
struct StreamWorkflowTests {
    /// The title's item count as shown (`1000`, `200+`), if the title ends with one.
    func titleCount(_ session: HardeningSession) -> String? {
        let words = (session.screenLines().first ?? "").split(separator: " ")
        guard let last = words.last, last == "items" || last == "item", words.count >= 2 else { return nil }
        return String(words[words.count - 2])
    }

    /// Bytes in the spill files `pid` holds open in `folder` (they have no name: only their
    /// descriptors tell how much the stream put on disk).
    func spilledBytes(of pid: Int32, in folder: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.reduce(0) { total, fd in
            let link = "/proc/\(pid)/fd/\(fd)"
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link), target.hasPrefix(folder + "/") else {
                return total
            }
            var info = stat()
            return stat(link, &info) == 0 ? total + Int(info.st_size) : total
        }
    }

    /// `yes` piped in, a search (`/`) or a filter (`&`) for text it never writes, then Esc:
    /// reading stops within a moment (what is on disk no longer grows, the app uses no CPU),
    /// and End follows the stream again. (Before, the search's pages asked the stream to read
    /// on to its end, and nothing withdrew that: it read `yes` at full speed for good.)
    /// `&+Enter` is a filter kept with Enter (`Filtering… — Esc cancels` while it looks through
    /// the stream): Esc stops it as it stops a search.
    @Test(arguments: ["/", "&", "&+Enter"])
    func cancellingASearchOrAFilterStopsReadingAnEndlessStream(key: String) throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = directory + "/spill"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let session = try HardeningSession([], directory: directory,
                                           prefix: "yes | PULLFEED_SPILL_BUDGET=100000 TMPDIR=\(Tmux.shellQuote(folder))")
        try session.tmux.waitUntil("the first line") { _ in session.selectedText() == "y" }
        let pid = try session.appPID()
        session.tmux.sendKeys(String(key.prefix(1)))
        session.tmux.sendKeys("zqxj", literal: true)
        if key != "&" { session.tmux.sendKeys("Enter") }
        if key == "&+Enter" { try session.tmux.waitFor("Filtering… — Esc cancels") }
        // A kept filter looks on through the stream for a while first (pages and the lines
        // that came meanwhile pile up: many more rows for it to take in).
        let read = key == "&+Enter" ? 64 << 20 : 1 << 20
        try session.tmux.waitUntil(timeout: 30, "the stream to be read to disk") { _ in spilledBytes(of: pid, in: folder) > read }
        session.tmux.sendKeys("Escape")
        try session.tmux.waitUntil(timeout: 5, "the work to stop") { screen in
            !screen.contains("Searching") && !screen.contains("Filtering") && !screen.contains("&zqxj")
        }
        // What was asked for and read ahead arrives; then nothing is read.
        usleep(700_000)
        let probe = ProcessProbe(pid: pid)
        let ticks = try #require(probe.cpuTicks)
        let spilled = spilledBytes(of: pid, in: folder)
        usleep(2_000_000)
        let ticksLater = try #require(probe.cpuTicks)
        let spilledLater = spilledBytes(of: pid, in: folder)
        #expect(spilledLater == spilled, "the stream is still read: \(spilled) -> \(spilledLater) bytes on disk")
        // Clock ticks are hundredths of a second: an idle app uses none in 2 s (a few for a frame).
        #expect(ticksLater - ticks <= 10, "an idle app used \(ticksLater - ticks) ticks in 2 s")
        session.tmux.sendKeys("End")
        try session.tmux.waitFor("following")
        try session.tmux.waitUntil(timeout: 10, "reading on while following") { _ in spilledBytes(of: pid, in: folder) > spilledLater + (1 << 20) }
    }

    /// A search through a long stream counts the lines it went through as every count is shown:
    /// grouped (`Searching… 120,000 lines`, not `120000`).
    @Test func aSearchsProgressCountIsGrouped() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try HardeningSession([], directory: directory, prefix: "yes | TMPDIR=\(Tmux.shellQuote(directory))")
        try session.tmux.waitUntil("the first line") { _ in session.selectedText() == "y" }
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("zqxj", literal: true)
        session.tmux.sendKeys("Enter")
        let progress = try session.tmux.waitUntil(timeout: 30, "a search past 10,000 lines") { screen in
            screen.range(of: #"Searching… [0-9,]{6,} lines"#, options: .regularExpression) != nil
        }
        #expect(progress.range(of: #"Searching… [0-9]{1,3}(,[0-9]{3})+ lines — Esc cancels"#, options: .regularExpression) != nil, "\(progress)")
        session.tmux.sendKeys("Escape")
    }

    /// A `--command` still running with more to read (its reader holds past what was read
    /// ahead) says more may come, `167,424+ items`, as a pipe does; once it ended, the count is
    /// exact.
    @Test func aRunningCommandsCountSaysMoreMayCome() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try HardeningSession(["--command", "seq 1000000"], directory: directory, prefix: "TMPDIR=\(Tmux.shellQuote(directory))")
        try session.tmux.waitUntil("the first line") { _ in session.selectedText() == "1" }
        try session.tmux.waitUntil("the count") { _ in titleCount(session)?.hasSuffix("+") == true }
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil(timeout: 30, "the whole output") { _ in titleCount(session) == "1,000,000" }
    }

    /// A search through a stream that drops its oldest lines as it goes (a small `--max-disk`)
    /// goes on past the drops and finds a line that comes after them. (Before, the first drop
    /// stopped it: "Search cancelled".)
    @Test func aSearchGoesOnWhileAStreamDropsItsOldestLines() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = directory + "/spill"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let session = try HardeningSession(["--max-disk", "1M"], directory: directory,
                                           prefix: "(yes | head -n 6000000; echo needle; sleep 60) | PULLFEED_SPILL_BUDGET=100000 TMPDIR=\(Tmux.shellQuote(folder))")
        try session.tmux.waitUntil("the first line") { _ in session.selectedText() == "y" }
        session.tmux.sendKeys("/")
        session.tmux.sendKeys("needle", literal: true)
        session.tmux.sendKeys("Enter")
        let screen = try session.tmux.waitUntil(timeout: 60, "the match or the end of the search") { screen in
            session.selectedText() == "needle" || screen.contains("Search cancelled") || screen.contains("Pattern not found")
        }
        #expect(session.selectedText() == "needle", "\(screen)")
        #expect(screen.contains(" dropped"), "lines were dropped on the way: \(screen)")
    }

    /// A small pipe that has ended counts exactly, as a file does: `seq 1000` is `1,000 items`
    /// (not `200+`), and a filter counts every matching line (not those of the first page).
    @Test func aSmallFinishedPipeCountsExactly() throws {
        let session = try HardeningSession([], prefix: "seq 1000 |")
        try session.tmux.waitUntil("the count") { _ in titleCount(session) == "1,000" }
        session.tmux.sendKeys("&")
        session.tmux.sendKeys("5", literal: true)
        try session.tmux.waitFor("271 of 1,000 items")
        session.tmux.sendKeys("Enter")
        session.tmux.sendKeys("End")
        try session.tmux.waitUntil("the last match") { _ in session.selectedText() == "995" }
    }

    /// `--every` has a floor of 0.1 s, as `watch` has: below it is a usage error that names it.
    @Test(arguments: ["0.001", "0.09", "0"])
    func everyBelowATenthOfASecondIsAUsageError(value: String) throws {
        let session = try HardeningSession(["--every", value])
        #expect(try session.exitStatus() == 2)
        let screen = session.tmux.capture().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("pullfeed: --every must be at least 0.1 seconds (got \(value))"), "\(screen)")
    }

    @Test func everyOfATenthOfASecondRuns() throws {
        let session = try HardeningSession(["--every", "0.1", "--command", "echo tick"])
        try session.tmux.waitFor("tick")
        _ = try session.appPID()
        session.tmux.sendKeys("q")
        #expect(try session.exitStatus() != 2)
    }

    /// A `--command` that keeps writing (`tail -f`) is a stream: it runs past the default
    /// `--timeout` (30 s) and its later lines still come; `r` restarts it, and quitting stops it.
    /// (Before, it was killed at 30 s, and the list looked normal but stayed as it was.)
    @Test func aStreamingCommandRunsUntilItEnds() throws {
        let directory = HardeningSession.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/app.log"
        try "line 1\n".write(toFile: log, atomically: true, encoding: .utf8)
        let session = try HardeningSession(["--command", "echo run >> runs; exec tail -n +1 -f \(Tmux.shellQuote(log))"], directory: directory)
        let started = Date()
        try session.tmux.waitFor("line 1")
        let pid = try session.appPID()
        // The `tail` processes reading the log (the app and the shells name it too).
        let tails = { ProcessProbe.all.filter { probe in
            let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(probe.pid)/cmdline"))) ?? Data()
            let words = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return probe.isAlive && words.first?.hasSuffix("tail") == true && words.contains(log)
        } }
        usleep(useconds_t(max(0, 32 - Date().timeIntervalSince(started)) * 1_000_000))
        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data("line 2\n".utf8))
        try handle.close()
        let screen = try session.tmux.waitFor("line 2", timeout: 10)
        #expect(!screen.contains("timed out"), "\(screen)")
        #expect(tails().count == 1)
        session.tmux.sendKeys("r")
        let runs = { (try? String(contentsOfFile: directory + "/runs", encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        try session.tmux.waitUntil(timeout: 10, "a second run") { _ in runs() == 2 }
        try session.tmux.waitUntil(timeout: 10, "the first run to be stopped") { _ in tails().count == 1 }
        session.tmux.sendKeys("q")
        _ = try session.exitStatus()
        #expect(!ProcessProbe(pid: pid).isAlive)
        try session.tmux.waitUntil(timeout: 5, "quitting to stop the command") { _ in tails().isEmpty }
    }
}
